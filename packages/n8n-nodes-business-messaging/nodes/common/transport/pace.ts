import { sleep } from 'n8n-workflow';

/**
 * The pace of the sends of one number, learned from the platform's answers. The platform holds a
 * number to a throughput (the Cloud API: 80 messages a second by default, more for some numbers,
 * never published per number) and refuses a send over it with code 130429 without processing it.
 * A campaign sent as fast as n8n can would be refused again and again, and its sends would fail
 * once their retries ran out. So the sends of a number go out unpaced until the platform first
 * refuses one for throughput; from then on they are spaced to just under the rate the platform
 * accepts, and the pace creeps up while no refusal comes (2% a second), to find a higher limit
 * again. A refused send goes out again at its next slot: it was not processed.
 *
 * The rate the platform accepts: at a refusal the platform's allowance for the number is spent,
 * so between two refusals it accepted exactly what it refills; the sends it accepted between them,
 * over the time between them, measure its limit whatever burst it allows. At the first refusal
 * only the last second is known (a burst may be in it): the cut is then deeper, and the second
 * refusal corrects it.
 *
 * The pace lives in the process, per base URL and number: the items of a run, the runs of a
 * workflow and every workflow sending from that number in this process share it. It is forgotten
 * after a minute without sends (the limit may have changed).
 */
interface Pace {
	/** Sends a second; undefined while the platform has refused nothing. */
	rate?: number;
	/** When the next send may leave (ms since the epoch). */
	nextAt: number;
	/** When sends the platform accepted were answered, since the last cut (at most 10 s of them). */
	accepted: number[];
	/** When the rate was last cut (0: never), and last raised. */
	cutAt: number;
	raisedAt: number;
	usedAt: number;
}

/** Paces remembered at most; the oldest unused ones go first. */
const MAX_PACES = 1000;
const FORGET_AFTER_MS = 60_000;
/** The rate after a refusal, against the rate the platform accepted. */
const CUT = 0.95;
/** The first cut, against the last second (which may hold a burst). */
const FIRST_CUT = 0.9;
/** How much faster the pace gets per second while it holds sends back. */
const RAISE_PER_SECOND = 1.02;
/**
 * A cut is measured over at least this long: a shorter stretch holds too few sends to measure a
 * rate, and a refusal inside it only pauses.
 */
const MIN_MEASURE_MS = 1000;
/** After a cut nothing leaves for this long: the refused sends find the allowance refilled. */
const PAUSE_AFTER_CUT_MS = 250;
const MEASURED_MS = 10_000;
const MIN_RATE = 0.2;
/** Sends accepted in the second before a first refusal that make a measure of the rate. */
const MIN_FIRST_SAMPLE = 5;

const paces = new Map<string, Pace>();

function paceOf(key: string, now: number): Pace {
	let pace = paces.get(key);
	if (pace && now - pace.usedAt > FORGET_AFTER_MS) pace = undefined;
	if (!pace) {
		if (paces.size >= MAX_PACES) forgetOldest();
		pace = { nextAt: now, accepted: [], cutAt: 0, raisedAt: now, usedAt: now };
		paces.set(key, pace);
	}
	pace.usedAt = now;
	return pace;
}

function forgetOldest(): void {
	const oldest = [...paces.entries()].sort(([, a], [, b]) => a.usedAt - b.usedAt);
	for (const [key] of oldest.slice(0, Math.ceil(MAX_PACES / 10))) paces.delete(key);
}

/** Waits for the next slot of this number's pace (at once while it is unpaced). */
export async function takeSlot(key: string, now = Date.now()): Promise<void> {
	const pace = paceOf(key, now);
	if (pace.rate === undefined) {
		if (pace.nextAt > now) await sleep(pace.nextAt - now);
		return;
	}
	// Only a pace that holds sends back speeds up: a slower sender earns no credit.
	if (pace.nextAt > now) raise(pace, now);
	else pace.raisedAt = now;
	const slot = Math.max(now, pace.nextAt);
	pace.nextAt = slot + 1000 / pace.rate;
	if (slot > now) await sleep(slot - now);
}

/** The platform accepted a send of this number. */
export function sendAccepted(key: string, now = Date.now()): void {
	const pace = paceOf(key, now);
	pace.accepted.push(now);
	while (pace.accepted.length > 0 && pace.accepted[0] <= now - MEASURED_MS) pace.accepted.shift();
}

/**
 * The platform refused a send of this number for its throughput: the pace drops to just under
 * the rate it accepts, nothing leaves for a moment (or for `retryAfterMs` if it named a wait).
 * `sentAt` is when the refused send left: a send that left before the last cut was in flight at
 * it, and its refusal is that cut's, however late it is answered (on a loaded machine, seconds
 * later). Measured again, it would find nothing accepted since the cut and drop the pace to a
 * crawl.
 */
export function sendRefused(
	key: string,
	retryAfterMs?: number,
	now = Date.now(),
	sentAt = now,
): void {
	const pace = paceOf(key, now);
	const measured = acceptedRate(pace, now);
	// A first refusal with (almost) nothing accepted before it says nothing of the rate (another
	// sender may have spent the allowance): only a pause, no pace yet.
	const newRefusal =
		pace.rate === undefined || (sentAt >= pace.cutAt && now - pace.cutAt >= MIN_MEASURE_MS);
	if (measured !== undefined && newRefusal) {
		pace.rate = Math.max(MIN_RATE, Math.min(pace.rate ?? Infinity, measured));
		pace.accepted = [];
		pace.cutAt = now;
		pace.raisedAt = now;
	}
	pace.nextAt = Math.max(pace.nextAt, now + (retryAfterMs ?? PAUSE_AFTER_CUT_MS));
}

/**
 * Just under the rate the platform accepted: since the last cut, or in the last second before
 * the first one (undefined when that second holds fewer than MIN_FIRST_SAMPLE sends).
 */
function acceptedRate(pace: Pace, now: number): number | undefined {
	const since = pace.cutAt > 0 ? Math.max(pace.cutAt, now - MEASURED_MS) : now - 1000;
	const count = pace.accepted.filter((at) => at > since).length;
	if (pace.cutAt > 0) return (CUT * count * 1000) / Math.max(now - since, 1);
	return count < MIN_FIRST_SAMPLE ? undefined : FIRST_CUT * count;
}

/** A pace that held sends back speeds up with time, so that a raised limit is found. */
function raise(pace: Pace, now: number): void {
	if (pace.rate === undefined) return;
	const seconds = (now - pace.raisedAt) / 1000;
	if (seconds < 0.25) return;
	pace.rate *= RAISE_PER_SECOND ** seconds;
	pace.raisedAt = now;
}

/** The current rate of a number (for tests and diagnostics); undefined while unpaced. */
export function currentRate(key: string): number | undefined {
	return paces.get(key)?.rate;
}

/** Forgets every pace (tests). */
export function forgetPaces(): void {
	paces.clear();
}
