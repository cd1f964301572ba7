import type { IDataObject } from 'n8n-workflow';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';

/**
 * The two request bodies of the send endpoint (4.2). They are branded so that only the builders
 * of common/messages (`chatMessageBody`, `readReceiptBody` in messageRequest.ts) make them: the
 * API layer sends no body written anywhere else.
 */
declare const built: unique symbol;
/** A body made by `chatMessageBody`: the only kind `sendMessage` sends. */
export type ChatMessageBody = IDataObject & { readonly [built]: 'chatMessage' };
/** A body made by `readReceiptBody`: the only kind `markAsRead` sends. */
export type ReadReceiptBody = IDataObject & { readonly [built]: 'readReceipt' };

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
 * POST /{phone_number_id}/messages (4.2) with one message, built by common/messages
 * (`chatMessageBody`); or /marketing_messages, the Marketing Messages API, which takes a
 * template message the same way. A send is not idempotent: it is never repeated blindly.
 */
export async function sendMessage(
	this: Context,
	phoneNumberId: string,
	body: ChatMessageBody,
	request: RequestContext = {},
	endpoint: 'messages' | 'marketing_messages' = 'messages',
): Promise<SentMessage> {
	const response = await requestJson<SendResponse>(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), { 'Phone number ID': phoneNumberId }, endpoint),
			body,
			idempotent: false,
			// Sends keep to the number's throughput, learned from the platform's refusals.
			pace: phoneNumberId,
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

/**
 * The read receipt (the Cloud API's, on the send endpoint), built by common/messages
 * (`readReceiptBody`).
 */
export async function markAsRead(
	this: Context,
	phoneNumberId: string,
	body: ReadReceiptBody,
	request: RequestContext = {},
): Promise<{ success: boolean }> {
	const answer = await requestJson<{ success?: unknown }>(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), { 'Phone number ID': phoneNumberId }, 'messages'),
			body,
			// Marking a message read twice changes nothing.
			idempotent: true,
		},
		request,
	);
	// A server that answers with no body or another shape still took the receipt (the request succeeded).
	return { success: answer.success !== false };
}
