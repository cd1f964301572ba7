import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

export const CREDENTIAL_TYPE = 'businessMessagingApi';

/** Every n8n context the node calls the API from; IHookFunctions: the trigger's publish steps. */
export type Context =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IWebhookFunctions
	| IHookFunctions;

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
	/** A body that is not JSON (a file, a multipart form): opened afresh for every attempt. */
	raw?: RawBody;
	/** Safe to repeat after an unclear failure (reads and deletes are; sends and refunds are not). */
	idempotent?: boolean;
	/** A send held to the pace of this number (its phone number ID): see pace.ts. */
	pace?: string;
}

/**
 * A non-JSON body. `open` is called once per attempt, because a stream cannot be sent twice;
 * a body known in advance states its length, so that the server sees a Content-Length.
 */
export interface RawBody {
	contentType: string;
	length?: number;
	open(): Promise<Buffer | StreamBody>;
}

/** A Node.js readable stream, as n8n's request helper sends it (piped, never held whole). */
export type StreamBody = AsyncIterable<Buffer> & { pipe: unknown };

export interface RequestContext {
	itemIndex?: number;
	retry?: RetrySettings;
}

/**
 * A list page (2.5): `data`, and `paging.cursors.after` when there is a next page. Graph-style
 * servers add `next` / `previous` links (and may give `after` on the last page too).
 */
export interface Page<Item> {
	data?: Item[];
	paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
}

/** A file download: its body as a stream (never held whole in memory), or a small buffer. */
export interface Download {
	body: Buffer | (AsyncIterable<Buffer> & { pipe: unknown });
	headers: IDataObject;
}
