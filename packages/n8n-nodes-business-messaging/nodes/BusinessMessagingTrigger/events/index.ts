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
import {
	accountAlert,
	accountUpdate,
	errorEvents,
	marketingPreferences,
	templateComponents,
	userIdUpdates,
} from './account';
import { callEvents } from './calls';
import { contactSyncEvents, historyEvents, messageEchoes } from './coexistence';
import { incomingMessage, MEDIA_TYPES } from './messages';
import { handoverEvents, markedStandby } from './routing';
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
 *
 * `chosen` are the Events of the trigger. Kinds added since the first release (calls, echoes,
 * preferences, ...) used to come as one Other Webhook Event per change: a workflow that chose
 * Other and none of the new kinds still gets that item, exactly as before.
 */
export function eventsOf(body: unknown, chosen?: Set<string>): TriggerEvent[] | undefined {
	if (!isObject(body) || !Array.isArray(body.entry)) return undefined;
	const entries: unknown[] = body.entry;
	const readable = entries.some((e) => isObject(e) && Array.isArray(e.changes));
	if (entries.length > 0 && !readable) return undefined;
	const events: TriggerEvent[] = [];
	for (const entry of entries) {
		if (isObject(entry) && Array.isArray(entry.changes)) {
			for (const change of entry.changes) events.push(...eventsOfChange(change, entry, chosen));
		} else {
			events.push(other(entry, isObject(entry) ? entry : {}));
		}
	}
	return events;
}

/** The events of fields that name a number and its customers, by field. */
const NUMBER_FIELDS: Record<string, (value: IDataObject, where: IDataObject) => TriggerEvent[]> = {
	calls: callEvents,
	smb_message_echoes: messageEchoes,
	history: historyEvents,
	smb_app_state_sync: contactSyncEvents,
	user_preferences: marketingPreferences,
	user_id_update: userIdUpdates,
	messaging_handovers: handoverEvents,
};

/** The events of fields about the account, by field. */
const ACCOUNT_FIELDS: Record<string, (value: IDataObject, where: IDataObject) => TriggerEvent> = {
	account_update: accountUpdate,
	account_alerts: accountAlert,
	message_template_components_update: templateComponents,
};

function eventsOfChange(
	change: unknown,
	entry: IDataObject,
	chosen: Set<string> | undefined,
): TriggerEvent[] {
	if (!isObject(change) || !isObject(change.value)) return [other(change, entry)];
	const field = textOf(change.field);
	const value = change.value;
	if (field === 'messages') return messagesChange(value, entry, chosen);
	if (field === 'standby') return standbyChange(value, entry, chosen);
	if (field !== undefined && TEMPLATE_FIELDS.includes(field))
		return [templateEvent(field, { value, businessAccountId: textOf(entry.id), time: entry.time })];
	const legacy = () => [other(value, entry, field)];
	if (field !== undefined && field in NUMBER_FIELDS) {
		const where = numberOf(value, entry);
		const events = [...NUMBER_FIELDS[field](value, where), ...errorEvents(value.errors, where)];
		return events.length > 0 ? typedOrLegacy(events, legacy, chosen) : legacy();
	}
	if (field !== undefined && field in ACCOUNT_FIELDS) {
		const where = compact({ businessAccountId: textOf(entry.id), ...timestamps(entry.time) });
		return typedOrLegacy([ACCOUNT_FIELDS[field](value, where)], legacy, chosen);
	}
	return legacy();
}

/** The business account and number a change names (its `metadata`). */
function numberOf(value: IDataObject, entry: IDataObject): IDataObject {
	const metadata = isObject(value.metadata) ? value.metadata : {};
	return compact({
		businessAccountId: textOf(entry.id),
		phoneNumberId: textOf(metadata.phone_number_id),
		displayPhoneNumber: textOf(metadata.display_phone_number),
	});
}

/**
 * The typed events of a part that used to come as Other Webhook Event items, or those items when
 * the trigger chose Other and none of the typed events' kinds (a saved workflow gets what it did).
 */
function typedOrLegacy(
	events: TriggerEvent[],
	legacy: () => TriggerEvent[],
	chosen: Set<string> | undefined,
): TriggerEvent[] {
	if (chosen === undefined || !chosen.has('other')) return events;
	return events.some((e) => chosen.has(e.eventType)) ? events : legacy();
}

/** A `messages` change: receipts, messages, and errors the platform reports outside them. */
function messagesChange(
	value: IDataObject,
	entry: IDataObject,
	chosen: Set<string> | undefined,
	field = 'messages',
): TriggerEvent[] {
	const where = numberOf(value, entry);
	const contacts = objectsOf(value.contacts);
	const events: TriggerEvent[] = [];
	for (const status of Array.isArray(value.statuses) ? value.statuses : []) {
		events.push(
			isObject(status)
				? messageStatus(status, contacts, where)
				: other(status, entry, field, where),
		);
	}
	for (const message of Array.isArray(value.messages) ? value.messages : []) {
		events.push(
			isObject(message)
				? incomingMessage(message, contacts, where)
				: other(message, entry, field, where),
		);
	}
	// Errors for the account or app (a rate limit, say) come in the value itself.
	const errors = errorEvents(value.errors, where);
	const legacy = () => [other(value, entry, field, { ...where, errors: listOf(value.errors) })];
	if (errors.length > 0) events.push(...typedOrLegacy(errors, legacy, chosen));
	// A value with nothing the trigger knows still reaches the workflow.
	else if (events.length === 0) events.push(...legacy());
	return events;
}

/**
 * A `standby` change (Meta's conversation routing): while another app owns a chat, we receive
 * copies of its customer's messages, the receipts, and what that app sends (echoes). They are
 * the items they would be, marked `standby: true`.
 */
function standbyChange(
	value: IDataObject,
	entry: IDataObject,
	chosen: Set<string> | undefined,
): TriggerEvent[] {
	const echoes = messageEchoes(value, numberOf(value, entry));
	const inMessagesShape = ['messages', 'statuses', 'errors'].some((key) => key in value);
	// A value of echoes only is not also an unknown `messages` value.
	const events =
		inMessagesShape || echoes.length === 0 ? messagesChange(value, entry, chosen, 'standby') : [];
	const legacy = () => [other(value, entry, 'standby', numberOf(value, entry))];
	return typedOrLegacy(markedStandby([...events, ...echoes]), legacy, chosen);
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
