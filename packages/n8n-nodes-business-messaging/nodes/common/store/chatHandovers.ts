import { chatKeys } from './chatKeys';

/**
 * Who handles a chat: the workflow, or a person (issue 50). A chat is handed over by a person
 * answering from the WhatsApp Business app (the trigger's Pause the Workflow When a Person
 * Answers); while it is, the trigger starts nothing for its messages, or marks them (Skip Chats a
 * Person Is Handling). The state is the chat's, not a trigger's: every trigger that keeps its
 * state in the same place sees it. A chat has a key per identity of the customer (their number,
 * their user ID), as a question does.
 *
 * Each change is a record with its time, and the newest record of a chat says who handles it:
 * two changes made at once (a person answers while the chat is handed back) need no lock, and
 * the store needs no update in place (handoverTable.ts).
 */

export interface Handover {
	/** Who handed the chat over: a person by answering, or the workflow (Chat › Hand Over). */
	by: 'person' | 'workflow';
	/** When (ms), and until when it holds (ms): then the chat is the workflow's again. */
	at: number;
	until: number;
	note?: string;
}

/** A record of the chat: handed over, or handed back at `at`. */
export interface HandoverRecord extends Handover {
	state: 'handedOver' | 'handedBack';
}

export interface HandoverStore {
	/** Records a change of the chat of `customers` on the number. */
	record(phoneNumberId: unknown, customers: string[], change: HandoverRecord): Promise<void>;
	/** The handovers in force at `now` of these chats, by the chat's first key. */
	inForce(
		chats: Array<{ phoneNumberId: unknown; customers: string[] }>,
		now: number,
	): Promise<Map<string, Handover>>;
}

/** The longest a handover may last (Chat › Hand Over's Time Limit is at most this). */
export const MAX_HANDOVER_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The record that hands a chat back at `at`. It is kept as long as the longest handover it may
 * end: the database store deletes a row a day after its `until`, and an older handover whose row
 * outlived this one would count again.
 */
export function handedBack(at: number): HandoverRecord {
	return { state: 'handedBack', by: 'workflow', at, until: at + MAX_HANDOVER_MS };
}

/** The key a chat is answered under: its first identity's. */
export function chatKeyOf(phoneNumberId: unknown, customers: string[]): string | undefined {
	return chatKeys(phoneNumberId, customers)[0];
}

/** The newest record of a chat, if it hands the chat over and still holds at `now`. */
export function handoverInForce(records: HandoverRecord[], now: number): Handover | undefined {
	const newest = records.reduce<HandoverRecord | undefined>(
		(a, b) => (a === undefined || b.at >= a.at ? b : a),
		undefined,
	);
	if (newest?.state !== 'handedOver' || newest.until <= now) return undefined;
	return {
		by: newest.by,
		at: newest.at,
		until: newest.until,
		...(newest.note !== undefined ? { note: newest.note } : {}),
	};
}

/** At most this many chats are remembered in a process; the oldest records go first. */
const MAX_CHATS = 100_000;

/**
 * In this n8n process: shared by every trigger of the process, lost on a restart, unseen by
 * another process (the user's guide says so; n8n's database shares it).
 */
export class ProcessHandovers implements HandoverStore {
	private static readonly chats = new Map<string, HandoverRecord>();

	async record(phoneNumberId: unknown, customers: string[], change: HandoverRecord) {
		const chats = ProcessHandovers.chats;
		for (const key of chatKeys(phoneNumberId, customers)) {
			const known = chats.get(key);
			if (known && known.at > change.at) continue;
			chats.delete(key);
			chats.set(key, change);
		}
		// A Map keeps insertion order: the first keys are the oldest changes.
		for (const key of chats.keys()) {
			if (chats.size <= MAX_CHATS) break;
			chats.delete(key);
		}
	}

	async inForce(chats: Array<{ phoneNumberId: unknown; customers: string[] }>, now: number) {
		const found = new Map<string, Handover>();
		for (const { phoneNumberId, customers } of chats) {
			const keys = chatKeys(phoneNumberId, customers);
			const records = keys.flatMap((key) => ProcessHandovers.chats.get(key) ?? []);
			const handover = handoverInForce(records, now);
			if (handover && keys[0] !== undefined) found.set(keys[0], handover);
		}
		return found;
	}
}
