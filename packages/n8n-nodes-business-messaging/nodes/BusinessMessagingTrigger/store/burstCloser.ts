import { sleep } from 'n8n-workflow';
import { MAX_BURST_MESSAGES, MAX_BURST_MS } from '../delivery/bursts';
import { handOverBurst, handOversPending, type HandOver } from '../delivery/burstHandOver';
import type { TriggerEvent } from '../events';
import type { DataTables, Row } from '../../common/store/dataTables';
import {
	CLAIM_MS,
	claimBursts,
	reclaim,
	releaseBurst,
	renewClaim,
	overdueRows,
	staleClaimRows,
	waitingRows,
	type HeldBurst,
} from './burstTable';
import { careForTables } from './tableCare';

/**
 * Closes the bursts kept in n8n's database, in each process, one loop per trigger (no timers in a
 * verified package: the loop waits with n8n-workflow's sleep).
 *
 * - Fast path: a process closes the chats it added messages to, once their quiet time passed as
 *   it knows it; it reads the chat again first, since another process may have added a message.
 * - Sweep: every SWEEP_MS it also looks for what no live process is closing: bursts whose quiet
 *   time passed long ago (their process stopped) and claims left unfinished (CLAIM_MS). So a
 *   process that starts (the trigger's activation starts the loop) or any live one that takes a
 *   delivery hands over what another left.
 *
 * The loop ends after IDLE_MS with nothing due and nothing found; the next delivery or
 * activation starts it again.
 */

const SWEEP_MS = 5_000;
/** A burst is the sweep's once its quiet time passed this long ago (the fast path had its turn). */
const SWEEP_GRACE_MS = 3_000;
const IDLE_MS = 60_000;
/**
 * Pauses between the tries of a hand-over (about a minute and a half in all, then the sweep tries
 * again): longer than a hand-over's claim lasts in the trigger that takes it once its process
 * stopped (eventClaims.ts › TAKING_MS), during which it is answered 503.
 */
const HAND_OVER_WAITS_MS = [500, 1000, 2000, 4000, 8000, 15000, 30000, 30000];
const HAND_OVER_TIMEOUT_MS = 20_000;
/** A claim older than this is renewed before the next try, so that it never reaches CLAIM_MS. */
const RENEW_AFTER_MS = CLAIM_MS / 3;

/** What the loop needs, refreshed by each delivery (a changed credential applies at once). */
export interface CloserEnvironment {
	store: DataTables;
	handOver: HandOver | undefined;
	quietMs: number;
}

interface Closer {
	env: CloserEnvironment;
	/** Chats this process added to, and when each is due to close (ms). */
	due: Map<string, number>;
	running: boolean;
	/** Hand-overs under way: the loop lives until they end. */
	handingOver: number;
	lastSweep: number;
	/** When the store last failed, for one log line a minute. */
	lastComplaint: number;
}

const closers = new Map<string, Closer>();

/** Chats (waiting keys) with a delivery being kept by this process right now, and how many. */
const arrivingNow = new Map<string, number>();
/** A chat with a message still being kept is looked at again this much later. */
const ARRIVING_WAIT_MS = 250;

/** Notes deliveries of these chats under way here; the returned function says they are done. */
export function arriving(keys: string[]): () => void {
	for (const key of keys) arrivingNow.set(key, (arrivingNow.get(key) ?? 0) + 1);
	return () => {
		for (const key of keys) {
			const left = (arrivingNow.get(key) ?? 1) - 1;
			if (left > 0) arrivingNow.set(key, left);
			else arrivingNow.delete(key);
		}
	};
}

/**
 * Notes that these chats (waiting keys) of the trigger got messages at `now`, and makes sure the
 * trigger's loop runs. With no keys it only starts the loop (the trigger's activation).
 */
export function closeLater(
	trigger: string,
	env: CloserEnvironment,
	keys: string[] = [],
	now = Date.now(),
): void {
	let closer = closers.get(trigger);
	if (!closer) {
		closer = {
			env,
			due: new Map(),
			running: false,
			handingOver: 0,
			lastSweep: 0,
			lastComplaint: 0,
		};
		closers.set(trigger, closer);
	}
	closer.env = env;
	for (const key of keys)
		closer.due.set(key, Math.max(closer.due.get(key) ?? 0, now + env.quietMs));
	if (!closer.running) void run(trigger, closer);
}

/** Stops the trigger's loop (the workflow was unpublished). */
export function stopClosing(trigger: string): void {
	const closer = closers.get(trigger);
	if (closer) closer.due.clear();
	closers.delete(trigger);
}

async function run(trigger: string, closer: Closer): Promise<void> {
	closer.running = true;
	let busyAt = Date.now();
	try {
		while (closers.get(trigger) === closer) {
			const now = Date.now();
			try {
				const ready = [...closer.due].filter(([, at]) => at <= now).map(([key]) => key);
				if (ready.length > 0) {
					for (const key of ready) closer.due.delete(key);
					await closeQuiet(trigger, closer, ready);
					busyAt = now;
				}
				if (now - closer.lastSweep >= SWEEP_MS) {
					closer.lastSweep = now;
					if (await sweep(trigger, closer)) busyAt = now;
					await careForTables(closer.env.store);
				}
			} catch (error) {
				complain(closer, error);
			}
			if (closer.handingOver > 0) busyAt = Date.now();
			if (closer.due.size === 0 && Date.now() - busyAt > IDLE_MS) break;
			const next = Math.min(...closer.due.values(), closer.lastSweep + SWEEP_MS);
			// A due time that is not a number would make this loop spin: then wait for the sweep.
			await sleep(Number.isFinite(next) ? Math.max(25, next - Date.now()) : SWEEP_MS);
		}
	} finally {
		closer.running = false;
	}
}

/**
 * Closes the chats whose quiet time has passed as the store now says (another process may have
 * added a message: then the chat is due later), and hands their bursts over.
 */
async function closeQuiet(trigger: string, closer: Closer, keys: string[]): Promise<void> {
	const now = Date.now();
	// A message of the chat is still being kept here: its burst is not quiet yet.
	for (const key of keys.filter((k) => arrivingNow.has(k)))
		closer.due.set(key, Math.max(closer.due.get(key) ?? 0, now + ARRIVING_WAIT_MS));
	keys = keys.filter((key) => !arrivingNow.has(key));
	if (keys.length === 0) return;
	const byChat = new Map<string, Row[]>();
	for (const row of await waitingRows(closer.env.store, keys))
		byChat.set(String(row.waiting), [...(byChat.get(String(row.waiting)) ?? []), row]);
	const quiet: string[] = [];
	for (const [key, rows] of byChat) {
		const due = dueAt(rows, closer.env.quietMs);
		if (due <= now) quiet.push(key);
		else closer.due.set(key, Math.max(closer.due.get(key) ?? 0, due));
	}
	if (quiet.length === 0) return;
	handOver(closer, await claimBursts(closer.env.store, quiet));
}

/** When a burst closes: quiet time after its last message, at most MAX_BURST_MS after its first. */
function dueAt(rows: Row[], quietMs: number): number {
	if (rows.length >= MAX_BURST_MESSAGES) return 0;
	const arrived = rows.map((row) => Number(row.arrivedAt) || 0);
	return Math.min(Math.max(...arrived) + quietMs, Math.min(...arrived) + MAX_BURST_MS);
}

/**
 * Hand-overs this process may have waiting before its sweep takes no more: what it claims must
 * start before its claim ages (CLAIM_MS), or another process takes it over, and the backlog only
 * moves from one process to the other. What it leaves stays in the store for a live process.
 */
const MAX_PENDING_FOR_SWEEP = 100;

/** What no live process is closing; true when it found any. */
async function sweep(trigger: string, closer: Closer): Promise<boolean> {
	if (handOversPending() >= MAX_PENDING_FOR_SWEEP) return true;
	const now = Date.now();
	const store = closer.env.store;
	const overdue = new Set<string>();
	for (const row of await overdueRows(store, trigger, now - closer.env.quietMs - SWEEP_GRACE_MS))
		if (typeof row.waiting === 'string' && row.waiting !== '') overdue.add(row.waiting);
	const stale = new Set<string>();
	for (const row of await staleClaimRows(store, trigger, now - CLAIM_MS))
		if (typeof row.claim === 'string') stale.add(row.claim);
	if (overdue.size > 0) await closeQuiet(trigger, closer, [...overdue]);
	for (const claim of stale) {
		const bursts = await reclaim(store, claim);
		if (bursts.length > 0)
			closer.env.handOver?.logger.warn(
				`Business Messaging Trigger: ${bursts.length} burst(s) claimed by a process that stopped before their executions started are handed over again (a duplicate if that process had started one)`,
			);
		handOver(closer, bursts);
	}
	return overdue.size > 0 || stale.size > 0;
}

/**
 * Each burst to its trigger (burstHandOver.ts: a few at a time), without holding up the loop; its
 * rows go once its execution exists. One that fails stays claimed: the sweep takes it again after
 * CLAIM_MS. A claim is renewed before a try when it grew old waiting its turn.
 */
function handOver(closer: Closer, bursts: HeldBurst[]): void {
	const target = closer.env.handOver;
	const store = closer.env.store;
	for (const burst of bursts) {
		closer.handingOver++;
		void (async () => {
			try {
				if (burst.events.length === 0) return await releaseBurst(store, burst);
				// Kept: a trigger with no webhook URL has no way to start it yet.
				if (!target) return;
				const settings: HandOver = {
					...target,
					timeoutMs: HAND_OVER_TIMEOUT_MS,
					kept: true,
					beforeTry: async () => {
						if (Date.now() - burst.claimedAt < RENEW_AFTER_MS) return true;
						try {
							return await renewClaim(store, burst);
						} catch {
							// The store down: no other process can take the claim over either.
							return true;
						}
					},
				};
				if (await handOverBurst(settings, burst.events as TriggerEvent[], HAND_OVER_WAITS_MS))
					await releaseBurst(store, burst);
			} catch (error) {
				// Its execution exists; its rows stay until the sweep hands it over again (a duplicate).
				complain(closer, error);
			} finally {
				closer.handingOver--;
			}
		})();
	}
}

/** The store failing: said once a minute, not once a loop. */
function complain(closer: Closer, error: unknown): void {
	const now = Date.now();
	if (now - closer.lastComplaint < 60_000) return;
	closer.lastComplaint = now;
	const said = error instanceof Error ? error.message : String(error);
	closer.env.handOver?.logger.error(
		`Business Messaging Trigger: the bursts kept in n8n's database cannot be closed now (${said}); they are kept and closed once it answers`,
	);
}
