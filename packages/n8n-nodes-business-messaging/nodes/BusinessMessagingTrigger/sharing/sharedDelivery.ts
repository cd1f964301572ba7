import type { IDataObject } from 'n8n-workflow';
import type { TriggerEvent } from '../events';

/**
 * A platform delivery passed on from the trigger that received it to another trigger of the app
 * (shareOut.ts): a POST to that trigger's webhook, signed as the platform signs (the same secret),
 * whose body carries the delivery's text as it came, so that the receiving trigger reads it as
 * the platform's own, with its own choices. It is never passed on again: no loop.
 */

/** The `object` of a hand-off's body: no platform delivery has it. */
export const SHARED_OBJECT = 'n8n-nodes-business-messaging.shared';

/**
 * A hand-off older than this is refused: the sender gives up long before (a redelivery of the
 * platform is a new hand-off), so an old one is a replay.
 */
export const SHARED_FRESH_MS = 10 * 60 * 1000;

export interface SharedDelivery {
	/** The trigger it is for: a hand-off posted to another trigger is refused. */
	to: string;
	/** The workflow of the trigger that received it, for the items' `sharedBy`. */
	from: { workflowId: string; workflowName: string };
	sentAt: number;
	/** Messages the sender handed to Send and Wait executions: answers, not the workflows'. */
	answered: string[];
	/** The platform's delivery, as received. */
	delivery: string;
}

export function sharedBody(shared: SharedDelivery): string {
	return JSON.stringify({ object: SHARED_OBJECT, ...shared });
}

/**
 * The hand-off in a webhook's body: undefined when the body is no hand-off, `stale` when it is
 * too old (or dated ahead), `malformed` when it is one but not of this shape.
 */
export function sharedOf(
	body: IDataObject,
	now = Date.now(),
): SharedDelivery | 'stale' | 'malformed' | undefined {
	if (body.object !== SHARED_OBJECT) return undefined;
	const from = body.from as IDataObject | undefined;
	const { to, sentAt, answered, delivery } = body;
	if (
		typeof to !== 'string' ||
		typeof from !== 'object' ||
		from === null ||
		typeof from.workflowId !== 'string' ||
		typeof from.workflowName !== 'string' ||
		typeof sentAt !== 'number' ||
		!Array.isArray(answered) ||
		!answered.every((id) => typeof id === 'string') ||
		typeof delivery !== 'string'
	)
		return 'malformed';
	if (now - sentAt > SHARED_FRESH_MS || sentAt - now > 60_000) return 'stale';
	return {
		to,
		from: { workflowId: from.workflowId, workflowName: from.workflowName },
		sentAt,
		answered: answered as string[],
		delivery,
	};
}

/** The delivery's events but the answers the sender took, each saying where it came from. */
export function sharedEvents(events: TriggerEvent[], shared: SharedDelivery): TriggerEvent[] {
	const answered = new Set(shared.answered);
	return events
		.filter(
			(e) =>
				e.eventType !== 'incomingMessage' ||
				typeof e.messageId !== 'string' ||
				!answered.has(e.messageId),
		)
		.map((e) => ({ ...e, sharedBy: shared.from }));
}
