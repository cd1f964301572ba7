import type { IDataObject } from 'n8n-workflow';
import {
	compact,
	errorFields,
	isObject,
	listOf,
	numberOf,
	objectsOf,
	textOf,
	timestamps,
	type TriggerEvent,
} from './common';
import { customerFields } from './customer';
import { contentOf } from './messages';

/**
 * What a number also used in the WhatsApp Business app reports (Meta's "coexistence"): the
 * messages a person sent from the app (echoes), the chat history the app shares once when the
 * number is onboarded, and the app's contacts being synchronised.
 */

/** `smb_message_echoes`: one Message Echo per message sent from the app, to its customer. */
export function messageEchoes(value: IDataObject, where: IDataObject): TriggerEvent[] {
	const contacts = objectsOf(value.contacts);
	return objectsOf(value.message_echoes).map((echo) => {
		const type = textOf(echo.type) ?? 'unknown';
		return compact({
			eventType: 'messageEcho',
			messageId: textOf(echo.id),
			messageType: type,
			...customerFields(
				{ phone: echo.to, userId: echo.to_user_id, parentUserId: echo.to_parent_user_id },
				contacts,
				{ phone: 'to', userId: 'userId' },
			),
			businessNumber: textOf(echo.from),
			...timestamps(echo.timestamp),
			...where,
			...contentOf(type, echo),
			raw: echo,
		}) as TriggerEvent;
	});
}

/**
 * `history`: one History item per chat thread the app shared (its messages in order, each with
 * who sent it), or one per part the customer or the app refused to share (`errors`).
 */
export function historyEvents(value: IDataObject, where: IDataObject): TriggerEvent[] {
	const events: TriggerEvent[] = [];
	// After a shared chat, the files of its media messages come as messages of the value.
	const media = objectsOf(value.messages);
	if (media.length > 0)
		events.push(
			compact({
				eventType: 'history',
				...customerFields({ phone: media[0].from, userId: media[0].from_user_id }, [], {
					phone: 'waId',
					userId: 'userId',
				}),
				...where,
				messages: media.map(historyMessage),
				raw: value,
			}) as TriggerEvent,
		);
	for (const part of objectsOf(value.history)) {
		const metadata = isObject(part.metadata) ? part.metadata : {};
		const progress = compact({
			phase: numberOrText(metadata.phase),
			chunkOrder: numberOrText(metadata.chunk_order),
			progress: numberOrText(metadata.progress),
		});
		const threads = objectsOf(part.threads);
		if (threads.length === 0 || listOf(part.errors)) {
			events.push(
				compact({
					eventType: 'history',
					...where,
					...progress,
					...errorFields(part.errors),
					errors: listOf(part.errors),
					raw: part,
				}) as TriggerEvent,
			);
		}
		for (const thread of threads) {
			const context = isObject(thread.context) ? thread.context : {};
			events.push(
				compact({
					eventType: 'history',
					threadId: textOf(thread.id),
					...customerFields(
						{
							phone: context.wa_id ?? thread.id,
							userId: context.user_id,
							parentUserId: context.parent_user_id,
						},
						[],
						{ phone: 'waId', userId: 'userId' },
					),
					...where,
					...progress,
					messages: objectsOf(thread.messages).map(historyMessage),
					raw: thread,
				}) as TriggerEvent,
			);
		}
	}
	return events;
}

/** One message of a shared chat: who sent it (the customer, or the business from the app). */
function historyMessage(message: IDataObject): IDataObject {
	const type = textOf(message.type) ?? 'unknown';
	const context = isObject(message.history_context) ? message.history_context : {};
	return compact({
		messageId: textOf(message.id),
		messageType: type,
		from: textOf(message.from),
		fromUserId: textOf(message.from_user_id),
		to: textOf(message.to),
		toUserId: textOf(message.to_user_id),
		status: textOf(context.status),
		...timestamps(message.timestamp),
		...contentOf(type, message),
	});
}

/** `smb_app_state_sync`: one Contact Sync per contact added to, changed in or removed from the app. */
export function contactSyncEvents(value: IDataObject, where: IDataObject): TriggerEvent[] {
	return objectsOf(value.state_sync).map((sync) => {
		const contact = isObject(sync.contact) ? sync.contact : {};
		const metadata = isObject(sync.metadata) ? sync.metadata : {};
		return compact({
			eventType: 'contactSync',
			syncType: textOf(sync.type),
			action: textOf(sync.action),
			contactName: textOf(contact.full_name),
			firstName: textOf(contact.first_name),
			phone: textOf(contact.phone_number),
			userId: textOf(contact.user_id),
			username: textOf(contact.username),
			...timestamps(metadata.timestamp),
			...where,
			raw: sync,
		}) as TriggerEvent;
	});
}

function numberOrText(value: unknown): number | string | undefined {
	return numberOf(value) ?? textOf(value);
}
