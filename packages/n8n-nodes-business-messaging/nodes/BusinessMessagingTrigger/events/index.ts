import type { IDataObject } from 'n8n-workflow';
import {
	compact,
	isObject,
	listOf,
	objectsOf,
	textOf,
	timestamps,
	type EventType,
	type TriggerEvent,
} from './common';
import { incomingMessage, MEDIA_TYPES } from './messages';
import { messageStatus, statusChosen } from './statuses';
import {
	templateCategory,
	templateQuality,
	templateStatus,
	type TemplateChange,
} from './templates';

export { MEDIA_TYPES, statusChosen, type EventType, type TriggerEvent };

/**
 * Deliveries come in the Meta Cloud API envelope
 *   { object, entry: [{ id, time, changes: [{ field, value }] }] }
 * and may carry several events. Each event becomes one item: a normalised top (what a workflow
 * needs) and the event as received under `raw`.
 *
 * Nothing in a delivery is dropped: a field, a message type or a part the trigger does not know
 * becomes an `other` item with that part under `raw`, and an unreadable part does not cost the
 * other events of the delivery.
 */

const TEMPLATE_FIELDS = [
	'message_template_status_update',
	'template_category_update',
	'message_template_quality_update',
];

/**
 * Which template event a template change is: by its field, and under the status field also by
 * what it says, since Meta's own quality update example comes under
 * message_template_status_update.
 */
function templateEvent(field: string, change: TemplateChange): TriggerEvent {
	const { value } = change;
	if (field === 'template_category_update') return templateCategory(change);
	if (field === 'message_template_quality_update') return templateQuality(change);
	if (value.new_quality_score !== undefined || value.previous_quality_score !== undefined)
		return templateQuality(change);
	return templateStatus(change);
}

/**
 * The events of a delivery, or undefined when the body is not the envelope: not an object with
 * an `entry` list, or entries none of which has a `changes` list.
 */
export function eventsOf(body: unknown): TriggerEvent[] | undefined {
	if (!isObject(body) || !Array.isArray(body.entry)) return undefined;
	const entries: unknown[] = body.entry;
	const readable = entries.some((e) => isObject(e) && Array.isArray(e.changes));
	if (entries.length > 0 && !readable) return undefined;
	const events: TriggerEvent[] = [];
	for (const entry of entries) {
		if (isObject(entry) && Array.isArray(entry.changes)) {
			for (const change of entry.changes) events.push(...eventsOfChange(change, entry));
		} else {
			events.push(other(entry, isObject(entry) ? entry : {}));
		}
	}
	return events;
}

function eventsOfChange(change: unknown, entry: IDataObject): TriggerEvent[] {
	if (!isObject(change) || !isObject(change.value)) return [other(change, entry)];
	const field = textOf(change.field);
	const value = change.value;
	if (field === 'messages') return messagesChange(value, entry);
	if (field !== undefined && TEMPLATE_FIELDS.includes(field))
		return [templateEvent(field, { value, businessAccountId: textOf(entry.id), time: entry.time })];
	return [other(value, entry, field)];
}

/** A `messages` change: receipts, messages, and errors the platform reports outside them. */
function messagesChange(value: IDataObject, entry: IDataObject): TriggerEvent[] {
	const metadata = isObject(value.metadata) ? value.metadata : {};
	const where = compact({
		businessAccountId: textOf(entry.id),
		phoneNumberId: textOf(metadata.phone_number_id),
		displayPhoneNumber: textOf(metadata.display_phone_number),
	});
	const contacts = objectsOf(value.contacts);
	const events: TriggerEvent[] = [];
	for (const status of Array.isArray(value.statuses) ? value.statuses : []) {
		events.push(
			isObject(status)
				? messageStatus(status, contacts, where)
				: other(status, entry, 'messages', where),
		);
	}
	for (const message of Array.isArray(value.messages) ? value.messages : []) {
		events.push(
			isObject(message)
				? incomingMessage(message, contacts, where)
				: other(message, entry, 'messages', where),
		);
	}
	// Errors for the account or app (a rate limit, say) come in the value itself; and a value
	// with nothing the trigger knows still reaches the workflow.
	if (listOf(value.errors) || events.length === 0) {
		events.push(other(value, entry, 'messages', { ...where, errors: listOf(value.errors) }));
	}
	return events;
}

/** An `other` item: the part as received, with the field it came under and the account. */
function other(
	part: unknown,
	entry: IDataObject,
	field?: string,
	more: IDataObject = {},
): TriggerEvent {
	return compact({
		eventType: 'other' as EventType,
		field,
		businessAccountId: textOf(entry.id),
		...timestamps(entry.time),
		...more,
		raw: part as IDataObject,
	}) as TriggerEvent;
}
