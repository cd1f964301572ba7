import type { IDataObject } from 'n8n-workflow';
import { errorInBody, errorOfResponse, numberOf, type ApiErrorDetails } from './errorBody';

export type { ApiErrorDetails } from './errorBody';

/**
 * What one attempt of a request came to. The transport decides from the kind whether it may
 * try again: only when the API cannot have acted on the request, or when acting twice is
 * harmless.
 */
export type Outcome =
	| { kind: 'ok'; body: unknown }
	/** 4xx: the API refused the request; repeating it would not help. */
	| { kind: 'refused'; status: number; error: ApiErrorDetails }
	/** 429 or a throttling code, whatever the status: not processed; safe to repeat after the wait. */
	| { kind: 'rateLimited'; status: number; error: ApiErrorDetails; retryAfterMs?: number }
	/** A refusal the API marks as transient (is_transient): not processed; may succeed later. */
	| { kind: 'transient'; status: number; error: ApiErrorDetails }
	/** 5xx, a failure reported inside a 200 body, or a body that is not JSON. */
	| { kind: 'serverError'; status: number; error: ApiErrorDetails }
	/** The connection failed before the request left: safe to repeat. */
	| { kind: 'notSent'; message: string }
	/** The connection failed after the request left (reset, timeout): the outcome is unknown. */
	| { kind: 'lost'; message: string };

/**
 * The Cloud API's throttling codes: the request was refused for its rate, not processed, and the
 * same request will pass later. They come with 429, 400 or even 200, so the code decides.
 * 4: app rate limit; 80007: business account rate limit; 130429: throughput limit;
 * 131056: too many messages to the same customer.
 */
export const THROTTLING_CODES: readonly number[] = [4, 80007, 130429, 131056];
/** The Cloud API's "throughput reached" for one number: a pace of sends avoids it (pace.ts). */
export const THROUGHPUT_CODE = 130429;

/**
 * "Not found", however the server says it: 404, or the Graph API's 400 with code 100 and
 * subcode 33 ("Unsupported get request": the object does not exist or cannot be seen).
 */
export function isNotFound(status: number, error: ApiErrorDetails): boolean {
	return status === 404 || (status === 400 && error.code === 100 && error.subcode === 33);
}

interface FullResponse {
	statusCode: number;
	headers?: Record<string, unknown>;
	body: unknown;
}

const NOT_SENT_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

export function classifyResponse(response: FullResponse, nowMs: number): Outcome {
	const { statusCode: status, body } = response;
	if (status >= 200 && status < 300) {
		if (typeof body === 'string' && body.trim() !== '' && looksLikeJsonResponse(response)) {
			return {
				kind: 'serverError',
				status,
				error: { message: 'The API answered with a body that is not valid JSON' },
			};
		}
		const failure = failureInBody(body);
		if (!failure) return { kind: 'ok', body };
		const refusal =
			failure.code !== undefined && failure.code < 500 && failure.code >= 400
				? 'refused'
				: 'serverError';
		return failed(refusal, status, failure.error, response, nowMs);
	}
	if (status >= 300 && status < 400)
		return { kind: 'refused', status, error: redirected(response) };
	const error = errorOfResponse(response);
	if (status === 429) return failed('rateLimited', status, error, response, nowMs);
	return failed(status >= 500 ? 'serverError' : 'refused', status, error, response, nowMs);
}

/**
 * A redirect is not followed (the apikey header would go wherever it points): it is reported
 * with where it points, so that the user can check the credential's Base URL.
 */
function redirected(response: FullResponse): ApiErrorDetails {
	const location = response.headers?.location;
	const where =
		typeof location === 'string' && location !== '' ? ` to ${location.slice(0, 300)}` : '';
	return {
		message: `The API answered with a redirect${where} (HTTP ${response.statusCode}). Redirects are not followed, so that the API key only goes to the credential's Base URL: check that the Base URL is the API's own address.`,
	};
}

/** The outcome of a failure, with the API's own hints: throttling codes and is_transient. */
function failed(
	kind: 'refused' | 'serverError' | 'rateLimited',
	status: number,
	error: ApiErrorDetails,
	response: FullResponse,
	nowMs: number,
): Outcome {
	if (kind === 'rateLimited' || (error.code !== undefined && THROTTLING_CODES.includes(error.code)))
		return {
			kind: 'rateLimited',
			status,
			error,
			retryAfterMs: retryAfterMs(response.headers?.['retry-after'], nowMs),
		};
	// A transient server error may still have acted: it stays a server error (repeated only when
	// that is harmless). A transient refusal did not act.
	if (kind === 'refused' && error.transient) return { kind: 'transient', status, error };
	return { kind, status, error };
}

/** A thrown request error (n8n wraps the client's error): did the request leave? */
export function classifyThrown(error: unknown): Outcome {
	const code = findErrorCode(error);
	const message = describeNetworkError(error, code);
	if (code && NOT_SENT_CODES.includes(code)) return { kind: 'notSent', message };
	// Anything else (reset, timeout, a broken body) may have happened after the API acted.
	return { kind: 'lost', message };
}

/**
 * A 200 whose body says it failed: an `error` (object or text), or `status: "error"` / `code` >= 400.
 * Other fields that merely mention errors (a batch status lists its entries' errors) are no failure.
 */
function failureInBody(body: unknown): { error: ApiErrorDetails; code?: number } | undefined {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
	const b = body as IDataObject;
	const statusSaysError = typeof b.status === 'string' && /^(error|fail(ed|ure)?)$/i.test(b.status);
	const code = numberOf(b.code);
	const codeSaysError = code !== undefined && code >= 400;
	const hasError =
		(typeof b.error === 'object' && b.error !== null) ||
		(typeof b.error === 'string' && b.error.trim() !== '');
	if (!hasError && !statusSaysError && !codeSaysError) return undefined;
	return {
		error: errorInBody(body) ?? {
			message: 'The API reported a failure inside a successful response',
		},
		code,
	};
}

function looksLikeJsonResponse(response: FullResponse): boolean {
	const type = String(response.headers?.['content-type'] ?? '');
	return type.includes('json') || type === '';
}

/** Retry-After in seconds or as an HTTP date. */
export function retryAfterMs(header: unknown, nowMs: number): number | undefined {
	if (header === undefined || header === null || header === '') return undefined;
	const text = String(Array.isArray(header) ? header[0] : header).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

function findErrorCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

function describeNetworkError(error: unknown, code: string | undefined): string {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current; depth++) {
		const message = (current as { message?: unknown }).message;
		if (
			typeof message === 'string' &&
			message !== '' &&
			!/^(The service was not able to process your request|UNKNOWN ERROR)/.test(message)
		) {
			return code && !message.includes(code) ? `${message} (${code})` : message;
		}
		current = (current as { cause?: unknown }).cause;
	}
	return code ?? 'The connection to the API failed';
}
