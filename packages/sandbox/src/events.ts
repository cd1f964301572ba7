import type { WithheldNumber } from './config';
import { contactOf, numberField } from './customers';
import type { BusinessAccount, Customer, Message, PhoneNumber, Template } from './model';

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
	details: string;
}

/** Where the Cloud API's error codes are explained (the `href` of a failed receipt's errors). */
export const ERROR_CODES_HREF =
	'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';

/**
 * A receipt. `recipient_id` names the number the message was sent to (absent for a send by user
 * ID); `recipient_user_id` and `recipient_parent_user_id` the customer's user IDs when they have
 * them (a failed receipt of a send to a number leaves them out); sent, delivered and read carry
 * the customer's `contacts` when they have a user ID, and Meta's per-message `pricing`.
 */
export function messageStatusEvent(
	account: BusinessAccount,
	number: PhoneNumber,
	message: Message,
	status: 'sent' | 'delivered' | 'read' | 'played' | 'failed',
	nowMs: number,
	options: { error?: StatusError; customer?: Customer; withheld: WithheldNumber },
) {
	const { error, customer, withheld } = options;
	const failed = status === 'failed';
	const byUserId = message.to === undefined;
	// A send by user ID to a customer the sandbox does not know: the address is all it has.
	const userId =
		customer?.user_id ?? (message.recipient?.includes('.ENT.') ? undefined : message.recipient);
	const parentUserId =
		customer?.parent_user_id ??
		(customer === undefined && message.recipient?.includes('.ENT.')
			? message.recipient
			: undefined);
	const userIds = !(failed && !byUserId);
	const contacts =
		!failed && customer?.user_id !== undefined ? [contactOf(customer, withheld)] : undefined;
	return envelope(account.id, nowMs, 'messages', {
		messaging_product: 'whatsapp',
		metadata: metadata(number),
		...(contacts ? { contacts } : {}),
		statuses: [
			{
				id: message.id,
				status,
				timestamp: String(Math.floor(nowMs / 1000)),
				...(byUserId
					? numberField('recipient_id', undefined, withheld)
					: { recipient_id: message.to }),
				...(userIds && userId !== undefined ? { recipient_user_id: userId } : {}),
				...(userIds && parentUserId !== undefined
					? { recipient_parent_user_id: parentUserId }
					: {}),
				...(message.callbackData !== undefined
					? { biz_opaque_callback_data: message.callbackData }
					: {}),
				...(failed
					? {
							errors: [
								{
									code: error?.code,
									title: error?.title,
									message: error?.message,
									error_data: { details: error?.details },
									href: ERROR_CODES_HREF,
								},
							],
						}
					: {
							conversation: {
								id: `conv-${message.id.slice(-12)}`,
								origin: { type: message.pricing.category },
							},
							pricing: { ...message.pricing },
						}),
			},
		],
	});
}

/**
 * A customer's message: `contacts` names them, the message carries `from` / `from_user_id`.
 * Under `standby` when another app owns the chat (routing.ts): the same value, a copy.
 */
export function incomingMessageEvent(
	account: BusinessAccount,
	number: PhoneNumber,
	contacts: Record<string, unknown>[] | undefined,
	message: Record<string, unknown>,
	nowMs: number,
	field: 'messages' | 'standby' = 'messages',
) {
	return envelope(account.id, nowMs, field, {
		messaging_product: 'whatsapp',
		metadata: metadata(number),
		...(contacts ? { contacts } : {}),
		messages: [message],
	});
}

/** Any other change of a number (`user_preferences`, `calls`, `smb_message_echoes`, `user_id_update`). */
export function numberEvent(
	account: BusinessAccount,
	number: PhoneNumber,
	field: string,
	value: Record<string, unknown>,
	nowMs: number,
) {
	return envelope(account.id, nowMs, field, {
		messaging_product: 'whatsapp',
		metadata: metadata(number),
		...value,
	});
}
