import type { BusinessAccount, Message, PhoneNumber, Template } from './model';

/**
 * Webhook payloads in the Meta Cloud API envelope:
 *   { object: "whatsapp_business_account", entry: [{ id, time, changes: [{ field, value }] }] }
 * The spec does not show the payloads (section 6); this is the shape the platform mirrors.
 */

function envelope(accountId: string, nowMs: number, field: string, value: unknown) {
	return {
		object: 'whatsapp_business_account',
		entry: [{ id: accountId, time: Math.floor(nowMs / 1000), changes: [{ field, value }] }],
	};
}

function metadata(number: PhoneNumber) {
	return {
		display_phone_number: number.wanumber.replace(/^\+/, ''),
		phone_number_id: number.phone_number_id,
	};
}

export function templateStatusEvent(account: BusinessAccount, template: Template, nowMs: number) {
	return envelope(account.id, nowMs, 'message_template_status_update', {
		event: template.status,
		// a number, as the Cloud API sends it; an ID that is not digits (idStyle opaque) as it is
		message_template_id: /^\d+$/.test(template.id) ? Number(template.id) : template.id,
		message_template_name: template.name,
		message_template_language: template.language,
		reason: template.rejected_reason ?? 'NONE',
	});
}

export interface StatusError {
	code: number;
	title: string;
	message: string;
}

export function messageStatusEvent(
	account: BusinessAccount,
	number: PhoneNumber,
	message: Message,
	status: 'sent' | 'delivered' | 'read' | 'failed',
	nowMs: number,
	error?: StatusError,
) {
	const category = message.type === 'template' ? 'utility' : 'service';
	return envelope(account.id, nowMs, 'messages', {
		messaging_product: 'whatsapp',
		metadata: metadata(number),
		statuses: [
			{
				id: message.id,
				status,
				timestamp: String(Math.floor(nowMs / 1000)),
				recipient_id: message.to,
				...(message.callbackData !== undefined
					? { biz_opaque_callback_data: message.callbackData }
					: {}),
				...(status === 'failed'
					? { errors: [{ ...error, error_data: { details: error?.message } }] }
					: {
							conversation: { id: `conv-${message.id.slice(-12)}`, origin: { type: category } },
							pricing: { billable: true, pricing_model: 'CBP', category },
						}),
			},
		],
	});
}

export function incomingMessageEvent(
	account: BusinessAccount,
	number: PhoneNumber,
	contact: { wa_id: string; name: string },
	message: Record<string, unknown>,
	nowMs: number,
) {
	return envelope(account.id, nowMs, 'messages', {
		messaging_product: 'whatsapp',
		metadata: metadata(number),
		contacts: [{ profile: { name: contact.name }, wa_id: contact.wa_id }],
		messages: [message],
	});
}
