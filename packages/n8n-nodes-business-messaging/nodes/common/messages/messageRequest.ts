import type { IDataObject } from 'n8n-workflow';
import type { ChatMessageBody, ReadReceiptBody } from '../api/messages';
import { addressedTo } from '../recipient';
import type { MessageContent } from './contents';

/**
 * The two request bodies of the send endpoint (4.2): a message in a chat, and a read receipt.
 * The API layer takes only these (its branded types), so every body it sends is built here.
 */

/** Whom a message goes to, as a reply to what, and what its receipts hand back. */
export interface ChatEnvelope {
	/** A number (digits) or a user ID, as normalizeRecipient gives it. */
	to: string;
	/** The message answered, '' or undefined for none. */
	replyTo?: string;
	/** Handed back in the message's receipts (the Cloud API's `biz_opaque_callback_data`). */
	callbackData?: string;
	/** A send through the Marketing Messages API: its own fields beside the message. */
	marketing?: MarketingDelivery;
}

/** The Marketing Messages API's fields (docs/API.md, "Marketing messages"). */
export interface MarketingDelivery {
	/** STRICT: fail when it cannot go through the API; CLOUD_API_FALLBACK: send it on Cloud API. */
	productPolicy: 'STRICT' | 'CLOUD_API_FALLBACK';
	/** Whether Meta may use the message's activity (clicks, reads); undefined: the account's setting. */
	activitySharing?: boolean;
}

/** One message of any type (`content` holds its `type` and the object of that type). */
export function chatMessageBody(envelope: ChatEnvelope, content: MessageContent): ChatMessageBody {
	const body: IDataObject = {
		messaging_product: 'whatsapp',
		recipient_type: 'individual',
		...addressedTo(envelope.to),
		...content,
		// A reply (the Cloud API's `context`), on any type of message.
		...(envelope.replyTo ? { context: { message_id: envelope.replyTo } } : {}),
		...(envelope.callbackData ? { biz_opaque_callback_data: envelope.callbackData } : {}),
		...(envelope.marketing ? { product_policy: envelope.marketing.productPolicy } : {}),
		...(envelope.marketing?.activitySharing !== undefined
			? { message_activity_sharing: envelope.marketing.activitySharing }
			: {}),
	};
	return body as ChatMessageBody;
}

/**
 * The read receipt (the Cloud API's): the customer's message shows two blue ticks, and with
 * `typing` they see "typing…" until the answer is sent (at most 25 s).
 */
export function readReceiptBody(receipt: { messageId: string; typing: boolean }): ReadReceiptBody {
	const body: IDataObject = {
		messaging_product: 'whatsapp',
		status: 'read',
		message_id: receipt.messageId,
		...(receipt.typing ? { typing_indicator: { type: 'text' } } : {}),
	};
	return body as ReadReceiptBody;
}
