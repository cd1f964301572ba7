import { randomBytes } from 'crypto';
import { all, eq, type DataTables } from '../../common/store/dataTables';
import { CLAIMS_TABLE } from './tables';

/**
 * Claims in n8n's database: "this event is taken" (Skip Redeliveries) and "this minute's refusal
 * report is sent" (Report Refusals), each at most once across every process of the n8n.
 *
 * n8n's data tables have no unique column, and an upsert is not atomic on PostgreSQL, so a claim
 * is an insert followed by a read (the argument, from the SQL n8n runs, is in
 * docs/ARCHITECTURE.md, "The store's protocols"):
 *
 * 1. insert my row (key, my claim, taking, until = now + lease);
 * 2. read every row of the key;
 * 3. mine wins if no other row of the key still counts (until >= now).
 *
 * Two claims of one key cannot both win: each insert commits before its read starts, so whichever
 * read starts later sees the other's row. Both may lose (each saw the other): then the delivery
 * is answered 503 and the platform delivers it again. A claim that lost is deleted.
 */

/**
 * A taking row counts this long unless renewed: the delivery (or hand-over) that holds it renews it
 * every TAKING_RENEW_MS while n8n has not answered it, so a slow one keeps its claim and one whose
 * process stopped loses it within a minute (its redeliveries are answered 503 until then).
 */
export const TAKING_MS = 60 * 1000;
export const TAKING_RENEW_MS = 20 * 1000;
/** A redelivery comes within minutes; a run event is remembered for a day. */
export const RUN_KEPT_MS = 24 * 60 * 60 * 1000;

export interface EventClaim {
	/** The keys another delivery already ran: their events start nothing. */
	run: Set<string>;
	/** Another delivery is taking one of the keys right now: answer 503, nothing was kept. */
	busy: boolean;
	/** Once n8n answered the delivery: `ran` keeps the claim as run for a day, else frees it. */
	settle: (ran: boolean) => Promise<void>;
	/** While the delivery is under way: its taking rows count TAKING_MS more. */
	renew: () => Promise<void>;
}

export function newClaimId(): string {
	return randomBytes(12).toString('base64url');
}

/** Claims `keys` (already unique to the trigger) for one delivery. */
export async function claimKeys(store: DataTables, keys: string[]): Promise<EventClaim> {
	const claim = newClaimId();
	const unique = [...new Set(keys)];
	const now = Date.now();
	await store.insertGrouped(
		CLAIMS_TABLE,
		unique.map((key) => ({ key, claim, state: 'taking', until: now + TAKING_MS })),
	);
	// Read after the insert committed (grouped with other deliveries' reads that wait meanwhile).
	const rows = await store.rowsGrouped(CLAIMS_TABLE, 'key', unique);
	const checkedAt = Date.now();
	const run = new Set<string>();
	let busy = false;
	for (const row of rows) {
		if (row.claim === claim || Number(row.until) < checkedAt) continue;
		if (row.state === 'run') run.add(String(row.key));
		else busy = true;
	}
	const free = async () => await store.remove(CLAIMS_TABLE, all(eq('claim', claim)));
	if (busy) {
		await free();
		return { run: new Set(), busy: true, settle: async () => {}, renew: async () => {} };
	}
	// Every key already ran (a redelivery, a hand-over tried again): the rows that say so stay,
	// these would only repeat them for a day. (In the hour after the 10,000-chat run, while stuck
	// hand-overs were tried again, the events table grew from 66,694 rows to 237,201.)
	if (run.size === unique.length) {
		await free();
		return { run, busy: false, settle: async () => {}, renew: async () => {} };
	}
	return {
		run,
		busy: false,
		// Only rows still taking: a renewal that comes after the settle must not shorten a run.
		renew: async () =>
			void (await store.update(CLAIMS_TABLE, all(eq('claim', claim), eq('state', 'taking')), {
				until: Date.now() + TAKING_MS,
			})),
		settle: async (ran) => {
			if (!ran) return void (await free());
			const recorded = await store.updateGrouped(CLAIMS_TABLE, 'claim', [claim], () => ({
				state: 'run',
				until: Date.now() + RUN_KEPT_MS,
			}));
			// Rows that lapsed while the store was out of reach (and were cleared away) are written
			// again: an update of no row records nothing, and a redelivery would run the event again
			// (the 10,000-chat run: bursts handed over as the main stopped ran twice).
			const kept = new Set(recorded.map((row) => String(row.key)));
			const lost = unique.filter((key) => !kept.has(key) && !run.has(key));
			await store.insertGrouped(
				CLAIMS_TABLE,
				lost.map((key) => ({ key, claim, state: 'run', until: Date.now() + RUN_KEPT_MS })),
			);
		},
	};
}

/**
 * The Report Refusals minute: true for the one caller, across processes, that may send this
 * minute's report for `trigger`. Asked at most once a minute by each process (refusalReport.ts),
 * so that forged deliveries cannot turn into load on the store.
 */
export async function claimReportMinute(
	store: DataTables,
	trigger: string,
	everyMs: number,
	now = Date.now(),
): Promise<boolean> {
	const key = `refusal|${trigger}`;
	const live = (await store.rows(CLAIMS_TABLE, all(eq('key', key)))).filter(
		(row) => Number(row.until) >= now,
	);
	if (live.length > 0) return false;
	const claim = newClaimId();
	await store.insert(CLAIMS_TABLE, [{ key, claim, state: 'run', until: now + everyMs }]);
	const checkedAt = Date.now();
	const rows = await store.rows(CLAIMS_TABLE, all(eq('key', key)));
	const won = !rows.some((row) => row.claim !== claim && Number(row.until) >= checkedAt);
	if (!won) await store.remove(CLAIMS_TABLE, all(eq('claim', claim)));
	return won;
}

/** Deletes the rows that no longer count (tableCare.ts calls it now and then). */
export async function removeExpiredClaims(store: DataTables, now = Date.now()): Promise<void> {
	await store.remove(
		CLAIMS_TABLE,
		all({ columnName: 'until', condition: 'lt', value: now - 60_000 }),
	);
}
