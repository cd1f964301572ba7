import { chatOf, sentAt } from '../delivery/bursts';
import type { TriggerEvent } from '../events';
import {
	all,
	any,
	chunks,
	eq,
	type Condition,
	type DataTables,
	type Row,
} from '../../common/store/dataTables';
import { newClaimId } from './eventClaims';
import { BURSTS_TABLE } from './tables';

/**
 * Collect Bursts in n8n's database: a burst is the rows of one chat still `waiting`. Any process
 * may add a message (an insert, committed before the delivery is answered 200) and any process
 * may close a quiet chat. Closing is one update with a filter: `waiting` set to empty and
 * `claim` to the closer's ID for the rows still waiting. n8n runs it as one UPDATE … WHERE
 * (RETURNING on PostgreSQL; on SQLite inside one write transaction), so each row is claimed by
 * exactly one closer, and a message either joins the burst being closed or stays for the next
 * one (docs/ARCHITECTURE.md, "The store's protocols"). The rows are deleted once n8n has
 * created the burst's execution; rows claimed by a process that died are claimed again after
 * CLAIM_MS by a live one (a duplicate only if the dead one had started the execution).
 */

/** A claim not finished after this long belongs to a process that stopped: claimed again. */
export const CLAIM_MS = 60_000;

export interface HeldBurst {
	/** The rows' IDs, deleted once the burst's execution exists. */
	rowIds: number[];
	events: TriggerEvent[];
	/** The claim on its rows, and when it was made or last renewed (ms). */
	claim: string;
	claimedAt: number;
}

/** The key of a chat's burst: the trigger and the chat. */
export const waitingKey = (trigger: string, chat: string) => `${trigger}|${chat}`;

/** Adds messages to their chats' bursts (one insert); `chats[i]` is the chat of `messages[i]`. */
export async function holdInTable(
	store: DataTables,
	trigger: string,
	messages: Array<{ chat: string; event: TriggerEvent; arrival: number }>,
	now = Date.now(),
): Promise<void> {
	await store.insertGrouped(
		BURSTS_TABLE,
		messages.map(({ chat, event, arrival }) => ({
			trigger,
			waiting: waitingKey(trigger, chat),
			claim: null,
			claimedAt: null,
			arrivedAt: now,
			arrival,
			messageId: typeof event.messageId === 'string' ? event.messageId : null,
			event: JSON.stringify(event),
		})),
	);
}

/** The rows still waiting in these bursts. */
export async function waitingRows(store: DataTables, keys: string[]): Promise<Row[]> {
	const rows: Row[] = [];
	for (const group of chunks(keys))
		rows.push(...(await store.rows(BURSTS_TABLE, any(group.map((key) => eq('waiting', key))))));
	return rows;
}

/**
 * What a sweep reads at most of each kind: a page. Reading every row of a backlog, messages and
 * all, twice every few seconds in each process, took n8n's API most of its time (10,000 chats
 * in queue mode: bursts started at 4 a second).
 */
const SWEEP_ROWS = 250;

/** The first SWEEP_ROWS rows of the trigger that meet `conditions`. */
async function sweepRows(store: DataTables, trigger: string, ...conditions: Condition[]) {
	return await store.rows(
		BURSTS_TABLE,
		all(eq('trigger', trigger), ...conditions),
		undefined,
		SWEEP_ROWS,
	);
}

/** Rows of the trigger still waiting that arrived before `before` (their process may be gone). */
export async function overdueRows(
	store: DataTables,
	trigger: string,
	before: number,
): Promise<Row[]> {
	return await sweepRows(
		store,
		trigger,
		{ columnName: 'waiting', condition: 'neq', value: null },
		{ columnName: 'arrivedAt', condition: 'lt', value: before },
	);
}

/** Rows of the trigger whose claim was made or renewed before `before` (its process stopped). */
export async function staleClaimRows(
	store: DataTables,
	trigger: string,
	before: number,
): Promise<Row[]> {
	return await sweepRows(store, trigger, {
		columnName: 'claimedAt',
		condition: 'lt',
		value: before,
	});
}

/** Closes these bursts: their waiting rows, claimed by this caller alone, by burst. */
export async function claimBursts(store: DataTables, keys: string[]): Promise<HeldBurst[]> {
	const bursts: HeldBurst[] = [];
	for (const group of chunks(keys, 200)) {
		const claim = newClaimId();
		const claimedAt = Date.now();
		const rows = await store.update(BURSTS_TABLE, any(group.map((key) => eq('waiting', key))), {
			waiting: null,
			claim,
			claimedAt,
		});
		bursts.push(...burstsOf(rows, claim, claimedAt));
	}
	return bursts;
}

/** Takes over a claim that a stopped process left (compare-and-set on its claim ID). */
export async function reclaim(store: DataTables, oldClaim: string): Promise<HeldBurst[]> {
	const claim = newClaimId();
	const claimedAt = Date.now();
	const rows = await store.update(BURSTS_TABLE, all(eq('claim', oldClaim)), { claim, claimedAt });
	return burstsOf(rows, claim, claimedAt);
}

/**
 * Renews a claim that is still this caller's (compare-and-set on its ID); false when another
 * process took it over.
 */
export async function renewClaim(store: DataTables, burst: HeldBurst): Promise<boolean> {
	const claimedAt = Date.now();
	const rows = await store.update(BURSTS_TABLE, all(eq('claim', burst.claim)), { claimedAt });
	if (rows.length > 0) burst.claimedAt = claimedAt;
	return rows.length > 0;
}

/** The burst's rows go once n8n has created its execution. */
export async function releaseBurst(store: DataTables, burst: HeldBurst): Promise<void> {
	for (const group of chunks(burst.rowIds))
		await store.remove(BURSTS_TABLE, any(group.map((id) => eq('id', id))));
}

/**
 * The claimed rows by chat, each burst's messages in the order the customer sent them (the
 * platform's timestamp in seconds, then the order the deliveries came), a message delivered twice
 * once.
 */
function burstsOf(rows: Row[], claim: string, claimedAt: number): HeldBurst[] {
	const byChat = new Map<string, Array<{ row: Row; event: TriggerEvent }>>();
	for (const row of rows) {
		let event: TriggerEvent;
		try {
			event = JSON.parse(String(row.event)) as TriggerEvent;
		} catch {
			continue;
		}
		const chat = chatOf(event) ?? '';
		byChat.set(chat, [...(byChat.get(chat) ?? []), { row, event }]);
	}
	return [...byChat.values()].map((held) => {
		held.sort(
			(a, b) =>
				sentAt(a.event) - sentAt(b.event) ||
				Number(a.row.arrivedAt) - Number(b.row.arrivedAt) ||
				Number(a.row.arrival) - Number(b.row.arrival) ||
				a.row.id - b.row.id,
		);
		const seen = new Set<string>();
		const events = held
			.filter(({ event }) => {
				const id = typeof event.messageId === 'string' ? event.messageId : undefined;
				if (id === undefined) return true;
				if (seen.has(id)) return false;
				seen.add(id);
				return true;
			})
			.map(({ event }) => event);
		return { rowIds: held.map(({ row }) => row.id), events, claim, claimedAt };
	});
}
