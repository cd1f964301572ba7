import type { IDataObject } from 'n8n-workflow';

/**
 * What one attempt of a request came to. The transport decides from the kind whether it may
 * try again: only when the API cannot have acted on the request, or when acting twice is
 * harmless.
 */
export type Outcome =
	| { kind: 'ok'; body: unknown }
	/** 4xx (but 429): the API refused the request; repeating it would not help. */
	| { kind: 'refused'; status: number; error: ApiErrorDetails }
	/** 429: not processed; safe to repeat after the wait. */
	| { kind: 'rateLimited'; status: number; error: ApiErrorDetails; retryAfterMs?: number }
	/** 5xx, a failure reported inside a 200 body, or a body that is not JSON. */
	| { kind: 'serverError'; status: number; error: ApiErrorDetails }
	/** The connection failed before the request left: safe to repeat. */
	| { kind: 'notSent'; message: string }
	/** The connection failed after the request left (reset, timeout): the outcome is unknown. */
	| { kind: 'lost'; message: string };

export interface ApiErrorDetails {
	message: string;
	code?: number;
	subcode?: number;
	traceId?: string;
	field?: string;
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
		if (failure)
			return {
				kind:
					failure.code !== undefined && failure.code < 500 && failure.code >= 400
						? 'refused'
						: 'serverError',
				status,
				error: failure.error,
			};
		return { kind: 'ok', body };
	}
	const error = errorDetails(body) ?? { message: `The API answered HTTP ${status}` };
	if (status === 429) {
		return {
			kind: 'rateLimited',
			status,
			error,
			retryAfterMs: retryAfterMs(response.headers?.['retry-after'], nowMs),
		};
	}
	if (status >= 500) return { kind: 'serverError', status, error };
	return { kind: 'refused', status, error };
}

/** A thrown request error (n8n wraps the client's error): did the request leave? */
export function classifyThrown(error: unknown): Outcome {
	const code = findErrorCode(error);
	const message = describeNetworkError(error, code);
	if (code && NOT_SENT_CODES.includes(code)) return { kind: 'notSent', message };
	// Anything else (reset, timeout, a broken body) may have happened after the API acted.
	return { kind: 'lost', message };
}

/** The platform's error object: { error: { message, code, error_subcode, fbtrace_id, error_data } }. */
export function errorDetails(body: unknown): ApiErrorDetails | undefined {
	if (typeof body !== 'object' || body === null) return undefined;
	const error = (body as IDataObject).error;
	if (typeof error !== 'object' || error === null) return undefined;
	const e = error as IDataObject;
	const data = e.error_data as IDataObject | undefined;
	return {
		message: typeof e.message === 'string' ? e.message : 'The API reported an error',
		code: typeof e.code === 'number' ? e.code : undefined,
		subcode: typeof e.error_subcode === 'number' ? e.error_subcode : undefined,
		traceId: typeof e.fbtrace_id === 'string' ? e.fbtrace_id : undefined,
		field: typeof data?.field === 'string' ? data.field : undefined,
	};
}

/** A 200 whose body says it failed: an `error` object, or `status: "error"` / `code` >= 400. */
function failureInBody(body: unknown): { error: ApiErrorDetails; code?: number } | undefined {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
	const b = body as IDataObject;
	const statusSaysError = typeof b.status === 'string' && /^(error|fail(ed|ure)?)$/i.test(b.status);
	const codeSaysError = typeof b.code === 'number' && b.code >= 400;
	const error = errorDetails(body);
	if (!error && !statusSaysError && !codeSaysError) return undefined;
	return {
		error: error ?? {
			message:
				typeof b.message === 'string'
					? b.message
					: 'The API reported a failure inside a successful response',
		},
		code: typeof b.code === 'number' ? b.code : undefined,
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
