import type { IDataObject } from 'n8n-workflow';
import { safeFileName } from '../../common/binary';
import {
	compact,
	dateOf,
	isObject,
	listOf,
	objectsOf,
	textOf,
	timestamps,
	type TriggerEvent,
} from './common';
import { customerFields } from './customer';
import { orderTotals } from './orderTotals';

/** A message a customer sent: who sent it, whom to answer, and what it says by type. */

export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'];

export function incomingMessage(
	message: IDataObject,
	contacts: IDataObject[],
	where: IDataObject,
): TriggerEvent {
	const type = textOf(message.type) ?? 'unknown';
	return compact({
		eventType: 'incomingMessage',
		messageId: textOf(message.id),
		messageType: type,
		// A customer with a username may have no number here: their user ID is the address to answer.
		...customerFields(
			{
				phone: message.from,
				userId: message.from_user_id,
				parentUserId: message.from_parent_user_id,
			},
			contacts,
		),
		groupId: textOf(message.group_id),
		...timestamps(message.timestamp),
		...where,
		...contentOf(type, message),
		...contextOf(message.context),
		referral: isObject(message.referral) ? referralOf(message.referral) : undefined,
		errors: listOf(message.errors),
		raw: message,
	}) as TriggerEvent;
}

/** The fields of one message type; an edit carries the new content in the same fields. */
export function contentOf(type: string, message: IDataObject): IDataObject {
	const content = isObject(message[type]) ? message[type] : {};
	if (MEDIA_TYPES.includes(type)) return mediaOf(type, content);
	switch (type) {
		case 'text':
			return compact({ text: textOf(content.body) });
		case 'location':
			return { location: content };
		case 'interactive':
			return interactiveOf(content);
		case 'button':
			return { reply: compact({ payload: textOf(content.payload), text: textOf(content.text) }) };
		case 'reaction':
			return {
				reaction: compact({
					emoji: textOf(content.emoji),
					messageId: textOf(content.message_id),
					// Removing a reaction comes as a reaction without an emoji.
					removed: textOf(content.emoji) === undefined,
				}),
			};
		case 'contacts':
			return { contacts: objectsOf(message.contacts).map(sharedContact) };
		case 'order':
			return { order: orderOf(content) };
		case 'system':
			return { system: systemOf(message, content) };
		case 'unsupported':
			return compact({ unsupportedType: textOf(content.type) });
		case 'edit': {
			const edited = isObject(content.message) ? content.message : {};
			const editedType = textOf(edited.type);
			return compact({
				editedMessageId: textOf(content.original_message_id),
				...(editedType && editedType !== 'edit' ? contentOf(editedType, edited) : {}),
			});
		}
		case 'revoke':
			return compact({ deletedMessageId: textOf(content.original_message_id) });
		default:
			return {};
	}
}

/**
 * A change of the customer's number or user ID: the message comes from the old identity and
 * names the new one, so that a workflow can update its records.
 */
function systemOf(message: IDataObject, content: IDataObject): IDataObject {
	// Older deliveries name the new number `new_wa_id`, and the old one `customer`.
	const newWaId = textOf(content.wa_id) ?? textOf(content.new_wa_id);
	const newUserId = textOf(content.user_id);
	return compact({
		type: textOf(content.type),
		body: textOf(content.body),
		// Only a change names a new identity; a security code change (customer_identity_changed) does not.
		oldWaId: newWaId === undefined ? undefined : (textOf(content.customer) ?? textOf(message.from)),
		newWaId,
		oldUserId: newUserId === undefined ? undefined : textOf(message.from_user_id),
		newUserId,
		newParentUserId: textOf(content.parent_user_id),
	});
}

function mediaOf(type: string, content: IDataObject): IDataObject {
	return compact({
		mediaId: textOf(content.id),
		mimeType: textOf(content.mime_type),
		caption: textOf(content.caption),
		// The sender chose the name: a base name only, for a node that writes the file later.
		fileName: safeFileName(content.filename),
		// A voice note is an audio message recorded in WhatsApp.
		voice: type === 'audio' ? content.voice === true : undefined,
	});
}

/** A tap on a button or list row, a Flow's answer, or an answer to a call permission request. */
function interactiveOf(content: IDataObject): IDataObject {
	if (isObject(content.nfm_reply)) return { flow: flowAnswerOf(content.nfm_reply) };
	if (isObject(content.call_permission_reply))
		return { callPermission: callPermissionOf(content.call_permission_reply) };
	const reply = isObject(content.button_reply)
		? content.button_reply
		: isObject(content.list_reply)
			? content.list_reply
			: undefined;
	if (!reply) return {};
	return {
		reply: compact({
			id: textOf(reply.id),
			title: textOf(reply.title),
			description: textOf(reply.description),
		}),
	};
}

/**
 * What a customer sent from a Flow (`name` "flow"), or from an address form (`address_message`):
 * the platform sends the form's values as JSON text in `response_json`; a workflow wants them as
 * fields. Text that is not a JSON object stays text.
 */
function flowAnswerOf(reply: IDataObject): IDataObject {
	const text = textOf(reply.response_json);
	let response: unknown = isObject(reply.response_json) ? reply.response_json : text;
	if (text !== undefined) {
		try {
			const parsed: unknown = JSON.parse(text);
			if (isObject(parsed)) response = parsed;
		} catch {
			// Not JSON: passed on as the text it is.
		}
	}
	return compact({
		name: textOf(reply.name),
		token: isObject(response) ? textOf(response.flow_token) : undefined,
		body: textOf(reply.body),
		response: response as IDataObject | string | undefined,
	});
}

/** The customer's answer to a request to call them: accept or reject, and for how long. */
function callPermissionOf(reply: IDataObject): IDataObject {
	return compact({
		response: textOf(reply.response),
		isPermanent: typeof reply.is_permanent === 'boolean' ? reply.is_permanent : undefined,
		expiresAt: dateOf(reply.expiration_timestamp),
		responseSource: textOf(reply.response_source),
	});
}

function sharedContact(contact: IDataObject): IDataObject {
	const name = isObject(contact.name) ? contact.name : {};
	const org = isObject(contact.org) ? contact.org : {};
	return compact({
		name: textOf(name.formatted_name) ?? textOf(name.first_name),
		phones: objectsOf(contact.phones).map((p) =>
			compact({ phone: textOf(p.phone), waId: textOf(p.wa_id), type: textOf(p.type) }),
		),
		emails: objectsOf(contact.emails).map((e) =>
			compact({ email: textOf(e.email), type: textOf(e.type) }),
		),
		company: textOf(org.company),
		vcard: textOf(contact.vcard),
	});
}

function orderOf(order: IDataObject): IDataObject {
	const totals = orderTotals(objectsOf(order.product_items));
	return compact({
		catalogId: textOf(order.catalog_id),
		text: textOf(order.text),
		items: objectsOf(order.product_items).map((item) =>
			compact({
				productRetailerId: textOf(item.product_retailer_id),
				quantity: item.quantity,
				itemPrice: item.item_price,
				currency: textOf(item.currency),
			}),
		),
		// What the order comes to per currency, summed exactly (orderTotals.ts).
		totals: totals.length ? totals : undefined,
	});
}

/** What the message answers or came with: the message replied to, a forward, a product asked about. */
function contextOf(context: unknown): IDataObject {
	if (!isObject(context)) return {};
	const product = isObject(context.referred_product) ? context.referred_product : undefined;
	const frequently = context.frequently_forwarded === true;
	return compact({
		replyTo: textOf(context.id),
		forwarded: context.forwarded === true || frequently ? true : undefined,
		frequentlyForwarded: frequently ? true : undefined,
		referredProduct: product
			? compact({
					catalogId: textOf(product.catalog_id),
					productRetailerId: textOf(product.product_retailer_id),
				})
			: undefined,
	});
}

/** The ad or post a customer came from (Click to WhatsApp). */
function referralOf(referral: IDataObject): IDataObject {
	const welcome = isObject(referral.welcome_message) ? referral.welcome_message : {};
	return compact({
		sourceType: textOf(referral.source_type),
		sourceId: textOf(referral.source_id),
		sourceUrl: textOf(referral.source_url),
		headline: textOf(referral.headline),
		body: textOf(referral.body),
		mediaType: textOf(referral.media_type),
		imageUrl: textOf(referral.image_url),
		videoUrl: textOf(referral.video_url),
		thumbnailUrl: textOf(referral.thumbnail_url),
		ctwaClid: textOf(referral.ctwa_clid),
		welcomeMessage: textOf(welcome.text),
	});
}
