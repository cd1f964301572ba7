import type { IDataObject } from 'n8n-workflow';
import { addressedTo } from '../recipient';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';

/** What the API answered to a send (2.10; the rest in the Cloud API's shape). */
export interface SentMessage {
	/** The message ID, `wamid.…` (the one field of the answer the spec shows). */
	messageId?: string;
	/** The recipient's WhatsApp ID, when the API names it. */
	waId?: string;
	/** The recipient's business-scoped user ID, when the API names it (a send to a user ID). */
	userId?: string;
	/** The message's first status, when the API gives one. */
	messageStatus?: string;
}

/** The send's answer, in the Cloud API's shape (the spec shows only the message ID). */
interface SendResponse {
	messages?: Array<{ id?: string; message_status?: string }>;
	contacts?: Array<{ wa_id?: string; user_id?: string }>;
}

/**
 * POST /{phone_number_id}/messages (4.2) with one message of any type (`content` holds its
 * `type` and the object of that type). A send is not idempotent: it is never repeated blindly.
 */
export async function sendMessage(
	this: Context,
	message: {
		phoneNumberId: string;
		/** A number (digits) or a user ID, as normalizeRecipient gives it. */
		to: string;
		content: IDataObject;
		replyTo?: string;
		/** Handed back in the message's receipts (the Cloud API's `biz_opaque_callback_data`). */
		callbackData?: string;
	},
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
				...addressedTo(message.to),
				...message.content,
				// A reply (the Cloud API's `context`), on any type of message.
				...(message.replyTo ? { context: { message_id: message.replyTo } } : {}),
				...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
			},
			idempotent: false,
			// Sends keep to the number's throughput, learned from the platform's refusals.
			pace: message.phoneNumberId,
		},
		request,
	);
	const sent = response.messages?.[0] ?? {};
	const contact = response.contacts?.[0] ?? {};
	return {
		messageId: sent.id,
		...(contact.wa_id ? { waId: contact.wa_id } : {}),
		...(contact.user_id ? { userId: contact.user_id } : {}),
		...(sent.message_status ? { messageStatus: sent.message_status } : {}),
	};
}

/** A text parameter of the header or body; `name` for a NAMED template's `{{name}}`. */
export interface TextParameter {
	text: string;
	name?: string;
}

/** A template header's value: text, media by link or media ID, or a place. */
export type TemplateHeader =
	| { format: 'text'; value: string; name?: string }
	/** `value` is an https link or a media ID. */
	| { format: 'image' | 'video' | 'document'; value: string; fileName?: string }
	| {
			format: 'location';
			location: { latitude: number; longitude: number; name?: string; address?: string };
	  };

/** A button's parameter, by the button's kind (the OTP code goes as a URL text). */
export type ButtonParameter = { index: string } & (
	| { kind: 'url' | 'otp'; value: string }
	| { kind: 'copyCode'; value: string }
	| { kind: 'quickReply'; payload: string }
	| { kind: 'flow'; token?: string; actionData?: IDataObject }
	| { kind: 'catalog'; thumbnailRetailerId: string }
);

/** The values a template send fills in: header, body, button parameters, an offer's expiry. */
export interface TemplateValues {
	header?: TemplateHeader;
	body: TextParameter[];
	buttons: ButtonParameter[];
	/** Epoch milliseconds, for a limited-time offer with a countdown. */
	offerExpiresAt?: number;
}

const textParameter = (p: TextParameter): IDataObject => ({
	type: 'text',
	...(p.name ? { parameter_name: p.name } : {}),
	text: p.text,
});

function headerParameter(header: TemplateHeader): IDataObject {
	if (header.format === 'text') return textParameter({ text: header.value, name: header.name });
	if (header.format === 'location') return { type: 'location', location: header.location };
	const media: IDataObject = /^https?:\/\//i.test(header.value)
		? { link: header.value }
		: { id: header.value };
	if (header.format === 'document' && header.fileName) media.filename = header.fileName;
	return { type: header.format, [header.format]: media };
}

/** A button component of a send (Cloud API shapes; `sub_type` names the button kind). */
function buttonComponent(button: ButtonParameter): IDataObject {
	const component = (subType: string, parameter: IDataObject): IDataObject => ({
		type: 'button',
		sub_type: subType,
		index: button.index,
		parameters: [parameter],
	});
	switch (button.kind) {
		case 'url':
		case 'otp':
			return component('url', { type: 'text', text: button.value });
		case 'copyCode':
			return component('copy_code', { type: 'coupon_code', coupon_code: button.value });
		case 'quickReply':
			return component('quick_reply', { type: 'payload', payload: button.payload });
		case 'flow':
			return component('flow', {
				type: 'action',
				action: {
					...(button.token ? { flow_token: button.token } : {}),
					...(button.actionData ? { flow_action_data: button.actionData } : {}),
				},
			});
		case 'catalog':
			return component('catalog', {
				type: 'action',
				action: { thumbnail_product_retailer_id: button.thumbnailRetailerId },
			});
	}
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
	if (values.header)
		components.push({ type: 'header', parameters: [headerParameter(values.header)] });
	if (values.body.length)
		components.push({ type: 'body', parameters: values.body.map(textParameter) });
	components.push(...values.buttons.map(buttonComponent));
	if (values.offerExpiresAt !== undefined) {
		components.push({
			type: 'limited_time_offer',
			parameters: [
				{
					type: 'limited_time_offer',
					limited_time_offer: { expiration_time_ms: values.offerExpiresAt },
				},
			],
		});
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
