import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';
import { adviceFor } from './errorAdvice';
import type { ApiErrorDetails, Outcome } from './outcome';

/** The error n8n shows for a request that failed for good: the API's words, and what to do. */
export function toNodeError(
	node: INode,
	outcome: Exclude<Outcome, { kind: 'ok' }>,
	{
		idempotent,
		attempts,
		itemIndex,
	}: { idempotent: boolean; attempts: number; itemIndex?: number },
): NodeApiError {
	const tries = attempts > 1 ? ` (after ${attempts} attempts)` : '';
	if (outcome.kind === 'notSent' || outcome.kind === 'lost') {
		// n8n replaces a message naming a network error code with its own generic text, so the
		// code and the client's words go in the description.
		const unknown = outcome.kind === 'lost' && !idempotent;
		const message = unknown
			? 'The connection failed after the request was sent: it may have gone through'
			: outcome.kind === 'lost'
				? 'The API did not answer in time, or the connection broke'
				: 'Could not reach the API';
		const advice = unknown
			? 'It was not repeated, so that nothing happens twice: check whether it took effect before running it again.'
			: 'Check the Base URL of the credential and that the API is reachable from n8n.';
		return markActed(
			new NodeApiError(node, { message } as JsonObject, {
				message: `${message}${tries}`,
				description: `${outcome.message}. ${advice}`,
				itemIndex,
			}),
			unknown,
		);
	}
	const { error, status } = outcome;
	const maybeDone = outcome.kind === 'serverError' && !idempotent;
	return markActed(
		new NodeApiError(node, apiErrorJson(error), {
			message: `${error.message}${tries}`,
			description: describe(error, maybeDone, outcome.kind),
			httpCode: String(status),
			itemIndex,
		}),
		maybeDone,
	);
}

/**
 * `context.mayHaveActed`: whether the request may have taken effect although it failed (the
 * connection broke after sending, a server error): an idempotency key then stays used.
 */
function markActed(error: NodeApiError, mayHaveActed: boolean): NodeApiError {
	error.context.mayHaveActed = mayHaveActed;
	return error;
}

/** Whether a failure is sure to have acted on nothing: a refusal, a check before sending. */
export function nothingWentOut(error: unknown): boolean {
	if (error instanceof NodeApiError) return error.context.mayHaveActed === false;
	return error instanceof NodeOperationError;
}

function apiErrorJson(error: ApiErrorDetails): JsonObject {
	return {
		message: error.message,
		...(error.code !== undefined ? { code: error.code } : {}),
		...(error.subcode !== undefined ? { error_subcode: error.subcode } : {}),
		...(error.traceId !== undefined ? { fbtrace_id: error.traceId } : {}),
		...(error.field !== undefined ? { field: error.field } : {}),
		...(error.userTitle !== undefined ? { error_user_title: error.userTitle } : {}),
		...(error.userMessage !== undefined ? { error_user_msg: error.userMessage } : {}),
		...(error.transient ? { is_transient: true } : {}),
	};
}

function describe(
	error: ApiErrorDetails,
	maybeDone: boolean,
	kind: 'refused' | 'rateLimited' | 'transient' | 'serverError',
): string {
	const parts: string[] = [];
	// The platform's words for a person come first: they say what to do in the user's terms.
	const forPeople = [error.userTitle, error.userMessage].filter(
		(text) => text !== undefined && text !== error.message,
	);
	if (forPeople.length) parts.push(sentence(forPeople.join(': ')));
	if (error.code !== undefined)
		parts.push(
			`Error code ${error.code}${error.subcode !== undefined ? ` (subcode ${error.subcode})` : ''}.`,
		);
	const advice = adviceFor(error.code);
	if (advice) parts.push(advice);
	if (error.traceId) parts.push(`Trace ID ${error.traceId} (give it to the provider's support).`);
	if (kind === 'rateLimited')
		parts.push('The API is rate limiting requests: wait, or lower how often the workflow runs.');
	if (kind === 'transient' || (kind === 'serverError' && error.transient))
		parts.push('The API says the failure is temporary: try again later.');
	if (maybeDone)
		parts.push(
			'The request was not repeated, since it may have taken effect: check before running it again.',
		);
	return parts.join(' ');
}

function sentence(text: string): string {
	return /[.!?]$/.test(text) ? text : `${text}.`;
}
