import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import type { TriggerEvent } from '../events';

/**
 * Skip Redeliveries: the platform delivers at least once, so the same message or status can
 * come twice (a lost answer, a retry). An event taken once is remembered by its ID for a day;
 * a redelivery of it starts nothing.
 *
 * Where it is remembered (Keep State In › Process Memory; the database's is eventClaims.ts): in
 * this process's memory, and in the trigger's static data, which n8n keeps in its database. But
 * n8n 2.41 does not save the static data of a delivery that starts an execution (ARCHITECTURE.md,
 * the table of stores), so a restart, or another webhook process, may not see what this process
 * took: the user's guide says so, and Keep State In › Database is what holds across both.
 *
 * A record is only as good as the execution behind it. n8n answers a delivery only once the
 * execution exists: what a delivery recorded for its own events is "run" (a positive time). An event another delivery is still taking, which n8n
 * may yet fail to start, is "being taken" (a negative time): a redelivery of it is answered 503,
 * so that the platform tries again, rather than skipped (under load, the platform's retry of a
 * delivery that timed out would otherwise be skipped while the first one never ran). After
 * IN_FLIGHT_MS a record still "being taken" is forgotten: that delivery failed.
 *
 * n8n saves static data whole (the last save wins), so each save merges the process's own
 * record in; a merge never turns "being taken" into "run". Two processes taking the same event
 * in the same instant can both start it: n8n offers a trigger no atomic shared store.
 */

/** A redelivery comes within minutes; a day is kept. */
const KEPT_MS = 24 * 60 * 60 * 1000;
/** A delivery still not answered after this long has failed (n8n's webhook calls time out sooner). */
const IN_FLIGHT_MS = 5 * 60 * 1000;
/** At most this many events are remembered (about 30 bytes each in the static data). */
const MAX_KEPT = 5000;
const STATIC_KEY = 'takenEvents';

/**
 * What this process knows, per trigger: event digest → when (ms); negative while being taken
 * (n8n has not answered that delivery yet), positive once seen run.
 */
const takenHere = new Map<string, Map<string, number>>();

/** Events with no ID, whose time and content say which they are. */
const TIMED_EVENTS: string[] = [
	'templateStatus',
	'templateCategory',
	'templateQuality',
	'templateComponents',
	'marketingPreference',
	'userIdUpdate',
	'contactSync',
	'accountUpdate',
	'accountAlert',
];

/** The event's identity: the message's ID, a status of a message, a template's update. */
export function eventIdentity(event: TriggerEvent): string | undefined {
	const id = typeof event.messageId === 'string' ? event.messageId : undefined;
	if (event.eventType === 'incomingMessage') return id && `message:${id}`;
	if (event.eventType === 'messageStatus')
		return (
			id &&
			`status:${id}:${String(event.status)}:${String(event.recipient ?? event.recipientUserId)}`
		);
	if (event.eventType === 'messageEcho') return id && `echo:${id}`;
	if (event.eventType === 'call' && typeof event.callId === 'string')
		return `call:${event.callId}:${String(event.callEvent)}:${String(event.status)}`;
	// What has no ID of its own is known by its time and its whole content.
	if (TIMED_EVENTS.includes(event.eventType) && event.timestampUnix !== undefined)
		return `${event.eventType}:${String(event.timestampUnix)}:${JSON.stringify(event.raw)}`;
	// Other events carry no identity; two equal ones may be two real events, so both pass.
	return undefined;
}

function digest(identity: string): string {
	return createHash('sha256').update(identity).digest('base64url').slice(0, 16);
}

/**
 * The events not taken before, in order, and records them as this delivery's own (saved with its
 * static data once n8n has started its execution). `busy` when an event is being taken by
 * another delivery right now: then nothing is recorded, and the delivery is to be answered 503.
 * `trigger` names the trigger (workflow and node, and test or production) for this process's
 * record; n8n saves no static data for the editor's test, so the saved record is production's.
 */
export function withoutRedeliveries(
	events: TriggerEvent[],
	staticData: IDataObject,
	trigger: string,
	now = Date.now(),
): { fresh: TriggerEvent[]; busy: boolean } {
	const here = takenHere.get(trigger) ?? new Map<string, number>();
	takenHere.set(trigger, here);
	const saved = savedRecord(staticData);
	// What the database says was run, this process now knows too.
	for (const [key, at] of Object.entries(saved))
		if (typeof at === 'number' && at > 0) here.set(key, Math.max(at, here.get(key) ?? 0));
	const fresh: TriggerEvent[] = [];
	const own: string[] = [];
	for (const event of events) {
		const identity = eventIdentity(event);
		if (identity === undefined) {
			fresh.push(event);
			continue;
		}
		const key = digest(identity);
		const state = stateOf(saved[key], here.get(key), now);
		if (state === 'run') continue;
		if (state === 'beingTaken') return { fresh: [], busy: true };
		own.push(key);
		fresh.push(event);
	}
	if (own.length > 0) {
		for (const key of own) here.set(key, -now);
		save(staticData, saved, here, own, now);
	}
	return { fresh, busy: false };
}

/** What the saved record and this process's say of an event. */
function stateOf(
	saved: unknown,
	mine: number | undefined,
	now: number,
): 'run' | 'beingTaken' | 'new' {
	const times = [typeof saved === 'number' ? saved : undefined, mine].filter(
		(at): at is number => at !== undefined,
	);
	if (times.some((at) => at > 0 && now - at < KEPT_MS)) return 'run';
	if (times.some((at) => at < 0 && now + at < IN_FLIGHT_MS)) return 'beingTaken';
	return 'new';
}

function savedRecord(staticData: IDataObject): Record<string, number> {
	const record = staticData[STATIC_KEY];
	return typeof record === 'object' && record !== null && !Array.isArray(record)
		? (record as Record<string, number>)
		: {};
}

/**
 * The saved record and this process's, merged ("run" wins over "being taken"), this delivery's
 * own events as run (this copy is saved only once its execution exists), without what is too
 * old, newest kept.
 */
function save(
	staticData: IDataObject,
	saved: Record<string, number>,
	here: Map<string, number>,
	own: string[],
	now: number,
): void {
	const merged = new Map<string, number>();
	const add = (key: string, at: number) => {
		const known = merged.get(key);
		if (
			known === undefined ||
			(at > 0 && (known < 0 || at > known)) ||
			(at < 0 && known < 0 && at < known)
		)
			merged.set(key, at);
	};
	for (const [key, at] of Object.entries(saved)) if (typeof at === 'number') add(key, at);
	for (const [key, at] of here) add(key, at);
	for (const key of own) merged.set(key, now);
	const kept = [...merged]
		.filter(([, at]) => (at > 0 ? now - at < KEPT_MS : now + at < IN_FLIGHT_MS))
		.sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
		.slice(0, MAX_KEPT);
	// The process keeps what it saved, and no more: its memory stays bounded too.
	const ownHere = new Map(own.map((key) => [key, here.get(key)]));
	here.clear();
	for (const [key, at] of kept) here.set(key, ownHere.has(key) ? (ownHere.get(key) ?? at) : at);
	staticData[STATIC_KEY] = Object.fromEntries(kept);
}
