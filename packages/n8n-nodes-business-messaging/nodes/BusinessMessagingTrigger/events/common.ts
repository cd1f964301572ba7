import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../../common/isObject';
import { isoFromSeconds } from '../../common/time';

/** What each kind of item is called in `eventType`, and in the Events option. */
export type EventType =
	| 'incomingMessage'
	| 'messageStatus'
	| 'templateStatus'
	| 'templateCategory'
	| 'templateQuality'
	| 'templateComponents'
	| 'error'
	| 'marketingPreference'
	| 'userIdUpdate'
	| 'call'
	| 'messageEcho'
	| 'history'
	| 'contactSync'
	| 'accountUpdate'
	| 'accountAlert'
	| 'controlPassed'
	| 'controlTaken'
	| 'other';

export interface TriggerEvent {
	eventType: EventType;
	[key: string]: unknown;
}

/** The events read their payload's objects with the package's one test (re-exported here). */
export { isObject };

/** The objects of a list; anything else (a missing list, a stray value) reads as none. */
export function objectsOf(value: unknown): IDataObject[] {
	return Array.isArray(value) ? value.filter(isObject) : [];
}

/**
 * A value as text, or undefined when it is missing or empty: for a customer who uses a username
 * the platform may send `"from": ""` and `"wa_id": ""` instead of leaving them out.
 */
export function textOf(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The platform sends Unix seconds (as text or a number); workflows want a date. */
export function timestamps(raw: unknown): IDataObject {
	const seconds = secondsOf(raw);
	if (seconds === undefined) return {};
	return { timestamp: isoFromSeconds(seconds), timestampUnix: seconds };
}

/** Unix seconds as an ISO date; a date the platform wrote some other way stays as written. */
export function dateOf(raw: unknown): string | undefined {
	const seconds = secondsOf(raw);
	return seconds === undefined ? textOf(raw) : isoFromSeconds(seconds);
}

function secondsOf(raw: unknown): number | undefined {
	if (textOf(raw) === undefined) return undefined;
	const seconds = Number(raw);
	return Number.isFinite(seconds) ? seconds : undefined;
}

/** The list, when it holds something (`errors: []` says nothing). */
export function listOf(value: unknown): unknown[] | undefined {
	return Array.isArray(value) && value.length > 0 ? value : undefined;
}

/** The fields that are there: an item holds what the delivery said, and nothing undefined. */
export function compact<T extends IDataObject>(fields: T): T {
	for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
	return fields;
}

/**
 * The entry of `contacts` that describes a customer: the one with their number, else the one
 * with their user ID (a customer with a username may have no number in the delivery), else the
 * only one.
 */
export function contactOf(
	contacts: IDataObject[],
	phone: string | undefined,
	userId: string | undefined,
): IDataObject | undefined {
	return (
		contacts.find((c) => phone !== undefined && textOf(c.wa_id) === phone) ??
		contacts.find((c) => userId !== undefined && textOf(c.user_id) === userId) ??
		(contacts.length === 1 ? contacts[0] : undefined)
	);
}

/** The contact's name and username, as the customer set them in WhatsApp. */
export function profileOf(contact: IDataObject | undefined): {
	contactName?: string;
	username?: string;
} {
	const profile = isObject(contact?.profile) ? contact.profile : {};
	return compact({ contactName: textOf(profile.name), username: textOf(profile.username) });
}

/**
 * The first error of a list as fields a workflow can test (`errorCode === 131047`): the platform
 * sends `{ code, title, message, error_data: { details } }`; the whole list stays in `errors`.
 */
export function errorFields(errors: unknown): IDataObject {
	const first = objectsOf(errors)[0];
	if (!first) return {};
	const data = isObject(first.error_data) ? first.error_data : {};
	return compact({
		errorCode: numberOf(first.code),
		errorTitle: textOf(first.title),
		errorMessage: textOf(first.message),
		errorDetails: textOf(data.details),
	});
}

/** A number, or a number the platform wrote as text ("120"); anything else is none. */
export function numberOf(value: unknown): number | undefined {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}
