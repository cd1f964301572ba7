import { sleep, type IDataObject } from 'n8n-workflow';
import type { TriggerEvent } from '../events';

/**
 * Collect Bursts: a customer who types three short messages in a row should get one answer, not
 * three. A chat's messages are held until the chat has been quiet for the quiet time, then start
 * one execution together.
 *
 * Every delivery is still answered at once. The delivery that opens a chat's burst keeps its
 * webhook call open until the burst closes and then hands n8n the whole burst; deliveries that
 * join an open burst start nothing. Bursts live in the memory of the n8n process that took the
 * delivery: a burst is one execution when its messages reach one process (n8n's regular mode,
 * or queue mode with one webhook process). With several webhook processes behind a load
 * balancer, a burst whose messages reach two processes becomes two executions; each message is
 * still in exactly one, none twice (user's guide, "Bursts").
 */

/** A burst also closes this long after its first message, so that a chat that never pauses is answered. */
export const MAX_BURST_MS = 2 * 60 * 1000;
/** ... or when it holds this many messages. */
export const MAX_BURST_MESSAGES = 50;

interface OpenBurst {
	events: TriggerEvent[];
	firstAt: number;
	lastAt: number;
	closed: boolean;
	/** Ends the opener's wait early (a full burst). */
	wake: () => void;
	woken: Promise<void>;
}

const openBursts = new Map<string, OpenBurst>();

/** The chat a message belongs to: the number written to and the customer, or undefined. */
function chatOf(event: TriggerEvent): string | undefined {
	const customer = event.sendTo ?? event.from;
	return typeof customer === 'string' && customer !== ''
		? `${String(event.phoneNumberId ?? '')}:${customer}`
		: undefined;
}

function open(now: number): OpenBurst {
	let wake = () => {};
	const woken = new Promise<void>((resolve) => (wake = resolve));
	return { events: [], firstAt: now, lastAt: now, closed: false, wake, woken };
}

function close(key: string, burst: OpenBurst): void {
	burst.closed = true;
	if (openBursts.get(key) === burst) openBursts.delete(key);
	burst.wake();
}

/**
 * Puts incoming messages into their chats' bursts. Resolves, once they close, with the bursts
 * this delivery opened (each a list of messages in the order the customer sent them); messages
 * that joined a burst opened by an earlier delivery are not in the result. `trigger` keeps
 * triggers (and the editor's test) apart.
 */
export async function collectBursts(
	trigger: string,
	messages: TriggerEvent[],
	quietMs: number,
	clock: () => number = Date.now,
): Promise<TriggerEvent[][]> {
	const opened: Array<{ key: string; burst: OpenBurst }> = [];
	const alone: TriggerEvent[][] = [];
	for (const message of messages) {
		const chat = chatOf(message);
		// A message without a customer to answer cannot be grouped: it goes on alone.
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
		burst.lastAt = now;
		if (burst.events.length >= MAX_BURST_MESSAGES) close(key, burst);
	}
	// Each opened burst closes on its own quiet time (a delivery with several chats waits for all).
	await Promise.all(
		opened.map(async ({ key, burst }) => await untilQuiet(key, burst, quietMs, clock)),
	);
	return [...alone, ...opened.map(({ burst }) => inSentOrder(burst.events))];
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
function inSentOrder(events: TriggerEvent[]): TriggerEvent[] {
	return events
		.map((event, arrival) => ({ event, arrival }))
		.sort((a, b) => sentAt(a.event) - sentAt(b.event) || a.arrival - b.arrival)
		.map(({ event }) => event);
}

function sentAt(event: TriggerEvent): number {
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
