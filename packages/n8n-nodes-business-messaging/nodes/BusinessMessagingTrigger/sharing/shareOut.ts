import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import type { DataTables } from '../../common/store/dataTables';
import { answerText, postSigned, poster, siblingWebhookUrl } from '../delivery/burstHandOver';
import { eventsOf, type TriggerEvent } from '../events';
import { signedHeaders, type DeliveryAuth } from '../verify';
import {
	appOf,
	drop,
	noteGone,
	noteReached,
	othersOf,
	STALE_SERVED_MS,
	type RegisteredTrigger,
} from './appRegistry';
import { sharedBody, sharedEvents, type SharedDelivery } from './sharedDelivery';
import { takenBy, takesOf, type TriggerTakes } from './triggerTakes';

/**
 * The trigger that receives a platform delivery passes it on to every other trigger of the app
 * that takes one of its events (appRegistry.ts), before its own execution starts: the delivery is
 * answered 200 only once every one of them has taken its share (their executions exist, or they
 * found nothing to run). A share that fails makes the delivery 503, so the platform delivers it
 * again; each receiving trigger claims the events it took (triggerStore.ts › takeShared), so a
 * repeated share starts nothing twice.
 *
 * Hand-offs go only to this n8n's own webhooks: the URL is this trigger's, with the receiver's
 * webhook ID in it, and each hand-off names the trigger it is for.
 *
 * A trigger that n8n no longer serves (its workflow unpublished or deleted without its entry
 * going) makes deliveries 503 for at least STALE_AFTER_MS, then its entry is dropped and the log
 * says where its share went: nowhere.
 */

/** Each hand-off's limit: n8n answers once the receiving trigger's execution exists. */
const SHARE_TIMEOUT_MS = 30_000;

export interface ShareOut {
	tables: DataTables;
	auth: DeliveryAuth;
	/** This trigger, as the registry names it. */
	trigger: string;
	/** The delivery, parsed and as received. */
	body: IDataObject;
	raw: string;
	/** Messages this trigger handed to Send and Wait executions. */
	answered: string[];
}

/**
 * Passes the delivery on; undefined once every trigger that takes part of it has it, else why
 * not (the delivery is then answered 503).
 */
export async function shareOut(
	this: IWebhookFunctions,
	share: ShareOut,
): Promise<string | undefined> {
	const app = appOf(this.getNode(), share.auth);
	const ownUrl = this.getNodeWebhookUrl('default');
	const ownId = this.getNode().webhookId;
	if (app === undefined || !ownUrl || !ownId) return undefined;
	const others = (await othersOf(share.tables, app, share.trigger)).filter(
		(other) => other.webhookId !== ownId,
	);
	if (others.length === 0) return undefined;
	const from = {
		workflowId: String(this.getWorkflow().id),
		workflowName: String(this.getWorkflow().name ?? ''),
	};
	const mine = takesOf(this);
	const receivers = others.flatMap((receiver) => {
		const shared: SharedDelivery = {
			to: receiver.trigger,
			from,
			sentAt: Date.now(),
			answered: share.answered,
			delivery: share.raw,
		};
		const events = shareOf(receiver.takes, mine, share.body, shared);
		// The receiver's webhook on this n8n's own address, and nowhere else.
		const url = siblingWebhookUrl(ownUrl, ownId, receiver.webhookId);
		return events.length > 0 && url ? [{ receiver, url, shared, events }] : [];
	});
	if (receivers.length === 0) return undefined;
	const problems = await Promise.all(
		receivers.map(
			async ({ receiver, url, shared, events }) =>
				await handOff.call(this, share, receiver, url, shared, events),
		),
	);
	return problems.find((problem) => problem !== undefined);
}

/**
 * The events of the delivery that a trigger taking `takes` gets, read with its own Events. A
 * number sent to this trigger only (Chosen Numbers, Sent Here) stays with the triggers that chose
 * it; a trigger that pauses when a person answers gets the echoes of the person's answers.
 */
function shareOf(
	takes: TriggerTakes,
	mine: TriggerTakes,
	body: IDataObject,
	shared: SharedDelivery,
): TriggerEvent[] {
	const events = sharedEvents(eventsOf(body, new Set(takes.events)) ?? [], shared).filter(
		(e) =>
			!mine.sendHere ||
			typeof e.phoneNumberId !== 'string' ||
			!mine.numbers.includes(e.phoneNumberId) ||
			takes.numbers.includes(e.phoneNumberId),
	);
	const taken = new Set(takenBy(takes, events));
	return events.filter(
		(e) => taken.has(e) || (takes.pausesForPerson && e.eventType === 'messageEcho'),
	);
}

/** One hand-off: undefined once it is taken (or its trigger dropped as gone), else why not. */
async function handOff(
	this: IWebhookFunctions,
	share: ShareOut,
	receiver: RegisteredTrigger,
	url: string,
	shared: SharedDelivery,
	events: TriggerEvent[],
): Promise<string | undefined> {
	const named = `the trigger of workflow "${receiver.name}" (${workflowOf(receiver)})`;
	const body = sharedBody(shared);
	let answer: { statusCode: number; body: unknown };
	try {
		answer = await postSigned(
			poster(this),
			url,
			body,
			signedHeaders(share.auth, body),
			SHARE_TIMEOUT_MS,
		);
	} catch (error) {
		return `${named} could not be reached to take its share (${(error as Error).message})`;
	}
	const status = answer.statusCode;
	const said = `n8n answered ${status}: ${answerText(answer.body)}`;
	if (status >= 200 && status < 300) {
		if (receiver.failingSince !== undefined)
			await noteReached(share.tables, receiver.trigger).catch(() => undefined);
		return undefined;
	}
	// Busy or failing: it is there, and takes its share once the platform delivers again.
	if (status === 429 || status >= 500) return `${named} could not take its share (${said})`;
	// n8n does not know its webhook (404), or the trigger refused the hand-off (4xx).
	const gone = await noteGone(share.tables, receiver);
	const waiting = `${named} did not take its share (${said}); it is dropped from the app's triggers once this has gone on for a minute and n8n no longer serves it`;
	if (!gone.due) return waiting;
	// Still served (its URL's check answers), it is there: dropped only after a long while.
	if ((await served.call(this, url)) && gone.failingMs < STALE_SERVED_MS) return waiting;
	if (await drop(share.tables, receiver))
		this.logger.error(
			`Business Messaging Trigger: ${named} was dropped from the app's triggers: hand-offs to it failed for ${Math.round(gone.failingMs / 1000)} s (${said}). Its share of this delivery goes to no workflow: ${events.map(eventName).join(', ')}`,
			{ workflowId: this.getWorkflow().id, droppedWorkflowId: workflowOf(receiver) },
		);
	return undefined;
}

/** Whether n8n serves the trigger's webhook: its GET (the platform's URL check) answers. */
async function served(this: IWebhookFunctions, url: string): Promise<boolean> {
	try {
		const answer = (await poster(this)({
			method: 'GET',
			url,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: 10_000,
		})) as { statusCode: number };
		return answer.statusCode >= 200 && answer.statusCode < 300;
	} catch {
		return false;
	}
}

/** The workflow ID in a registry name (workflow|node|mode). */
export function workflowOf(receiver: { trigger: string }): string {
	return receiver.trigger.split('|')[0];
}

function eventName(event: TriggerEvent): string {
	return typeof event.messageId === 'string'
		? `${event.eventType} ${event.messageId}`
		: event.eventType;
}
