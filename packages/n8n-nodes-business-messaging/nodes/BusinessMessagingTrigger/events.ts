import type { IDataObject } from 'n8n-workflow';

/**
 * Deliveries come in the Meta Cloud API envelope
 *   { object, entry: [{ id, time, changes: [{ field, value }] }] }
 * and may carry several events. Each event becomes one item: a normalised top (what a workflow
 * needs) and the event as received under `raw`.
 */

export type EventType = 'templateStatus' | 'messageStatus' | 'incomingMessage';

export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'];

export interface TriggerEvent {
	eventType: EventType;
	[key: string]: unknown;
}

/** The events of a delivery, or undefined when the body is not the expected envelope. */
export function eventsOf(body: unknown): TriggerEvent[] | undefined {
	if (!isObject(body) || !Array.isArray(body.entry)) return undefined;
	const events: TriggerEvent[] = [];
	for (const entry of body.entry) {
		if (!isObject(entry) || !Array.isArray(entry.changes)) return undefined;
		const businessAccountId = entry.id === undefined ? undefined : String(entry.id);
		for (const change of entry.changes) {
			if (!isObject(change) || !isObject(change.value)) return undefined;
			const value = change.value;
			if (change.field === 'message_template_status_update') {
				events.push(templateStatus(value, businessAccountId, entry.time));
			} else if (change.field === 'messages') {
				const metadata = isObject(value.metadata) ? value.metadata : {};
				const where = {
					businessAccountId,
					phoneNumberId:
						metadata.phone_number_id === undefined ? undefined : String(metadata.phone_number_id),
					displayPhoneNumber: metadata.display_phone_number,
				};
				for (const status of Array.isArray(value.statuses) ? value.statuses : []) {
					if (isObject(status)) events.push(messageStatus(status, where));
				}
				const contacts = Array.isArray(value.contacts) ? (value.contacts as IDataObject[]) : [];
				for (const message of Array.isArray(value.messages) ? value.messages : []) {
					if (isObject(message)) events.push(incomingMessage(message, contacts, where));
				}
			}
			// Other fields (account updates and the like) are not events of this trigger.
		}
	}
	return events;
}

function templateStatus(
	value: IDataObject,
	businessAccountId: string | undefined,
	time: unknown,
): TriggerEvent {
	return {
		eventType: 'templateStatus',
		status: value.event,
		templateId:
			value.message_template_id === undefined ? undefined : String(value.message_template_id),
		templateName: value.message_template_name,
		language: value.message_template_language,
		reason: value.reason,
		businessAccountId,
		...timestamps(time),
		raw: value,
	};
}

function messageStatus(status: IDataObject, where: IDataObject): TriggerEvent {
	return {
		eventType: 'messageStatus',
		messageId: status.id,
		status: status.status,
		recipient: status.recipient_id,
		...timestamps(status.timestamp),
		...where,
		...(Array.isArray(status.errors) && status.errors.length ? { errors: status.errors } : {}),
		raw: status,
	};
}

function incomingMessage(
	message: IDataObject,
	contacts: IDataObject[],
	where: IDataObject,
): TriggerEvent {
	const type = String(message.type ?? 'unknown');
	const contact = contacts.find((c) => c.wa_id === message.from) ?? contacts[0];
	const content = isObject(message[type]) ? (message[type] as IDataObject) : {};
	const event: TriggerEvent = {
		eventType: 'incomingMessage',
		messageId: message.id,
		messageType: type,
		from: message.from,
		contactName: isObject(contact?.profile) ? (contact.profile as IDataObject).name : undefined,
		...timestamps(message.timestamp),
		...where,
	};
	if (type === 'text') event.text = content.body;
	if (MEDIA_TYPES.includes(type)) {
		event.mediaId = content.id;
		event.mimeType = content.mime_type;
		if (content.caption !== undefined) event.caption = content.caption;
		if (content.filename !== undefined) event.fileName = content.filename;
	}
	if (type === 'location') event.location = content;
	if (type === 'interactive') {
		const reply = (content.button_reply ?? content.list_reply) as IDataObject | undefined;
		if (reply) event.reply = { id: reply.id, title: reply.title };
	}
	if (type === 'button') event.reply = { payload: content.payload, text: content.text };
	if (isObject(message.context)) event.replyTo = message.context.id;
	event.raw = message;
	return event;
}

/** The platform sends Unix seconds (as text); workflows want a date. */
function timestamps(raw: unknown): IDataObject {
	const seconds = Number(raw);
	if (raw === undefined || raw === null || !Number.isFinite(seconds)) return {};
	return { timestamp: new Date(seconds * 1000).toISOString(), timestampUnix: seconds };
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
