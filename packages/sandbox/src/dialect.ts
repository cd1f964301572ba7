import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { ApiError, ErrorCode, traceId } from './errors';
import type { Page } from './paging';
import { isObject, type Json } from './validate';

/**
 * Dialects: other faithful readings of what the contract leaves "not shown" (error bodies, field
 * sets, IDs, filters, paging), so that a client can be tested against each. The sandbox keeps one
 * code path; the knobs below act only where an answer is written (errors, field selection, new
 * IDs, paging). Page sizes are the config settings templatePageSize / productPageSize, which a
 * preset sets too (dialectPresets.ts: the presets, and how a dialect is chosen).
 */

export const ERROR_SHAPES = [
	'graph',
	'graphFull',
	'flat',
	'errorString',
	'errorsArray',
	'message',
	'text',
	'html',
	'empty',
] as const;
export type ErrorShape = (typeof ERROR_SHAPES)[number];

/** Every knob: its values (the first is today's behaviour, the default) and what it changes. */
export const DIALECT_KNOBS = {
	errorShape: {
		values: ERROR_SHAPES,
		about:
			'the body of every API error, injected faults included; statuses stay the same (see the README)',
	},
	errorCodes: {
		values: ['number', 'string'],
		about: 'error codes (code, error_subcode, error_code) as JSON numbers or strings ("100")',
	},
	notFoundStatus: {
		values: [404, 400],
		about:
			'an unknown ID or path answers 404 (code 803), or 400 with code 100, subcode 33 ("Unsupported get request"), as the Graph API does; every other 404 becomes 400 too',
	},
	strictFields: {
		values: [false, true],
		about: 'with `fields`, answer exactly the fields asked for (id only if asked)',
	},
	accountDefaultFields: {
		values: ['all', 'minimal'],
		about: 'GET /{business_account_id} without `fields`: all five fields, or id and name',
	},
	idStyle: {
		values: ['digits', 'opaque'],
		about:
			'IDs the sandbox seeds and creates: Graph-style digits, or opaque (ba_…, pn_…, tpl-…, cat_…, prd_…, med-…, rf_…)',
	},
	nameFilter: {
		values: [true, false],
		about: 'the template list filters by `name` (false: the parameter is ignored)',
	},
	beforeCursors: {
		values: [true, false],
		about: 'pages carry paging.cursors.before (false: only after)',
	},
	afterOnLastPage: {
		values: [false, true],
		about:
			'the last page carries paging.cursors.after too, as the Graph API does (the end shows as no `next` link, or an empty page)',
	},
	pagingOnLastPage: {
		values: [true, false],
		about: 'the last page carries paging (false: no paging at all)',
	},
	nextLinks: {
		values: [false, true],
		about: 'pages carry paging.next and paging.previous URLs, as the Graph API does',
	},
} as const;

type Knobs = typeof DIALECT_KNOBS;
export type Dialect = { -readonly [K in keyof Knobs]: Knobs[K]['values'][number] };
export type DialectKnob = keyof Dialect;
export const DIALECT_KNOB_NAMES = Object.keys(DIALECT_KNOBS) as DialectKnob[];

export const DEFAULT_DIALECT: Readonly<Dialect> = Object.freeze(
	Object.fromEntries(DIALECT_KNOB_NAMES.map((k) => [k, DIALECT_KNOBS[k].values[0]])) as Dialect,
);

/** A knob's value written as text (a command-line flag): one of its values as they print. */
export function knobFromText(knob: DialectKnob, text: string): Dialect[DialectKnob] | undefined {
	return (DIALECT_KNOBS[knob].values as readonly Dialect[DialectKnob][]).find(
		(v) => String(v) === text,
	);
}

// ---- errors ----

const USER_TITLES: Record<string, string> = {
	InvalidParameterError: 'Invalid parameter',
	InvalidRequestError: 'Invalid request',
	RefusedError: 'Request refused',
	NotFoundError: 'Not found',
	GraphMethodException: 'Unsupported request',
	AuthenticationError: 'Authentication failed',
	RateLimitError: 'Too many requests',
	ServerError: 'Service unavailable',
};

/** Codes of failures that may pass on retry (rate limit, server error, unavailable). */
const TRANSIENT_CODES: readonly number[] = [
	ErrorCode.rateLimited,
	ErrorCode.serverError,
	ErrorCode.serviceUnavailable,
];

/** What an error answers in a dialect: its status, and a body of some content type (or none). */
export interface RenderedError {
	status: number;
	contentType?: string;
	body?: unknown;
}

export function renderError(error: ApiError, dialect: Dialect, method: string): RenderedError {
	const e =
		dialect.notFoundStatus === 400 && error.status === 404 ? asGraph400(error, method) : error;
	const code = (n: number) => (dialect.errorCodes === 'string' ? String(n) : n);
	const title = USER_TITLES[e.type] ?? e.type;
	switch (dialect.errorShape) {
		case 'graph':
		case 'graphFull': {
			const { fbtrace_id, ...rest } = e.toBody().error;
			const transient = e.status === 429 || e.status >= 500 || TRANSIENT_CODES.includes(e.code);
			return {
				status: e.status,
				body: {
					error: {
						...rest,
						code: code(e.code),
						...(e.subcode !== undefined ? { error_subcode: code(e.subcode) } : {}),
						...(dialect.errorShape === 'graphFull'
							? { is_transient: transient, error_user_title: title, error_user_msg: e.message }
							: {}),
						fbtrace_id,
					},
				},
			};
		}
		case 'flat':
			return {
				status: e.status,
				body: {
					code: code(e.status),
					status: 'FAILURE',
					message: e.message,
					error_code: code(e.code),
					...(e.subcode !== undefined ? { error_subcode: code(e.subcode) } : {}),
					trace_id: traceId(),
				},
			};
		case 'errorString':
			return { status: e.status, body: { error: e.message } };
		case 'errorsArray':
			return {
				status: e.status,
				body: { errors: [{ code: code(e.code), title, detail: e.message }] },
			};
		case 'message':
			return { status: e.status, body: { message: e.message } };
		case 'text':
			// As gateways that flatten the platform's errors to text write them: the code first.
			return {
				status: e.status,
				contentType: 'text/plain; charset=utf-8',
				body: `Error ${e.code}: ${e.message}`,
			};
		case 'html':
			return {
				status: e.status,
				contentType: 'text/html; charset=utf-8',
				body: gatewayPage(e.status),
			};
		case 'empty':
			return { status: e.status };
	}
}

/** Answers an error of the API in the dialect's shape. */
export function sendError(
	reply: FastifyReply,
	error: ApiError,
	dialect: Dialect,
	method: string,
): FastifyReply {
	const rendered = renderError(error, dialect, method);
	reply.code(rendered.status);
	if (rendered.contentType) reply.type(rendered.contentType);
	return rendered.body === undefined ? reply.send() : reply.send(rendered.body);
}

/**
 * The body of a failure reported inside an HTTP 200 (an injected fault): `{code: 500, status:
 * "error"}` with the dialect's JSON error body in it (a message for text, html and empty).
 */
export function failureIn200(dialect: Dialect, method: string): Json {
	const error = new ApiError(
		500,
		ErrorCode.serviceUnavailable,
		'Temporary failure, please retry',
		'ServerError',
	);
	const { body } = renderError(error, dialect, method);
	return {
		code: dialect.errorCodes === 'string' ? '500' : 500,
		status: 'error',
		...(isObject(body) ? body : { message: error.message }),
	};
}

/** A 404 as the Graph API answers it: 400; an unknown object is code 100, subcode 33. */
function asGraph400(error: ApiError, method: string): ApiError {
	if (error.code !== ErrorCode.notFound)
		return new ApiError(400, error.code, error.message, error.type, error.field, error.subcode);
	return new ApiError(
		400,
		ErrorCode.invalidParameter,
		`Unsupported ${method.toLowerCase()} request. ${error.message}`,
		'GraphMethodException',
		undefined,
		33,
	);
}

/** The page a reverse proxy answers on its own: it names the status, not the API's message. */
function gatewayPage(status: number): string {
	const line = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
	return `<html>\r\n<head><title>${line}</title></head>\r\n<body>\r\n<center><h1>${line}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

// ---- fields ----

/**
 * The fields an answer carries: without `fields` the defaults (for a business account in the
 * minimal dialect, id and name); with it exactly those (strictFields), or `id` and then those.
 */
export function fieldsToAnswer(
	dialect: Dialect,
	asked: readonly string[] | undefined,
	defaults: readonly string[],
	minimalDefaults?: readonly string[],
): readonly string[] {
	if (asked === undefined)
		return minimalDefaults && dialect.accountDefaultFields === 'minimal'
			? minimalDefaults
			: defaults;
	return dialect.strictFields ? asked : ['id', ...asked.filter((f) => f !== 'id')];
}

/** A list filter outside the contract (the template list's `name`): ignored when the dialect says so. */
export function nameFilter(dialect: Dialect, value: string | undefined): string | undefined {
	return dialect.nameFilter ? value : undefined;
}

// ---- IDs ----

const ID_PREFIXES = {
	account: 'ba_',
	number: 'pn_',
	template: 'tpl-',
	catalog: 'cat_',
	product: 'prd_',
	media: 'med-',
	refund: 'rf_',
	flow: 'flw_',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;
export type IdStyle = Dialect['idStyle'];
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * An opaque ID: a prefix naming the kind, then 12 letters and digits derived from `salt`, so the
 * same salt always gives the same ID. One path segment, never a word a route uses.
 */
export function opaqueId(kind: IdKind, salt: string): string {
	const digest = createHash('sha256').update(`${kind}:${salt}`).digest();
	let id: string = ID_PREFIXES[kind];
	for (let i = 0; i < 12; i++) id += ALPHABET[digest[i] % ALPHABET.length];
	return id;
}

/** A seeded ID written as digits, in the style in force. */
export function styledId(style: IdStyle, kind: IdKind, digits: string): string {
	return style === 'opaque' ? opaqueId(kind, digits) : digits;
}

// ---- paging ----

export interface Paging {
	cursors: { before?: string; after?: string };
	next?: string;
	previous?: string;
}

/** A page's `paging` as the dialect writes it (spread into the answer: it may be absent). */
export function pagingOf<T>(
	dialect: Dialect,
	request: FastifyRequest,
	page: Page<T>,
): { paging?: Paging } {
	const { before, after } = page.cursors;
	if (after === undefined && !dialect.pagingOnLastPage) return {};
	const cursors: Paging['cursors'] = {};
	if (before !== undefined && dialect.beforeCursors) cursors.before = before;
	if (after !== undefined) cursors.after = after;
	else if (dialect.afterOnLastPage && page.last !== undefined) cursors.after = page.last;
	const paging: Paging = { cursors };
	if (dialect.nextLinks) {
		// `next` only where items follow: Graph marks the last page by its absence.
		if (after !== undefined) paging.next = linkTo(request, 'after', after);
		if (cursors.before !== undefined && page.hasPrevious)
			paging.previous = linkTo(request, 'before', cursors.before);
	}
	return { paging };
}

function linkTo(request: FastifyRequest, name: 'after' | 'before', cursor: string): string {
	const url = new URL(request.url, `${request.protocol}://${request.headers.host}`);
	url.searchParams.delete('after');
	url.searchParams.delete('before');
	url.searchParams.set(name, cursor);
	return url.toString();
}
