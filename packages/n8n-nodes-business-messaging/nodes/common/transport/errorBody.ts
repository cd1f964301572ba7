import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../isObject';

/**
 * Reads the provider's own words from an error response, whatever its shape. The spec shows no
 * error body, so every common one is read:
 * - Graph: { error: { message, code, error_subcode, error_user_title, error_user_msg,
 *   is_transient, error_data: { details, field }, fbtrace_id } }
 * - flat envelope: { code, status: "FAILURE", message } (the style of GET /getuserdetails)
 * - { error: "…" }, { errors: [{ message | title | detail, code }] }, { message }, RFC 7807
 *   { title, detail }
 * - text/plain, an HTML page from a gateway (its title, never the markup), and no body at all.
 */
export interface ApiErrorDetails {
	message: string;
	code?: number;
	subcode?: number;
	traceId?: string;
	field?: string;
	/** The platform's words for a person (Graph's error_user_title / error_user_msg, error_data.details). */
	userTitle?: string;
	userMessage?: string;
	/** The platform says trying again later may succeed (Graph's is_transient). */
	transient?: boolean;
}

export interface ErrorResponse {
	statusCode: number;
	headers?: Record<string, unknown>;
	body: unknown;
}

/** Longest provider text shown; a page of it helps nobody. */
const MAX_TEXT = 500;

const TRACE_KEYS = ['fbtrace_id', 'trace_id', 'traceId', 'request_id', 'requestId'];
const TRACE_HEADERS = ['x-fb-trace-id', 'x-request-id', 'x-trace-id', 'x-amzn-requestid'];

/** The error a failed response reports; never undefined: without words, the status speaks. */
export function errorOfResponse(response: ErrorResponse): ApiErrorDetails {
	const body = parsedText(response.body);
	const details =
		errorInBody(body) ?? unknownJson(response.statusCode, body) ?? errorInText(response);
	const traceId = details.traceId ?? traceHeader(response.headers);
	return traceId === undefined ? details : { ...details, traceId };
}

/**
 * The error a JSON body reports, or undefined when it reports none. Used on failed responses
 * and on 200s (a failure reported inside a successful answer).
 */
export function errorInBody(body: unknown): ApiErrorDetails | undefined {
	if (!isObject(body)) return undefined;
	if (isObject(body.error)) return graphError(body.error, body);
	const message = flatMessage(body);
	if (message === undefined) return undefined;
	const firstError = Array.isArray(body.errors) && isObject(body.errors[0]) ? body.errors[0] : {};
	return withoutUndefined({
		message,
		code:
			numberOf(body.error_code) ??
			numberOf(firstError.code) ??
			numberOf(body.code) ??
			codeInText(message),
		subcode: numberOf(body.error_subcode) ?? numberOf(body.subcode),
		traceId: traceIn(body) ?? traceIn(firstError),
		field: nonEmptyText(body.field) ?? nonEmptyText(firstError.field),
		transient: body.is_transient === true ? true : undefined,
	});
}

/**
 * The words of a body without a Graph error object. Frameworks often put the HTTP reason or a
 * code in `error` ("Not Found", "invalid_request") and the real text in `message`,
 * `error_description` or `detail`: the text wins, with a code-like `error` before it.
 */
function flatMessage(body: IDataObject): string | undefined {
	const error = nonEmptyText(body.error);
	const text =
		errorsArrayText(body.errors, false) ??
		nonEmptyText(body.message) ??
		nonEmptyText(body.error_description) ??
		nonEmptyText(body.detail) ??
		nonEmptyText(body.title) ??
		nonEmptyText(body.msg);
	if (error === undefined) return text ?? errorsArrayText(body.errors, true);
	if (text === undefined || text.includes(error)) return text ?? error;
	return REASON_PHRASES.has(error.toLowerCase()) ? text : `${error}: ${text}`;
}

function graphError(error: IDataObject, outer: IDataObject): ApiErrorDetails {
	const data = isObject(error.error_data) ? error.error_data : {};
	const message =
		nonEmptyText(error.message) ??
		nonEmptyText(error.error_user_msg) ??
		nonEmptyText(outer.message) ??
		'The API reported an error without a message';
	return withoutUndefined({
		message,
		code: numberOf(error.code) ?? codeInText(message),
		subcode: numberOf(error.error_subcode),
		traceId: traceIn(error) ?? traceIn(outer),
		field: nonEmptyText(data.field) ?? nonEmptyText(error.field),
		userTitle: nonEmptyText(error.error_user_title),
		userMessage:
			failedUsers(outer) ?? nonEmptyText(error.error_user_msg) ?? nonEmptyText(data.details),
		transient: error.is_transient === true ? true : undefined,
	});
}

/**
 * The users a per-user request failed for, each with the platform's reason (the Block Users
 * API's `block_users.failed_users[]`, beside an error that says only "see the list"):
 * `14155550100: Re-engagement required (User has not messaged in the last 24 hours)`.
 */
function failedUsers(outer: IDataObject): string | undefined {
	for (const value of Object.values(outer)) {
		if (!isObject(value) || !Array.isArray(value.failed_users)) continue;
		const reasons = value.failed_users.filter(isObject).map((user) => {
			const error = Array.isArray(user.errors) && isObject(user.errors[0]) ? user.errors[0] : {};
			const details = isObject(error.error_data)
				? nonEmptyText(error.error_data.details)
				: undefined;
			const why = [nonEmptyText(error.message), details && `(${details})`].filter(Boolean);
			return `${nonEmptyText(user.input) ?? nonEmptyText(user.wa_id) ?? 'a user'}: ${why.join(' ') || 'no reason given'}`;
		});
		if (reasons.length > 0) return clip(reasons.join('; '));
	}
	return undefined;
}

/** JSON of a shape no error takes: said so, with the start of it (never nothing). */
function unknownJson(status: number, body: unknown): ApiErrorDetails | undefined {
	if (typeof body !== 'object' || body === null) return undefined;
	const text = JSON.stringify(body);
	if (text === '{}' || text === '[]') return undefined;
	return {
		message: `The API answered HTTP ${status}${statusText(status)} with a body the node does not recognise: ${clip(text, 200)}`,
	};
}

/** A body that is not a JSON error: plain text, an HTML page, or nothing. */
function errorInText(response: ErrorResponse): ApiErrorDetails {
	const status = response.statusCode;
	const text = typeof response.body === 'string' ? response.body.trim() : '';
	const type = String(response.headers?.['content-type'] ?? '').toLowerCase();
	if (text === '')
		return { message: `The API answered HTTP ${status}${statusText(status)} with no message` };
	if (type.includes('html') || /^<(!doctype|html|head|body)\b/i.test(text)) {
		const title = htmlTitle(text);
		return {
			message: `The API's address answered HTTP ${status} with a web page${title ? `: "${title}"` : ''}`,
			userMessage:
				'A page instead of an API answer usually comes from a proxy or gateway in front of the API: check the Base URL of the credential, or try again later.',
		};
	}
	const message = clip(text.replace(/\s+/g, ' '));
	const code = codeInText(message);
	return code === undefined ? { message } : { message, code };
}

/**
 * The platform's error code in a text: Graph's messages start with it ("(#131047) Re-engagement
 * message"), and gateways that flatten errors to text write "Error 131047: …" or "code 131047 -
 * …". Read only there, at the start: a number elsewhere in a text is no code.
 */
export function codeInText(text: string): number | undefined {
	const match =
		/^\s*\(#(\d{1,6})\)/.exec(text) ??
		/^\s*(?:error(?:\s+code)?|code)\s*[#:]?\s*(\d{1,6})\s*[:\-–)]/i.exec(text);
	return match ? Number(match[1]) : undefined;
}

/** A body the client left as text though it is JSON (a JSON error sent as text/plain). */
function parsedText(body: unknown): unknown {
	if (body instanceof Buffer) return parsedText(body.toString());
	if (typeof body !== 'string' || !/^\s*[{[]/.test(body)) return body;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

/** The texts of an `errors` list; its bare codes only with `codesToo` (a last resort). */
function errorsArrayText(errors: unknown, codesToo: boolean): string | undefined {
	if (!Array.isArray(errors)) return undefined;
	const texts = errors
		.map((e) =>
			isObject(e)
				? (nonEmptyText(e.message) ??
					joined(nonEmptyText(e.title), nonEmptyText(e.detail)) ??
					(codesToo ? nonEmptyText(e.code) : undefined))
				: typeof e === 'string'
					? nonEmptyText(e)
					: undefined,
		)
		.filter((t): t is string => t !== undefined);
	return texts.length ? clip([...new Set(texts)].join('; ')) : undefined;
}

function joined(title?: string, detail?: string): string | undefined {
	if (title && detail) return detail.includes(title) ? detail : `${title}: ${detail}`;
	return title ?? detail;
}

function htmlTitle(html: string): string | undefined {
	const match =
		/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html) ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
	if (!match) return undefined;
	const text = match[1]
		.replace(/<[^>]*>/g, '')
		.replace(/&nbsp;/g, ' ')
		.replace(/&amp;/g, '&')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/\s+/g, ' ')
		.trim();
	return text ? clip(text, 120) : undefined;
}

function traceIn(object: IDataObject): string | undefined {
	for (const key of TRACE_KEYS) {
		const value = nonEmptyText(object[key]);
		if (value !== undefined) return value;
	}
	return undefined;
}

function traceHeader(headers: Record<string, unknown> | undefined): string | undefined {
	for (const name of TRACE_HEADERS) {
		const value = headers?.[name];
		const text = nonEmptyText(Array.isArray(value) ? value[0] : value);
		if (text !== undefined) return text;
	}
	return undefined;
}

const STATUS_TEXT: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	409: 'Conflict',
	413: 'Payload Too Large',
	422: 'Unprocessable Entity',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

/** HTTP reason phrases, which say less than the text beside them. */
const REASON_PHRASES = new Set(Object.values(STATUS_TEXT).map((text) => text.toLowerCase()));

function statusText(status: number): string {
	return STATUS_TEXT[status] ? ` (${STATUS_TEXT[status]})` : '';
}

/** A number, or a numeric string (some servers send codes as text). */
export function numberOf(value: unknown): number | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
	return undefined;
}

function nonEmptyText(value: unknown): string | undefined {
	if (typeof value === 'number') return String(value);
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	return text === '' ? undefined : clip(text);
}

function clip(text: string, max = MAX_TEXT): string {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function withoutUndefined(details: ApiErrorDetails): ApiErrorDetails {
	return Object.fromEntries(
		Object.entries(details).filter(([, value]) => value !== undefined),
	) as unknown as ApiErrorDetails;
}
