import type { IDataObject } from 'n8n-workflow';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';

/** What the API answered to a send (2.10; the rest in the Cloud API's shape). */
export interface SentMessage {
	/** The message ID, `wamid.…`. */
	messageId: string;
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
	message: { phoneNumberId: string; to: string; content: IDataObject },
	request: RequestContext = {},
): Promise<SentMessage> {
	const response = await requestJson<SendResponse>(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), message.phoneNumberId, 'messages'),
			body: {
				messaging_product: 'whatsapp',
				recipient_type: 'individual',
				to: message.to,
				...message.content,
			},
			idempotent: false,
		},
		request,
	);
	const sent = response.messages?.[0] ?? {};
	const contact = response.contacts?.[0] ?? {};
	return {
		messageId: sent.id as string,
		...(contact.wa_id ? { waId: String(contact.wa_id) } : {}),
		...(sent.message_status ? { messageStatus: String(sent.message_status) } : {}),
	};
}

/** A template message's content (4.2): the approved template and its component parameters. */
export function templateContent(
	template: { name: string; language: string },
	components: IDataObject[],
): IDataObject {
	return {
		type: 'template',
		template: {
			name: template.name,
			language: { code: template.language },
			...(components.length ? { components } : {}),
		},
	};
}

/** A text message's content (the Cloud API's shape), shown as a reply when `replyTo` is set. */
export function textContent(text: {
	body: string;
	previewUrl: boolean;
	replyTo?: string;
}): IDataObject {
	return {
		type: 'text',
		text: { body: text.body, preview_url: text.previewUrl },
		...(text.replyTo ? { context: { message_id: text.replyTo } } : {}),
	};
}
