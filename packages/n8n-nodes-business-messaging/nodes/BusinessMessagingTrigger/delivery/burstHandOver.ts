import { sleep, type IDataObject, type IHookFunctions, type IWebhookFunctions } from 'n8n-workflow';
import type { TriggerEvent } from '../events';
import { signedHeaders, type DeliveryAuth } from '../verify';

/**
 * A closed burst goes to its trigger as a delivery of its own: a POST to the trigger's webhook,
 * authenticated as the platform's deliveries are (the same header token or signature), whose
 * body carries the burst's messages. Any process of the n8n that takes it (queue mode has
 * several) starts the execution as for any delivery, and n8n answers it only once the execution
 * exists. Until then the hand-over is repeated; one that never succeeds is in n8n's log with
 * its message IDs: a burst is never dropped without a word.
 */

/** The `object` of a hand-over's body: no platform delivery has it. */
export const BURST_OBJECT = 'n8n-nodes-business-messaging.burst';
/**
 * The `object` of a wake-up: the trigger asks itself, through its own webhook, to look for the
 * bursts a stopped process left in n8n's database (store/activation.ts). Through the webhook
 * because only a delivery's context may use the credentials once the activation has ended.
 */
export const WAKE_UP_OBJECT = 'n8n-nodes-business-messaging.wakeUp';
/** Pauses between a wake-up's tries: n8n registers the webhook after it activated the trigger. */
const WAKE_UP_WAITS_MS = [1000, 2000, 4000, 8000, 15000, 30000];

/** Waits between tries: about 2 minutes in all, long enough for a database that is busy. */
const RETRY_WAITS_MS = [500, 1000, 2000, 4000, 8000, 15000, 30000, 60000];

/** What a hand-over needs, read from the delivery's context before its webhook call ends. */
export interface HandOver {
	url: string;
	headers: (body: string) => Record<string, string>;
	post: IWebhookFunctions['helpers']['httpRequest'];
	logger: IWebhookFunctions['logger'];
	workflowId: string;
	/** Each try's limit (ms); 60 s unless said. */
	timeoutMs?: number;
	/** The burst stays in the store when this hand-over fails (burstCloser.ts). */
	kept?: boolean;
	/** Asked before each try: false when the burst is no longer this process's to hand over. */
	beforeTry?: () => Promise<boolean>;
}

/**
 * Everything the hand-over of this trigger's bursts needs (signed with the delivery's own check),
 * or undefined without a webhook URL.
 */
export function handOverOf(
	context: IWebhookFunctions | IHookFunctions,
	auth: DeliveryAuth,
): HandOver | undefined {
	const url = context.getNodeWebhookUrl('default');
	if (!url) return undefined;
	return {
		url,
		headers: (body) => signedHeaders(auth, body),
		post: poster(context),
		logger: context.logger,
		workflowId: String(context.getWorkflow().id),
	};
}

/**
 * Hand-overs under way at once in this process, at most. Each is a webhook call for which n8n 2.x
 * takes an expression isolate (a new one past its pool of one, several MB): bursts that close
 * together are handed over a few at a time rather than all at once (all at once peaked at 4.3 GB
 * with 300 chats; 6 at once at 1.1 GB). Fewer starve under load: at 200 deliveries in flight, 2
 * at a time started 168 bursts in 9 minutes (e2e/triggerLoad.mjs).
 */
const MAX_AT_ONCE = 6;
let underWay = 0;
const waitingTurn: Array<() => void> = [];
/** Hand-overs begun and not yet ended (trying, or waiting to try again). */
let pending = 0;

/** Closed bursts not yet handed over (waiting their turn, under way, or to be tried again). */
export function handOversPending(): number {
	return pending;
}

/**
 * Hands a closed burst to its trigger; true once n8n has created its execution (or found that its
 * messages already ran: takeDelivery.ts › startBurst). `waits` are the pauses between tries
 * (burstCloser.ts sets its own for the store's bursts).
 */
export async function handOverBurst(
	handOver: HandOver,
	events: TriggerEvent[],
	waits = RETRY_WAITS_MS,
): Promise<boolean> {
	pending++;
	try {
		return await handOverNow(handOver, events, waits);
	} finally {
		pending--;
	}
}

/** One try, when its turn comes: a hand-over waiting between tries holds no turn. */
async function inTurn<T>(task: () => Promise<T>): Promise<T> {
	if (underWay >= MAX_AT_ONCE) await new Promise<void>((resolve) => waitingTurn.push(resolve));
	underWay++;
	try {
		return await task();
	} finally {
		underWay--;
		waitingTurn.shift()?.();
	}
}

/** POSTs `body` to the trigger's own webhook, signed as the platform's deliveries are. */
async function postToTrigger(
	handOver: HandOver,
	body: string,
	timeout: number,
): Promise<{ statusCode: number; body: unknown }> {
	return await postSigned(handOver.post, handOver.url, body, handOver.headers(body), timeout);
}

/**
 * The URL of another trigger's webhook (`webhookId`) on this n8n, made from this trigger's own
 * (`ownUrl`, of webhook `ownId`): so a hand-off never leaves this n8n's webhook address, whatever
 * the store says. Undefined when this trigger's URL is not of n8n's shape.
 */
export function siblingWebhookUrl(
	ownUrl: string,
	ownId: string,
	webhookId: string,
): string | undefined {
	const own = `/${ownId}/webhook`;
	if (!ownUrl.endsWith(own)) return undefined;
	return `${ownUrl.slice(0, ownUrl.length - own.length)}/${webhookId}/webhook`;
}

/** The start of what n8n answered, for the log (n8n's helper parses a JSON answer). */
export function answerText(body: unknown): string {
	return (typeof body === 'string' ? body : (JSON.stringify(body) ?? '')).slice(0, 200);
}

/** n8n's HTTP helper of `context`, kept for calls after the context's webhook call has ended. */
export function poster(context: IWebhookFunctions | IHookFunctions): HandOver['post'] {
	return async (options) => await context.helpers.httpRequest(options);
}

/**
 * POSTs `body` to a trigger's webhook on this n8n with the headers that sign it; the answer
 * whatever its status. Never follows a redirect (the signature would go wherever it pointed).
 */
export async function postSigned(
	post: IWebhookFunctions['helpers']['httpRequest'],
	url: string,
	body: string,
	signature: Record<string, string>,
	timeout: number,
): Promise<{ statusCode: number; body: unknown }> {
	return (await post({
		method: 'POST',
		url,
		body,
		headers: { 'content-type': 'application/json', ...signature },
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		timeout,
	})) as { statusCode: number; body: unknown };
}

async function handOverNow(
	handOver: HandOver,
	events: TriggerEvent[],
	waits: number[],
): Promise<boolean> {
	const body = JSON.stringify({ object: BURST_OBJECT, events });
	let problem = '';
	for (let attempt = 0; attempt <= waits.length; attempt++) {
		if (attempt > 0) await sleep(waits[attempt - 1]);
		try {
			// Asked when the turn comes, not before waiting for it: under a backlog the wait for a
			// turn outlasted the burst's claim, another process took the burst over meanwhile, and
			// both handed it over (the 10,000-chat run: hundreds of bursts, each its trigger's claim
			// kept from running twice).
			const response = await inTurn(async () =>
				handOver.beforeTry && !(await handOver.beforeTry())
					? undefined
					: await postToTrigger(handOver, body, handOver.timeoutMs ?? 60_000),
			);
			if (response === undefined) return false;
			if (response.statusCode >= 200 && response.statusCode < 300) return true;
			problem = `n8n answered ${response.statusCode}: ${answerText(response.body)}`;
			// A refusal will not change by trying again (the trigger's authentication was changed); a
			// 404 of n8n starting up will (its webhooks are registered after it serves).
			const retried = response.statusCode === 429 || (handOver.kept && response.statusCode === 404);
			if (response.statusCode >= 400 && response.statusCode < 500 && !retried) break;
		} catch (error) {
			problem = (error as Error).message;
		}
		if (attempt < waits.length)
			handOver.logger.warn(
				`Business Messaging Trigger: a burst's execution could not start yet (${problem}); trying again in ${waits[attempt]} ms`,
				{ workflowId: handOver.workflowId },
			);
	}
	const messageIds = events.map((e) => e.messageId).filter((id) => typeof id === 'string');
	handOver.logger.error(
		`Business Messaging Trigger: a burst of ${events.length} message(s) could not start an execution (${problem}); its messages: ${messageIds.join(', ')}${handOver.kept ? ' (kept in the store: tried again later)' : ''}`,
		{ workflowId: handOver.workflowId, messageIds },
	);
	return false;
}

/** The messages of a hand-over's body, or undefined when it is not one. */
export function burstOf(body: IDataObject): TriggerEvent[] | undefined {
	if (body.object !== BURST_OBJECT || !Array.isArray(body.events) || body.events.length === 0)
		return undefined;
	const events = body.events as unknown[];
	return events.every(
		(e) =>
			typeof e === 'object' && e !== null && (e as IDataObject).eventType === 'incomingMessage',
	)
		? (events as TriggerEvent[])
		: undefined;
}

/** Sends the trigger a wake-up (WAKE_UP_OBJECT); true once a process of the n8n took it. */
export async function wakeUp(handOver: HandOver): Promise<boolean> {
	const body = JSON.stringify({ object: WAKE_UP_OBJECT });
	for (let attempt = 0; attempt <= WAKE_UP_WAITS_MS.length; attempt++) {
		if (attempt > 0) await sleep(WAKE_UP_WAITS_MS[attempt - 1]);
		try {
			const response = await postToTrigger(handOver, body, 20_000);
			if (response.statusCode >= 200 && response.statusCode < 300) return true;
		} catch {
			// n8n not serving yet: the next try.
		}
	}
	handOver.logger.warn(
		'Business Messaging Trigger: its activation could not reach its own webhook; the bursts a stopped process left in n8n’s database are closed once a delivery comes',
		{ workflowId: handOver.workflowId },
	);
	return false;
}
