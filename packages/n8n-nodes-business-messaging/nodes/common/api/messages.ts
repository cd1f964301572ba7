import type { IDataObject } from 'n8n-workflow';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';

/** What the API answered to a send (2.10; the rest in the Cloud API's shape). */
export interface SentMessage {
	/** The message ID, `wamid.…` (the one field of the answer the spec shows). */
	messageId?: string;
	/** The recipient's WhatsApp ID, when the API names it. */
	waId?: string;
	/** The message's first status, when the API gives one. */
	messageStatus?: string;
}

/** The send's answer, in the Cloud API's shape (the spec shows only the message ID). */
interface SendResponse {
	messages?: Array<{ id?: string; message_status?: string }>;
	contacts?: Array<{ wa_id?: string }>;
}

/**
 * POST /{phone_number_id}/messages (4.2) with one message of any type (`content` holds its
 * `type` and the object of that type). A send is not idempotent: it is never repeated blindly.
 */
export async function sendMessage(
	this: Context,
	message: { phoneNumberId: string; to: string; content: IDataObject; replyTo?: string },
	request: RequestContext = {},
): Promise<SentMessage> {
	const response = await requestJson<SendResponse>(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), { 'Phone number ID': message.phoneNumberId }, 'messages'),
			body: {
				messaging_product: 'whatsapp',
				recipient_type: 'individual',
				to: message.to,
				...message.content,
				// A reply (the Cloud API's `context`), on any type of message.
				...(message.replyTo ? { context: { message_id: message.replyTo } } : {}),
			},
			idempotent: false,
		},
		request,
	);
	const sent = response.messages?.[0] ?? {};
	const contact = response.contacts?.[0] ?? {};
	return {
		messageId: sent.id,
		...(contact.wa_id ? { waId: contact.wa_id } : {}),
		...(sent.message_status ? { messageStatus: sent.message_status } : {}),
	};
}

/** The values a template send fills in: its header, body variables and button parameters. */
export interface TemplateValues {
	/** `text`, or the media kind (`image`, `video`, `document`) given by a link or media ID. */
	header?: { format: string; value: string };
	body: string[];
	buttons: Array<{ index: string; kind: 'url' | 'copyCode'; value: string }>;
}

/**
 * A template message's content (4.2), with the component parameters in the Cloud API's shape
 * (the spec does not show them).
 */
export function templateContent(
	template: { name: string; language: string },
	values: TemplateValues,
): IDataObject {
	const components: IDataObject[] = [];
	const { header } = values;
	if (header?.format === 'text') {
		components.push({ type: 'header', parameters: [{ type: 'text', text: header.value }] });
	} else if (header) {
		const media = /^https?:\/\//i.test(header.value)
			? { link: header.value }
			: { id: header.value };
		components.push({
			type: 'header',
			parameters: [{ type: header.format, [header.format]: media }],
		});
	}
	if (values.body.length) {
		components.push({
			type: 'body',
			parameters: values.body.map((text) => ({ type: 'text', text })),
		});
	}
	for (const button of values.buttons) {
		components.push(
			button.kind === 'url'
				? {
						type: 'button',
						sub_type: 'url',
						index: button.index,
						parameters: [{ type: 'text', text: button.value }],
					}
				: {
						type: 'button',
						sub_type: 'copy_code',
						index: button.index,
						parameters: [{ type: 'coupon_code', coupon_code: button.value }],
					},
		);
	}
	return {
		type: 'template',
		template: {
			name: template.name,
			language: { code: template.language },
			...(components.length ? { components } : {}),
		},
	};
}

/** A text message's content (the Cloud API's shape). */
export function textContent(text: { body: string; previewUrl: boolean }): IDataObject {
	return { type: 'text', text: { body: text.body, preview_url: text.previewUrl } };
}

/**
 * The read receipt (the Cloud API's, on the send endpoint): the customer's message shows two
 * blue ticks, and with `typing` they see "typing…" until the answer is sent (at most 25 s).
 */
export async function markAsRead(
	this: Context,
	receipt: { phoneNumberId: string; messageId: string; typing: boolean },
	request: RequestContext = {},
): Promise<{ success: boolean }> {
	const answer = await requestJson<{ success?: unknown }>(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), { 'Phone number ID': receipt.phoneNumberId }, 'messages'),
			body: {
				messaging_product: 'whatsapp',
				status: 'read',
				message_id: receipt.messageId,
				...(receipt.typing ? { typing_indicator: { type: 'text' } } : {}),
			},
			// Marking a message read twice changes nothing.
			idempotent: true,
		},
		request,
	);
	// A server that answers with no body or another shape still took the receipt (the request succeeded).
	return { success: answer.success !== false };
}
