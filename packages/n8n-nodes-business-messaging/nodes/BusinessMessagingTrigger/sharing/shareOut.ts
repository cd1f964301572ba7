import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import type { DataTables } from '../../common/store/dataTables';
import { answerText, postSigned, poster } from '../delivery/burstHandOver';
import { eventsOf, type TriggerEvent } from '../events';
import { signedHeaders, type DeliveryAuth } from '../verify';
import { appOf, noteGone, noteReached, othersOf, type RegisteredTrigger } from './appRegistry';
import { sharedBody, sharedEvents, type SharedDelivery } from './sharedDelivery';
import { takenBy } from './triggerTakes';

/**
 * The trigger that receives a platform delivery passes it on to every other trigger of the app
 * that takes one of its events (appRegistry.ts), before its own execution starts: the delivery is
 * answered 200 only once every one of them has taken its share (their executions exist, or they
 * found nothing to run). A share that fails makes the delivery 503, so the platform delivers it
 * again; each receiving trigger claims the events it took (triggerStore.ts › takeShared), so a
 * repeated share starts nothing twice.
 *
 * A trigger that n8n no longer knows (its workflow unpublished or deleted without its entry
 * going, or no longer sharing the app's secret) makes deliveries 503 for at most
 * STALE_AFTER_MS, then its entry is dropped and the log says where its share went: nowhere.
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
	const app = appOf(share.auth);
	if (app === undefined) return undefined;
	const others = await othersOf(share.tables, app, share.trigger);
	if (others.length === 0) return undefined;
	const shared: SharedDelivery = {
		from: {
			workflowId: String(this.getWorkflow().id),
			workflowName: String(this.getWorkflow().name ?? ''),
		},
		sentAt: Date.now(),
		answered: share.answered,
		delivery: share.raw,
	};
	const receivers = others.filter((other) => shareOf(other, share.body, shared).length > 0);
	if (receivers.length === 0) return undefined;
	const body = sharedBody(shared);
	const signature = signedHeaders(share.auth, body);
	const problems = await Promise.all(
		receivers.map(async (receiver) => await handOff.call(this, share, receiver, body, signature)),
	);
	return problems.find((problem) => problem !== undefined);
}

/** The events of the delivery that `other` takes, read with its own Events. */
function shareOf(
	other: RegisteredTrigger,
	body: IDataObject,
	shared: SharedDelivery,
): TriggerEvent[] {
	const events = eventsOf(body, new Set(other.takes.events)) ?? [];
	return takenBy(other.takes, sharedEvents(events, shared));
}

/** One hand-off: undefined once it is taken (or its trigger dropped as gone), else why not. */
async function handOff(
	this: IWebhookFunctions,
	share: ShareOut,
	receiver: RegisteredTrigger,
	body: string,
	signature: Record<string, string>,
): Promise<string | undefined> {
	const named = `the trigger of workflow "${receiver.name}" (${workflowOf(receiver)})`;
	let answer: { statusCode: number; body: unknown };
	try {
		answer = await postSigned(
			poster(this),
			receiver.url,
			body,
			signature,
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
	// n8n does not know its webhook (404), or it no longer shares the app's secret (401, 403).
	if ((await noteGone(share.tables, receiver.trigger)) === 'noted')
		return `${named} did not take its share (${said}); it is dropped from the app's triggers if this goes on for a minute`;
	const events = shareOf(receiver, share.body, JSON.parse(body) as SharedDelivery);
	this.logger.error(
		`Business Messaging Trigger: ${named} was dropped from the app's triggers: hand-offs to it failed for a minute (${said}). Its share of this delivery goes to no workflow: ${events.map(eventName).join(', ')}`,
		{ workflowId: this.getWorkflow().id, droppedWorkflowId: workflowOf(receiver) },
	);
	return undefined;
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
