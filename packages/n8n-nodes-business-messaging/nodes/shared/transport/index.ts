import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestMethods,
	type ILoadOptionsFunctions,
	type INode,
	type INodeExecutionData,
	type IWebhookFunctions,
	type JsonObject,
} from 'n8n-workflow';
import { classifyResponse, classifyThrown, type ApiErrorDetails, type Outcome } from './outcome';
import { adviceFor } from './errorAdvice';
import { asNodeError } from './nodeError';

/**
 * The only place that does HTTP. Every request goes through n8n's
 * httpRequestWithAuthentication (which adds the apikey header), to the credential's base URL.
 */

export const CREDENTIAL_TYPE = 'businessMessagingApi';

export type Context = IExecuteFunctions | ILoadOptionsFunctions | IWebhookFunctions;

export interface RetrySettings {
	/** Further attempts after the first. */
	maxRetries: number;
	/** First backoff wait; doubled at each attempt. */
	baseDelayMs: number;
	/** A Retry-After longer than this fails at once instead of waiting. */
	maxWaitMs: number;
	/** Time allowed for one attempt. */
	timeoutMs: number;
}

export const DEFAULT_RETRY: RetrySettings = {
	maxRetries: 3,
	baseDelayMs: 1000,
	maxWaitMs: 60_000,
	timeoutMs: 60_000,
};

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Built with apiPath(), so no ID can reach another endpoint. */
	path: string;
	/** A full URL the API handed out (a media URL): called as is, but only under the base URL. */
	url?: string;
	qs?: IDataObject;
	body?: IDataObject;
	/** Raw bytes instead of JSON (the sample upload), sent as application/octet-stream. */
	binary?: Buffer;
	/** Safe to repeat after an unclear failure (reads and deletes are; sends and refunds are not). */
	idempotent?: boolean;
}

export interface RequestContext {
	itemIndex?: number;
	retry?: RetrySettings;
}

/**
 * Joins path segments, each percent-encoded: an ID holding "/", "?" or "#" stays one segment,
 * and "." or ".." (which URL normalisation would resolve) are refused.
 */
export function apiPath(node: INode, ...segments: string[]): string {
	return segments
		.map((segment) => {
			const text = String(segment ?? '').trim();
			if (text === '' || text === '.' || text === '..') {
				throw new NodeOperationError(
					node,
					`"${text}" is not a valid ID: an ID cannot be empty, "." or ".."`,
				);
			}
			return '/' + encodeURIComponent(text);
		})
		.join('');
}

/** The credential's base URL without a trailing slash; it must end in /v3. */
export async function baseUrl(this: Context): Promise<string> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const url = String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (!/^https?:\/\/[^/\s]+(\/[^\s]*)?\/v3$/.test(url)) {
		throw new NodeOperationError(
			this.getNode(),
			`The credential's Base URL must be the API address ending in /v3, e.g. https://api.example.com/v3 (it is "${url}")`,
		);
	}
	return url;
}

export async function apiRequest(
	this: Context,
	request: ApiRequest,
	context: RequestContext = {},
): Promise<IDataObject> {
	return (await send.call(this, request, context, false)).body as IDataObject;
}

/**
 * apiRequest for the API layer: the body typed as the endpoint's response. The type states what
 * the contract says, it checks nothing: the API layer reads fields that may be missing with care.
 */
export async function requestJson<Body>(
	context: Context,
	request: ApiRequest,
	options: RequestContext = {},
): Promise<Body> {
	return (await apiRequest.call(context, request, options)) as Body;
}

/** A list page (2.5): `data`, and `paging.cursors.after` when there is a next page. */
export interface Page<Item> {
	data?: Item[];
	paging?: { cursors?: { before?: string; after?: string } };
}

/** A file download: its body as a stream (never held whole in memory), or a small buffer. */
export interface Download {
	body: Buffer | (AsyncIterable<Buffer> & { pipe: unknown });
	headers: IDataObject;
}

/**
 * Like apiRequest, for file downloads: `keep` stores the streamed body. When the transfer breaks
 * off after a good start (a truncated body) and the request is safe to repeat, the download is
 * made again, within the same retry settings.
 */
export async function apiDownload(
	this: IExecuteFunctions | IWebhookFunctions,
	request: ApiRequest,
	context: RequestContext,
	keep: (download: Download) => Promise<INodeExecutionData>,
): Promise<INodeExecutionData> {
	const retry = context.retry ?? DEFAULT_RETRY;
	const idempotent =
		request.idempotent ?? (request.method === 'GET' || request.method === 'DELETE');
	for (let attempt = 0; ; attempt++) {
		const { body, headers } = await send.call(this, request, context, true);
		const download = { body: body as Download['body'], headers };
		try {
			return await keep(download);
		} catch (error) {
			if (!transferBroke(download.body))
				throw asNodeError(this.getNode(), error, context.itemIndex);
			if (!idempotent || attempt >= retry.maxRetries) {
				const tries = attempt > 0 ? ` (after ${attempt + 1} attempts)` : '';
				throw new NodeApiError(
					this.getNode(),
					{ message: 'The download broke off before the end of the file' } as JsonObject,
					{
						message: `The download broke off before the end of the file${tries}`,
						description: `${(error as Error).message}. Nothing was kept; run it again, or raise Max Retries under Request Options.`,
						itemIndex: context.itemIndex,
					},
				);
			}
			await sleep(retry.baseDelayMs * 2 ** attempt);
		}
	}
}

/** The response stream ended in an error or was cut (Node's `errored` / `readableAborted`). */
function transferBroke(body: Download['body']): boolean {
	const stream = body as { errored?: unknown; readableAborted?: boolean };
	return Boolean(stream.errored) || stream.readableAborted === true;
}

async function send(
	this: Context,
	request: ApiRequest,
	context: RequestContext,
	stream: boolean,
): Promise<{ body: unknown; headers: IDataObject }> {
	const retry = context.retry ?? DEFAULT_RETRY;
	const idempotent =
		request.idempotent ?? (request.method === 'GET' || request.method === 'DELETE');
	const base = await baseUrl.call(this);
	const url =
		request.url === undefined
			? base + request.path
			: underBaseUrl(this.getNode(), request.url, base);
	let mayHaveActed = false;
	for (let attempt = 0; ; attempt++) {
		let outcome: Outcome;
		let headers: IDataObject = {};
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				{
					method: request.method,
					url,
					qs: request.qs,
					...(request.binary
						? {
								body: request.binary,
								headers: { 'content-type': 'application/octet-stream' },
								json: false,
							}
						: { body: request.body, json: !stream }),
					...(stream ? { encoding: 'stream' as const } : {}),
					returnFullResponse: true,
					ignoreHttpStatusErrors: true,
					timeout: retry.timeoutMs,
				},
			)) as { statusCode: number; headers?: IDataObject; body: unknown };
			headers = response.headers ?? {};
			// A file comes as a stream; JSON in its place (an error reported with 200) is read and judged.
			if (
				stream &&
				response.statusCode >= 200 &&
				response.statusCode < 300 &&
				!String(headers['content-type'] ?? '').includes('json')
			)
				return { body: response.body, headers };
			const readable = stream ? { ...response, body: await bodyText(response.body) } : response;
			outcome = classifyResponse(parsedBody(readable), Date.now());
			// A JSON file that reports no failure is still the file (the platform's media types hold no JSON).
			if (stream && outcome.kind === 'ok')
				return { body: Buffer.from(String(readable.body)), headers };
		} catch (error) {
			outcome = classifyThrown(error);
		}
		if (outcome.kind === 'ok') return { body: outcome.body, headers };
		// A delete repeated after an unclear failure that now finds nothing: the earlier attempt did it.
		if (
			mayHaveActed &&
			request.method === 'DELETE' &&
			outcome.kind === 'refused' &&
			outcome.status === 404
		)
			return { body: { success: true }, headers };
		const wait = retryWait(outcome, idempotent, attempt, retry);
		if (wait === undefined)
			throw toNodeError(this.getNode(), outcome, {
				idempotent,
				attempts: attempt + 1,
				itemIndex: context.itemIndex,
			});
		mayHaveActed ||= outcome.kind === 'serverError' || outcome.kind === 'lost';
		await sleep(wait);
	}
}

/**
 * The API key may only travel to the credential's base URL: a URL elsewhere is refused before
 * any request is made.
 */
function underBaseUrl(node: INode, raw: string, base: string): string {
	let url: URL;
	try {
		url = new URL(raw.trim());
		decodeURI(url.pathname + url.search); // a URL the API hands out is well-formed
	} catch {
		throw new NodeOperationError(node, `"${raw}" is not a URL`);
	}
	// Strictly below the base URL: the base itself is no file.
	const root = new URL(base + '/');
	if (
		url.origin !== root.origin ||
		!url.pathname.startsWith(root.pathname) ||
		url.pathname === root.pathname
	) {
		throw new NodeOperationError(
			node,
			`The URL is not on the API's address (${base}): the API key is only ever sent there, so it was not called`,
			{
				description: `URL: ${url.origin}${url.pathname}`,
			},
		);
	}
	return url.href;
}

/** An error body that came as a stream (a failed download): read it, at most 64 KiB. */
async function bodyText(body: unknown): Promise<string> {
	if (typeof body === 'string' || body === undefined || body === null) return String(body ?? '');
	if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function')
		return JSON.stringify(body);
	let text = '';
	for await (const chunk of body as AsyncIterable<Buffer | string>) {
		text += chunk.toString();
		if (text.length > 65536) break;
	}
	return text;
}

/**
 * Follows `paging.cursors.after` until the end, or until `limit` items (never more: the last
 * page asks only for what is still missing).
 */
export async function requestAllPages<Item, P extends Page<Item> = Page<Item>>(
	context: Context,
	request: ApiRequest,
	options: RequestContext & {
		limit?: number;
		pageSize: number;
		onPage?: (page: P) => void;
	},
): Promise<Item[]> {
	const items: Item[] = [];
	let after: string | undefined;
	do {
		const want =
			options.limit === undefined
				? options.pageSize
				: Math.min(options.pageSize, options.limit - items.length);
		const page = await requestJson<P>(
			context,
			{ ...request, qs: { ...request.qs, limit: want, ...(after ? { after } : {}) } },
			options,
		);
		options.onPage?.(page);
		for (const item of page.data ?? []) items.push(item);
		after = page.paging?.cursors?.after;
	} while (after && (options.limit === undefined || items.length < options.limit));
	return options.limit === undefined ? items : items.slice(0, options.limit);
}

/** Without json: true the client leaves JSON as text (or a Buffer): parse it when it is JSON. */
function parsedBody<T extends { headers?: IDataObject; body: unknown }>(response: T): T {
	const { body } = response;
	if (typeof body !== 'string' && !(body instanceof Buffer)) return response;
	if (!String(response.headers?.['content-type'] ?? '').includes('json')) return response;
	try {
		return { ...response, body: JSON.parse(body.toString()) };
	} catch {
		return { ...response, body: body.toString() };
	}
}

/** How long to wait before the next attempt, or undefined when it must not be repeated. */
function retryWait(
	outcome: Exclude<Outcome, { kind: 'ok' }>,
	idempotent: boolean,
	attempt: number,
	retry: RetrySettings,
): number | undefined {
	if (attempt >= retry.maxRetries) return undefined;
	const backoff = retry.baseDelayMs * 2 ** attempt;
	switch (outcome.kind) {
		case 'rateLimited': {
			const wait = outcome.retryAfterMs ?? backoff;
			return wait > retry.maxWaitMs ? undefined : wait;
		}
		case 'notSent':
			return backoff;
		case 'serverError':
		case 'lost':
			return idempotent ? backoff : undefined;
		default:
			return undefined;
	}
}

function toNodeError(
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
		return new NodeApiError(node, { message } as JsonObject, {
			message: `${message}${tries}`,
			description: `${outcome.message}. ${advice}`,
			itemIndex,
		});
	}
	const { error, status } = outcome;
	const maybeDone = outcome.kind === 'serverError' && !idempotent;
	return new NodeApiError(node, apiErrorJson(error), {
		message: `${error.message}${tries}`,
		description: describe(error, maybeDone, outcome.kind === 'rateLimited'),
		httpCode: String(status),
		itemIndex,
	});
}

function apiErrorJson(error: ApiErrorDetails): JsonObject {
	return {
		message: error.message,
		...(error.code !== undefined ? { code: error.code } : {}),
		...(error.subcode !== undefined ? { error_subcode: error.subcode } : {}),
		...(error.traceId !== undefined ? { fbtrace_id: error.traceId } : {}),
		...(error.field !== undefined ? { field: error.field } : {}),
	};
}

function describe(error: ApiErrorDetails, maybeDone: boolean, rateLimited: boolean): string {
	const parts: string[] = [];
	if (error.code !== undefined)
		parts.push(
			`Error code ${error.code}${error.subcode !== undefined ? ` (subcode ${error.subcode})` : ''}.`,
		);
	const advice = adviceFor(error.code);
	if (advice) parts.push(advice);
	if (error.traceId) parts.push(`Trace ID ${error.traceId} (give it to the provider's support).`);
	if (rateLimited)
		parts.push('The API is rate limiting requests: wait, or lower how often the workflow runs.');
	if (maybeDone)
		parts.push(
			'The request was not repeated, since it may have taken effect: check before running it again.',
		);
	return parts.join(' ');
}
