import {
	type IDataObject,
	type INodeExecutionData,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { eventsOf, type TriggerEvent } from '../events';
import { takenBy, takesOf } from '../sharing/triggerTakes';
import { joinApp } from '../sharing/registration';
import { shareOut } from '../sharing/shareOut';
import { sharedEvents, sharedOf, type SharedDelivery } from '../sharing/sharedDelivery';
import { refuseDelivery } from '../refusal';
import { authenticationProblem, deliveryAuth, type DeliveryAuth } from '../verify';
import { resumeWaiting } from '../waiting/resumeWaiting';
import { burstItem, deliveryArrival, MAX_OPEN_BURSTS } from './bursts';
import { burstOf, handOverBurst, handOverOf, WAKE_UP_OBJECT } from './burstHandOver';
import { deliveryBody, jsonObjectOf, rawBodyOf } from './deliveryBody';
import { settleWithAnswer } from './settleClaim';
import { notePersonAnswers, personHandlingOf, splitHandled } from './personHandling';
import { withExactOrderTotals } from './exactNumbers';
import { withBurstMedia, withMedia } from './media';
import { DatabaseStore, triggerStoreOf, type TriggerStore } from '../store/triggerStore';

/**
 * A POST delivery, in order: authenticated, read, redeliveries skipped (if chosen), answers
 * handed to waiting executions, the chosen events and numbers kept, bursts collected (if
 * chosen), files downloaded (if chosen), then one execution for what is left.
 *
 * The platform never delivers again what was answered 200, so a delivery is answered only once
 * n8n has created its execution (n8n does that when the webhook returns `workflowData`), or
 * when nothing is to run. The one exception is a message held in a burst: it is answered at once
 * and its execution starts when the burst closes (bursts.ts, burstHandOver.ts).
 */
export async function takeDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const arrival = deliveryArrival();
	// A burst's quiet time counts from when its messages reached n8n, not from when they were kept.
	const arrivedAt = Date.now();
	const request = this.getRequestObject();
	let auth: DeliveryAuth;
	try {
		auth = await deliveryAuth(this);
	} catch (error) {
		// Not the sender's fault: an error status, so that the platform delivers it again once fixed.
		return refuseDelivery.call(
			this,
			500,
			'The trigger could not read its credential',
			`The credential of Authentication could not be read: ${(error as Error).message}`,
		);
	}
	const problem = authenticationProblem(
		auth,
		this.getHeaderData() as IDataObject,
		rawBodyOf(request),
	);
	if (problem)
		return refuseDelivery.call(this, 401, 'The delivery could not be authenticated', problem);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const binaryProperty = String(options.binaryPropertyName || 'data');
	const download = options.downloadMedia === true;
	const body = deliveryBody(this);
	// A burst handed over by this trigger when it closed (burstHandOver): its execution now.
	const burst = body && burstOf(body);
	if (burst) return await startBurst.call(this, burst, auth, options);
	// The trigger's own wake-up (store/activation.ts): this process looks for bursts left behind.
	if (body?.object === WAKE_UP_OBJECT) return await wokenUp.call(this, auth, options);
	const kinds = new Set(this.getNodeParameter('events', []) as string[]);
	// A delivery another trigger of the app received and passed on (sharing/shareOut.ts).
	const received = body && sharedOf(body);
	const trigger = triggerKeyOf(this);
	const notTaken = received && refusedHandOff(received, trigger);
	if (notTaken)
		return await refuseDelivery.call(
			this,
			400,
			'This hand-off from another trigger is not one to take',
			notTaken,
		);
	const shared = typeof received === 'object' ? received : undefined;
	const platformBody = shared ? jsonObjectOf(shared.delivery) : body;
	const raw = shared ? Buffer.from(shared.delivery) : rawBodyOf(request);
	const parsed = platformBody && eventsOf(platformBody, kinds);
	const delivered =
		parsed &&
		(shared
			? sharedEvents(withExactOrderTotals(parsed, raw), shared)
			: withExactOrderTotals(parsed, raw));
	if (!delivered || !platformBody)
		return refuseDelivery.call(
			this,
			400,
			'Expected the messaging webhook JSON: {"object":..., "entry":[{"changes":[...]}]}',
			'The body is not the messaging webhook JSON: {"object":..., "entry":[{"changes":[...]}]}',
		);

	// A store that fails throws: the trigger's webhook answers 503 (store/storeOutage.ts).
	return await takeEvents.call(this, {
		trigger,
		auth,
		options,
		delivered,
		arrival,
		arrivedAt,
		download,
		binaryProperty,
		shared,
		body: platformBody,
		raw: raw?.toString('utf8') ?? JSON.stringify(platformBody),
	});
}

/** Why a hand-off is refused, or undefined when it is to be taken. */
function refusedHandOff(
	shared: SharedDelivery | 'stale' | 'malformed',
	trigger: string,
): string | undefined {
	if (shared === 'stale')
		return 'A delivery passed on by another trigger of the app was sent more than 10 minutes ago: a replay, not taken';
	if (shared === 'malformed')
		return 'A delivery passed on by another trigger of the app is not of the shape the trigger sends';
	// Signed for one trigger, posted to another (a replay to a trigger the sender did not choose).
	if (shared.to !== trigger)
		return 'A delivery passed on by another trigger of the app is addressed to another trigger';
	return undefined;
}

/** What takeEvents needs of the delivery, read and checked. */
interface Delivery {
	trigger: string;
	auth: DeliveryAuth;
	options: IDataObject;
	delivered: TriggerEvent[];
	arrival: number;
	arrivedAt: number;
	download: boolean;
	binaryProperty: string;
	/** Passed on by the trigger of the app that received it; otherwise the platform's. */
	shared?: SharedDelivery;
	/** The platform's delivery, parsed and as received (what a share passes on). */
	body: IDataObject;
	raw: string;
}

/** The events of an authenticated delivery, through the trigger's store (store/triggerStore.ts). */
async function takeEvents(
	this: IWebhookFunctions,
	delivery: Delivery,
): Promise<IWebhookResponseData> {
	const store = await triggerStoreOf(this, delivery.trigger, delivery.auth);
	// Its chats are not closed by this process while it is being kept (store/burstCloser.ts).
	const kept = store.noteArriving(delivery.delivered);
	try {
		return await takeWith.call(this, store, delivery);
	} finally {
		kept();
	}
}

/** The delivery's events through `store`: redeliveries, answers, the chosen events, bursts. */
async function takeWith(
	this: IWebhookFunctions,
	store: TriggerStore,
	delivery: Delivery,
): Promise<IWebhookResponseData> {
	const { options, delivered, download, binaryProperty, shared } = delivery;
	const quietSeconds = Number(options.collectBursts);
	const bursting = options.collectBursts !== undefined && quietSeconds > 0;
	// A standby copy (events/routing.ts) or a message of a chat a person handles
	// (personHandling.ts) is not the workflow's to answer: it is never held in a burst.
	const incoming = (events: TriggerEvent[]) =>
		events.filter(
			(e) => e.eventType === 'incomingMessage' && e.standby !== true && e.handledByPerson !== true,
		);
	// Any delivery keeps this process closing the bursts kept in n8n's database, also those a
	// stopped process left (n8n 2.41 runs no code of a webhook trigger when it starts).
	if (bursting && store instanceof DatabaseStore) store.keepClosingBursts(quietSeconds * 1000);
	// Full: said before anything is recorded, so that the delivery the platform repeats is new.
	if (bursting && !store.hasRoomForBursts(incoming(delivered)))
		return await refuseDelivery.call(
			this,
			503,
			'Too many bursts are open: deliver again later',
			`This n8n process holds ${MAX_OPEN_BURSTS} bursts (open, or closed and waiting to start); the delivery was refused with 503 so that the platform delivers it again`,
		);
	let events = delivered;
	let redelivered = 0;
	// A shared delivery's events start this trigger's workflow once each, whatever its options: the
	// sender passes a delivery on again when the platform repeats it.
	if (shared || options.skipRedeliveries === true) {
		const taken = shared
			? await store.takeShared(events, delivery.raw)
			: await store.takeEvents(events);
		if (taken.busy)
			return await refuseDelivery.call(
				this,
				503,
				'An event of this delivery is being taken: deliver again later',
				`${shared ? 'A delivery passed on by another trigger of the app' : 'Skip Redeliveries'}: an event of this delivery is still being taken by an earlier delivery whose execution n8n has not started yet; refused with 503 so that it comes again, to be skipped once that one ran (or taken, if it failed)`,
			);
		if (store.kind === 'database') settleWithAnswer(this, taken);
		redelivered = events.length - taken.fresh.length;
		events = taken.fresh;
	}
	// Standby copies (another app owns the chat) answer no question and are skipped if chosen.
	const standby = events.filter((e) => e.standby === true);
	const owned = events.filter((e) => e.standby !== true);
	const skipStandby = options.standbyMessages === 'skip';
	// A person answering hands the chat over; the messages of chats a person handles are theirs.
	const handling = personHandlingOf(options);
	if (handling.pauseMs > 0)
		await notePersonAnswers(store.handovers, owned, handling.pauseMs, Date.now());
	const { free, handled } = await splitHandled(store.handovers, owned, Date.now());
	const skipHandled = handling.handled === 'skip';
	// Answers to Send and Wait go to the executions that wait for them (waiting/resumeWaiting): the
	// trigger that received the delivery did that for a shared one.
	const unanswered = shared
		? free
		: await resumeWaiting.call(this, free, store.questions, options.strayAnswers === true);
	// The other triggers of the app take their share before this one's execution starts.
	if (!shared && store instanceof DatabaseStore && this.getMode() !== 'manual') {
		const refused = await shareWithOtherTriggers.call(this, store, delivery, free, unanswered);
		if (refused) return refused;
	}
	const passive = [...(skipStandby ? [] : standby), ...(skipHandled ? [] : handled)];
	const chosen = takenBy(takesOf(this), [...unanswered, ...passive]);
	if (chosen.length === 0) {
		logNothingToRun(this, {
			redelivered,
			answers: free.length - unanswered.length,
			standby: skipStandby ? standby.length : 0,
			handled: skipHandled ? handled.length : 0,
			notChosen: [...unanswered, ...passive],
		});
		return answeredWithNothingToRun(this);
	}

	const { now, items } = bursting
		? await holdInBursts.call(this, store, delivery, incoming, chosen, quietSeconds)
		: { now: chosen, items: [] as INodeExecutionData[] };
	for (const event of now) items.push(await itemOf.call(this, event, download, binaryProperty));
	// Its messages wait in bursts: nothing starts here.
	if (items.length === 0) return answeredWithNothingToRun(this);
	return { workflowData: [items] };
}

/** What the trigger's state is kept under: the workflow, the node, and test or production. */
function triggerKeyOf(context: IWebhookFunctions): string {
	return `${String(context.getWorkflow().id)}|${context.getNode().id}|${context.getMode()}`;
}

/**
 * A closed burst's execution. Its messages are claimed first (store/triggerStore.ts ›
 * takeHandOver): those that already ran in a burst are left out, and a burst with none left
 * starts nothing (answered 200, so that its rows go). A chat handed over meanwhile is skipped or
 * marked, as the delivery's messages are.
 */
async function startBurst(
	this: IWebhookFunctions,
	burst: TriggerEvent[],
	auth: DeliveryAuth,
	options: IDataObject,
): Promise<IWebhookResponseData> {
	const store = await triggerStoreOf(this, triggerKeyOf(this), auth);
	const taken = await store.takeHandOver(burst);
	// Another hand-over is starting one of them: this one tries again, and then finds it ran.
	if (taken.busy) {
		this.getResponseObject().status(503).send('This burst is being started: try again later');
		return { noWebhookResponse: true };
	}
	if (store.kind === 'database') settleWithAnswer(this, taken);
	// A chat handed to a person while its burst was open (an AI agent's Hand Over, say) is theirs.
	const seen = await splitHandled(store.handovers, taken.fresh, Date.now());
	const messages = personHandlingOf(options).handled === 'skip' ? seen.free : seen.inOrder;
	if (messages.length === 0) return answeredWithNothingToRun(this);
	return {
		workflowData: [
			[
				await burstExecutionItem.call(
					this,
					messages,
					options.downloadMedia === true,
					String(options.binaryPropertyName || 'data'),
				),
			],
		],
	};
}

/** A wake-up: with bursts kept in n8n's database, this process's loop starts closing them. */
async function wokenUp(
	this: IWebhookFunctions,
	auth: DeliveryAuth,
	options: IDataObject,
): Promise<IWebhookResponseData> {
	const trigger = triggerKeyOf(this);
	const quietSeconds = Number(options.collectBursts);
	const store = await triggerStoreOf(this, trigger, auth);
	if (store instanceof DatabaseStore && options.collectBursts !== undefined && quietSeconds > 0)
		store.keepClosingBursts(quietSeconds * 1000);
	// Joins (again) the triggers of its app: publishing could not, or it is simply renewed. A store
	// that fails throws: 503, and the wake-up tries again.
	if (this.getMode() !== 'manual') await joinApp.call(this);
	return answeredWithNothingToRun(this);
}

/**
 * Why a delivery answered 200 started nothing, in n8n's log at debug level (a receipt not chosen
 * comes with every message sent: at info it would drown the log). Troubleshooting says to set
 * N8N_LOG_LEVEL=debug to see it.
 */
function logNothingToRun(
	context: IWebhookFunctions,
	skipped: {
		redelivered: number;
		answers: number;
		standby: number;
		handled: number;
		notChosen: TriggerEvent[];
	},
): void {
	const kinds = [...new Set(skipped.notChosen.map((e) => e.eventType))];
	const said = [
		skipped.redelivered > 0 ? `${skipped.redelivered} redelivered (Skip Redeliveries)` : '',
		skipped.answers > 0 ? `${skipped.answers} answer(s) to Send and Wait questions` : '',
		skipped.standby > 0
			? `${skipped.standby} standby copies of a chat another app owns (Standby Messages: Start Nothing)`
			: '',
		skipped.handled > 0
			? `${skipped.handled} message(s) of a chat a person handles (Skip Chats a Person Is Handling)`
			: '',
		skipped.notChosen.length > 0
			? `${skipped.notChosen.length} not chosen in Events, Message Statuses, Message Types or the numbers (${kinds.join(', ')})`
			: '',
	].filter(Boolean);
	context.logger.debug(
		`Business Messaging Trigger started nothing for a delivery (answered 200): ${said.join('; ') || 'it held no event'}`,
		{ workflowId: context.getWorkflow().id, node: context.getNode().name },
	);
}

/** 200 for a delivery taken whole that starts nothing (filtered out, or held in a burst). */
function answeredWithNothingToRun(context: IWebhookFunctions): IWebhookResponseData {
	context.getResponseObject().status(200).send('OK');
	return { noWebhookResponse: true };
}

/** A burst's one item, with its files when chosen. */
async function burstExecutionItem(
	this: IWebhookFunctions,
	messages: TriggerEvent[],
	download: boolean,
	binaryProperty: string,
): Promise<INodeExecutionData> {
	const item = burstItem(messages);
	return download ? await withBurstMedia.call(this, item, binaryProperty) : { json: item };
}

async function itemOf(
	this: IWebhookFunctions,
	event: TriggerEvent,
	download: boolean,
	binaryProperty: string,
): Promise<INodeExecutionData> {
	return download && event.mediaId
		? await withMedia.call(this, event, binaryProperty)
		: { json: event as IDataObject };
}

/**
 * Passes the delivery on to the other triggers of the app that take its events (sharing/), before
 * this trigger's execution starts; a 503 when one could not take its share.
 */
async function shareWithOtherTriggers(
	this: IWebhookFunctions,
	store: DatabaseStore,
	delivery: Delivery,
	free: TriggerEvent[],
	unanswered: TriggerEvent[],
): Promise<IWebhookResponseData | undefined> {
	// By message ID: resumeWaiting hands on copies of what it leaves (marked `waiting`).
	const left = new Set(unanswered.map((e) => e.messageId));
	const problem = await shareOut.call(this, {
		tables: store.tables,
		auth: delivery.auth,
		trigger: delivery.trigger,
		body: delivery.body,
		raw: delivery.raw,
		answered: free.flatMap((e) =>
			e.eventType === 'incomingMessage' && typeof e.messageId === 'string' && !left.has(e.messageId)
				? [e.messageId]
				: [],
		),
	});
	if (!problem) return undefined;
	return await refuseDelivery.call(
		this,
		503,
		'Another trigger of the app could not take its share: deliver again later',
		`${problem}; refused with 503 so that the platform delivers it again (no workflow started, each runs it once)`,
	);
}

/**
 * Collect Bursts: the chosen customers' messages are held in their chat's burst; what goes on now
 * (`now`: the rest, and a message with no customer to answer), and, in the editor's test, the
 * bursts' items once they close (elsewhere a closed burst is handed to the trigger's webhook).
 */
async function holdInBursts(
	this: IWebhookFunctions,
	store: TriggerStore,
	{ auth, arrival, arrivedAt, download, binaryProperty }: Delivery,
	incoming: (events: TriggerEvent[]) => TriggerEvent[],
	chosen: TriggerEvent[],
	quietSeconds: number,
): Promise<{ now: TriggerEvent[]; items: INodeExecutionData[] }> {
	const items: INodeExecutionData[] = [];
	const holding = new Set(incoming(chosen));
	const now = chosen.filter((e) => !holding.has(e));
	const held = await store.holdInBursts(incoming(chosen), quietSeconds * 1000, {
		arrival,
		arrivedAt,
	});
	// A message with no customer to answer cannot be grouped: it goes on with the delivery.
	now.push(...held.alone);
	if (this.getMode() === 'manual') {
		// The editor's test: the test webhook is called once, so the test waits for the burst.
		for (const messages of await Promise.all(held.opened))
			items.push(await burstExecutionItem.call(this, messages, download, binaryProperty));
	} else {
		const handOver = handOverOf(this, auth);
		for (const opened of held.opened)
			void opened.then(async (messages) =>
				handOver
					? await handOverBurst(handOver, messages)
					: this.logger.error(
							'Business Messaging Trigger: a burst closed, but the trigger has no webhook URL to hand it to',
						),
			);
	}
	return { now, items };
}
