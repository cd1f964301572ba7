import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import type { TriggerEvent } from '../events';

/**
 * Skip Redeliveries: the platform delivers at least once, so the same message or status can
 * come twice (a lost answer, a retry). An event taken once is remembered by its ID for a day;
 * a redelivery of it starts nothing.
 *
 * Where it is remembered: in the trigger's static data, which n8n keeps in its database, loads
 * for every delivery and saves after it, on whichever process takes the delivery; so the record
 * survives restarts and is shared by n8n's webhook processes. n8n saves static data whole (the
 * last save wins), so two deliveries taken at the same time would each save their own copy; the
 * process's own record is therefore merged into every save, and within a process nothing is
 * forgotten. Two processes taking the same event in the same instant can both start it: n8n
 * offers a trigger no atomic shared store (its deduplication helpers exist only in executions).
 */

/** A redelivery comes within minutes; a day is kept. */
const KEPT_MS = 24 * 60 * 60 * 1000;
/** At most this many events are remembered (about 30 bytes each in the static data). */
const MAX_KEPT = 5000;
const STATIC_KEY = 'takenEvents';

/** What this process took, per trigger: event digest → when (ms). */
const takenHere = new Map<string, Map<string, number>>();

/** The event's identity: the message's ID, a status of a message, a template's update. */
export function eventIdentity(event: TriggerEvent): string | undefined {
	const id = typeof event.messageId === 'string' ? event.messageId : undefined;
	if (event.eventType === 'incomingMessage') return id && `message:${id}`;
	if (event.eventType === 'messageStatus')
		return (
			id &&
			`status:${id}:${String(event.status)}:${String(event.recipient ?? event.recipientUserId)}`
		);
	if (event.eventType.startsWith('template') && event.timestampUnix !== undefined)
		return `${event.eventType}:${String(event.templateId)}:${String(event.timestampUnix)}:${JSON.stringify(event.raw)}`;
	// Other events carry no identity; two equal ones may be two real events, so both pass.
	return undefined;
}

function digest(identity: string): string {
	return createHash('sha256').update(identity).digest('base64url').slice(0, 16);
}

/**
 * The events not taken before, in order; records them. `trigger` names the trigger (workflow
 * and node, and test or production) for this process's record; n8n saves no static data for the
 * editor's test, so the saved record is production's.
 */
export function withoutRedeliveries(
	events: TriggerEvent[],
	staticData: IDataObject,
	trigger: string,
	now = Date.now(),
): { fresh: TriggerEvent[] } {
	const here = takenHere.get(trigger) ?? new Map<string, number>();
	takenHere.set(trigger, here);
	const saved = savedRecord(staticData);
	const fresh: TriggerEvent[] = [];
	for (const event of events) {
		const identity = eventIdentity(event);
		if (identity === undefined) {
			fresh.push(event);
			continue;
		}
		const key = digest(identity);
		const savedAt = saved[key];
		if (here.has(key) || (typeof savedAt === 'number' && now - savedAt < KEPT_MS)) continue;
		here.set(key, now);
		fresh.push(event);
	}
	if (fresh.some((e) => eventIdentity(e) !== undefined)) save(staticData, saved, here, now);
	return { fresh };
}

function savedRecord(staticData: IDataObject): Record<string, number> {
	const record = staticData[STATIC_KEY];
	return typeof record === 'object' && record !== null && !Array.isArray(record)
		? (record as Record<string, number>)
		: {};
}

/** The saved record and this process's, merged, without what is too old, newest kept. */
function save(
	staticData: IDataObject,
	saved: Record<string, number>,
	here: Map<string, number>,
	now: number,
): void {
	const merged = new Map<string, number>();
	for (const [key, at] of Object.entries(saved)) if (typeof at === 'number') merged.set(key, at);
	for (const [key, at] of here) merged.set(key, Math.max(at, merged.get(key) ?? 0));
	const kept = [...merged]
		.filter(([, at]) => now - at < KEPT_MS)
		.sort((a, b) => b[1] - a[1])
		.slice(0, MAX_KEPT);
	// The process keeps what it saved, and no more: its memory stays bounded too.
	here.clear();
	for (const [key, at] of kept) here.set(key, at);
	staticData[STATIC_KEY] = Object.fromEntries(kept);
}
