import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import {
	parseReference,
	REFERENCE_PREFIX,
	type AnswerKind,
	type ParsedReference,
} from '../../common/waiting/answerReference';
import type { TriggerEvent } from '../events';
import { customerIdsOf } from '../events/customer';
import type { QuestionStore } from '../store/questionTable';
import { isObject } from '../../common/isObject';

/**
 * The trigger's part of Send and Wait (common/waiting): it receives every delivery of the app,
 * so it hands the answers to the executions that wait for them, by calling their resume address
 * on this n8n. An answer that resumed an execution is taken out of the delivery, and so is a
 * stray one that resumed nothing (a late tap, a second tap, a forged reference): it answered a
 * question, so it must not start the customer's workflow (a manager's second tap on an approval
 * would get the customer menu). With Options › Include Stray Answers it goes on to the workflow,
 * `waiting` saying why it resumed nothing; else n8n's log says why. Every other event goes on.
 */

export interface ResumeOutcome {
	resumed: boolean;
	/** Why not: notWaiting (answered already, limit reached, or gone), refused, unreachable. */
	reason?: string;
	message?: string;
}

/** `open` is where the trigger keeps its open free-text questions (store/triggerStore.ts). */
export async function resumeWaiting(
	this: IWebhookFunctions,
	events: TriggerEvent[],
	open: QuestionStore,
	includeStray = false,
	now = Date.now(),
): Promise<TriggerEvent[]> {
	const address = waitingAddress(this);
	if (!address) return events;
	const remaining: TriggerEvent[] = [];
	const stray = (event: TriggerEvent, outcome: ResumeOutcome) => {
		if (includeStray) remaining.push({ ...event, waiting: outcome });
		else
			this.logger.info(
				`Business Messaging Trigger: an answer to a Send and Wait question resumed nothing and starts nothing (${outcome.reason ?? ''}: ${outcome.message ?? ''})`,
				{ messageId: event.messageId },
			);
	};
	for (const event of events) {
		if (event.eventType === 'incomingMessage') {
			const carried = carriedReference(event);
			const referenced = parseReference(carried.value, address.path);
			// A button carries only a tap's reference, a Flow only a form's: another kind there was
			// never sent by a wait.
			const wrongKind = referenced !== undefined && referenced.kind !== carried.kind;
			if (
				wrongKind ||
				(!referenced &&
					typeof carried.value === 'string' &&
					carried.value.startsWith(REFERENCE_PREFIX))
			) {
				// Shaped as a reference, but not one of this n8n's: forged, or from another n8n.
				stray(event, {
					resumed: false,
					reason: 'refused',
					message: 'The answer’s reference is not a waiting address of this n8n',
				});
				continue;
			}
			const question = referenced
				? undefined
				: await open.take(event.phoneNumberId, customerIdsOf(event), now);
			const reference = referenced
				? referenced
				: question
					? parseReference(`bmw:${question.path}`, address.path)
					: undefined;
			if (reference) {
				const outcome = await resume(this, address.origin, reference, event, question?.messageId);
				if (outcome.resumed) continue;
				// A tap or a Flow's answer answers nothing else. A message after a free-text question may be the customer's
				// next request, and n8n out of reach is no stray answer: the workflow hears of both.
				if (referenced && outcome.reason !== 'unreachable') stray(event, outcome);
				else remaining.push({ ...event, waiting: outcome });
				continue;
			}
		}
		if (event.eventType === 'messageStatus') {
			remaining.push(await receiptSeen(this, event, address, open, now));
			continue;
		}
		remaining.push(event);
	}
	return remaining;
}

/** Where this n8n serves its waiting executions: its origin, and the path's first part. */
interface WaitingAddress {
	origin: string;
	path: string;
}

/**
 * Where this n8n's waiting webhooks are: the origin to call and the path every resume address
 * starts with, from n8n's own `$execution.resumeUrl` (its WEBHOOK_URL and waiting endpoint).
 */

function waitingAddress(context: IWebhookFunctions): WaitingAddress | undefined {
	try {
		const url = new URL(String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
		const path = url.pathname.replace(/\/[^/]*$/, '');
		return path ? { origin: url.origin, path } : undefined;
	} catch {
		return undefined;
	}
}

async function resume(
	context: IWebhookFunctions,
	origin: string,
	reference: ParsedReference,
	event: TriggerEvent,
	questionId?: string,
	/** Only ask whether the reference is the wait's own, for this chat: resumes nothing. */
	probe = false,
): Promise<ResumeOutcome> {
	const answer = { ...event } as IDataObject;
	delete answer.raw;
	delete answer.waiting;
	let response: { statusCode: number; body: unknown };
	try {
		response = await context.helpers.httpRequest({
			method: 'POST',
			url: `${origin}${reference.path}`,
			body: {
				event: { ...answer, ...(questionId ? { replyTo: questionId } : {}) },
				...(probe ? { probe: true } : {}),
			},
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 30_000,
		});
	} catch (error) {
		context.logger.warn(
			`Business Messaging Trigger: could not reach the waiting execution: ${(error as Error).message}`,
		);
		return { resumed: false, reason: 'unreachable', message: (error as Error).message };
	}
	const body = isObject(response.body) ? response.body : {};
	if (response.statusCode === 200 && body.resumed === true) return { resumed: true };
	if (typeof body.reason === 'string')
		return {
			resumed: false,
			reason: body.reason === 'notYet' ? 'notYet' : 'refused',
			message: typeof body.message === 'string' ? body.message : body.reason,
		};
	// n8n (or a proxy before it) failing, or too busy: the answer may still be wanted.
	if (response.statusCode >= 500 || response.statusCode === 429)
		return {
			resumed: false,
			reason: 'unreachable',
			message: `n8n answered ${response.statusCode}: the waiting execution could not be reached`,
		};
	// n8n's own answers: 404 no such execution, 409 finished or running, 401 a bad signature, or
	// (n8n 2.x, Send and Wait) a page saying no action is required.
	return {
		resumed: false,
		reason: response.statusCode === 401 ? 'refused' : 'notWaiting',
		message: `n8n answered ${response.statusCode}: the execution is not waiting for this answer (answered already, its limit reached, or gone)`,
	};
}

/**
 * The reference an answer in the chat may carry, and the kind a wait puts there: a Flow's answer
 * hands back the flow token it was sent with, a tap its button's or list row's ID (a template's
 * quick reply, its payload).
 */
function carriedReference(event: TriggerEvent): { value: unknown; kind: AnswerKind } {
	if (isObject(event.flow)) return { value: event.flow.token, kind: 'form' };
	const reply = isObject(event.reply) ? event.reply : {};
	return { value: reply.id ?? reply.payload, kind: 'tap' };
}

/**
 * A receipt of a message a wait sent: a free-text question's receipt opens the question (once the
 * wait vouched for its reference) or, failed, closes it; a receipt a wait asked for is passed to
 * it. The receipt still reaches the workflow, with `waiting` when the wait refused it.
 */
async function receiptSeen(
	context: IWebhookFunctions,
	event: TriggerEvent,
	address: WaitingAddress,
	open: QuestionStore,
	now: number,
): Promise<TriggerEvent> {
	const reference = parseReference(event.bizOpaqueCallbackData, address.path);
	if (reference?.kind === 'text') {
		const messageId = String(event.messageId);
		// A failure closes only a question opened before, by a receipt the wait vouched for.
		if (event.status === 'failed')
			await open.close(event.phoneNumberId, customerIdsOf(event), messageId, now);
		else if (!(await open.isOpen(event.phoneNumberId, customerIdsOf(event), messageId))) {
			// Only the wait can tell its own reference from a forged one: asked before the receipt
			// opens the question (once: its later receipts name it again).
			const check = await resume(context, address.origin, reference, event, undefined, true);
			if (check.reason !== 'notYet') return { ...event, waiting: check };
			await open.open(
				event.phoneNumberId,
				customerIdsOf(event),
				{ path: reference.path, messageId },
				now,
			);
		}
	}
	// A receipt still reaches the workflow as before; the wait learns of it too.
	if (reference?.kind === 'receipt') {
		const outcome = await resume(context, address.origin, reference, event);
		return outcome.resumed || outcome.reason === 'notYet' ? event : { ...event, waiting: outcome };
	}
	return event;
}
