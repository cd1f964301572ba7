import { sleep, type IDataObject } from 'n8n-workflow';
import type { TriggerEvent } from '../events';

/**
 * Collect Bursts: a customer who types three short messages in a row should get one answer, not
 * three. A chat's messages are held until the chat has been quiet for the quiet time, then start
 * one execution together.
 *
 * Every delivery is answered at once. A burst lives in the memory of the n8n process that took
 * the delivery that opened it: only its messages are held, never the webhook call (n8n holds an
 * expression isolate, several MB, for as long as a trigger's webhook call runs). When the burst
 * closes, the process hands it to its own trigger as a delivery (burstHandOver), which starts the
 * execution like any other delivery and is retried until n8n has created it. With several
 * webhook processes behind a load balancer, a burst whose messages reach two processes becomes
 * two executions; each message is still in exactly one, none twice (user's guide, "Bursts").
 */

/** A burst also closes this long after its first message, so that a chat that never pauses is answered. */
export const MAX_BURST_MS = 2 * 60 * 1000;
/** ... or when it holds this many messages. */
export const MAX_BURST_MESSAGES = 50;
/**
 * At most this many bursts are held at once in one process (a few KB each), open or closed and
 * waiting to be handed over. A delivery that would open more is answered 503, so that the
 * platform delivers it again later, rather than held.
 */
export const MAX_OPEN_BURSTS = 1000;

interface OpenBurst {
	events: TriggerEvent[];
	/** When each event's delivery reached the trigger (deliveryArrival), for ties in time. */
	arrivals: number[];
	firstAt: number;
	lastAt: number;
	closed: boolean;
	/** Ends the wait early (a full burst). */
	wake: () => void;
	woken: Promise<void>;
}

const openBursts = new Map<string, OpenBurst>();
let arrivals = 0;

/**
 * The order in which deliveries reached the trigger, taken before anything is awaited: the
 * platform's timestamps are whole seconds, and a delivery that waits longer for its credential
 * must not move its message behind one that came after it.
 */
export function deliveryArrival(): number {
	return arrivals++;
}

/**
 * The chat a message belongs to: the number written to and the customer (`sendTo`: their number,
 * or their user ID when they have a username and no number), or undefined.
 */
export function chatOf(event: TriggerEvent): string | undefined {
	const customer = event.sendTo;
	return typeof customer === 'string' && customer !== ''
		? `${String(event.phoneNumberId ?? '')}:${customer}`
		: undefined;
}

function open(now: number): OpenBurst {
	let wake = () => {};
	const woken = new Promise<void>((resolve) => (wake = resolve));
	return { events: [], arrivals: [], firstAt: now, lastAt: now, closed: false, wake, woken };
}

function close(key: string, burst: OpenBurst): void {
	burst.closed = true;
	if (openBursts.get(key) === burst) openBursts.delete(key);
	burst.wake();
}

/**
 * Whether this process may open the bursts these messages would open (chats with no burst open
 * yet) without holding more than MAX_OPEN_BURSTS, counting `closedHeld` closed ones not handed
 * over yet. Asked before the delivery changes anything.
 */
export function hasRoomForBursts(
	trigger: string,
	messages: TriggerEvent[],
	closedHeld = 0,
): boolean {
	const opening = new Set<string>();
	for (const message of messages) {
		const chat = chatOf(message);
		if (chat === undefined) continue;
		const key = `${trigger}|${chat}`;
		const burst = openBursts.get(key);
		if (burst === undefined || burst.closed) opening.add(key);
	}
	return openBursts.size + closedHeld + opening.size <= MAX_OPEN_BURSTS;
}

/**
 * Puts incoming messages into their chats' bursts. `alone` are the messages that cannot be
 * grouped (no customer to answer): they go on at once. `opened` holds, for each burst this call
 * opened, a promise of its messages in the order the customer sent them, once it closes;
 * messages that joined a burst opened by an earlier delivery are in that one. `trigger` keeps
 * triggers (and the editor's test) apart.
 */
export function collectBursts(
	trigger: string,
	messages: TriggerEvent[],
	quietMs: number,
	arrival = deliveryArrival(),
	clock: () => number = Date.now,
): { alone: TriggerEvent[][]; opened: Array<Promise<TriggerEvent[]>> } {
	const opened: Array<{ key: string; burst: OpenBurst }> = [];
	const alone: TriggerEvent[][] = [];
	for (const message of messages) {
		const chat = chatOf(message);
		if (chat === undefined) {
			alone.push([message]);
			continue;
		}
		const key = `${trigger}|${chat}`;
		const now = clock();
		let burst = openBursts.get(key);
		if (burst === undefined || burst.closed) {
			burst = open(now);
			openBursts.set(key, burst);
			opened.push({ key, burst });
		}
		// A message delivered again while its burst is open is in it already.
		if (
			message.messageId !== undefined &&
			burst.events.some((e) => e.messageId === message.messageId)
		)
			continue;
		burst.events.push(message);
		burst.arrivals.push(arrival);
		burst.lastAt = now;
		if (burst.events.length >= MAX_BURST_MESSAGES) close(key, burst);
	}
	// Each opened burst closes on its own quiet time.
	return {
		alone,
		opened: opened.map(async ({ key, burst }) => {
			await untilQuiet(key, burst, quietMs, clock);
			return inSentOrder(burst);
		}),
	};
}

/**
 * Waits until the burst has been quiet for `quietMs` (or is full or too old), then closes it.
 * Checked and closed without a pause in between: a message either joins before the close or
 * opens the next burst.
 */
async function untilQuiet(
	key: string,
	burst: OpenBurst,
	quietMs: number,
	clock: () => number,
): Promise<void> {
	for (;;) {
		const due = Math.min(burst.lastAt + quietMs, burst.firstAt + MAX_BURST_MS) - clock();
		if (burst.closed || due <= 0) break;
		await Promise.race([sleep(due), burst.woken]);
	}
	close(key, burst);
}

/** By the platform's timestamp (seconds), then as they came. */
function inSentOrder({ events, arrivals }: OpenBurst): TriggerEvent[] {
	return events
		.map((event, index) => ({ event, arrival: arrivals[index] }))
		.sort((a, b) => sentAt(a.event) - sentAt(b.event) || a.arrival - b.arrival)
		.map(({ event }) => event);
}

export function sentAt(event: TriggerEvent): number {
	return typeof event.timestampUnix === 'number' ? event.timestampUnix : 0;
}

/** What a burst's messages say, in order: texts, captions, the titles of tapped buttons. */
function saidIn(event: TriggerEvent): string | undefined {
	const reply = event.reply as IDataObject | undefined;
	for (const said of [event.text, event.caption, reply?.title, reply?.text])
		if (typeof said === 'string' && said !== '') return said;
	return undefined;
}

/**
 * One item for a burst: the last message's fields (whom to answer, which message to mark read),
 * `text` joining what all of them say, and every message under `messages`.
 */
export function burstItem(events: TriggerEvent[]): IDataObject {
	const first = events[0];
	const last = events[events.length - 1];
	const said = events.map(saidIn).filter((s): s is string => s !== undefined);
	const item: IDataObject = {
		...(last as IDataObject),
		messageCount: events.length,
		firstMessageId: first.messageId as string | undefined,
		firstTimestamp: first.timestamp as string | undefined,
		messages: events as IDataObject[],
	};
	// Each message keeps what it came as under `messages`; the top is read, not re-sent.
	delete item.raw;
	if (said.length > 0) item.text = said.join('\n');
	else delete item.text;
	for (const key of Object.keys(item)) if (item[key] === undefined) delete item[key];
	return item;
}
