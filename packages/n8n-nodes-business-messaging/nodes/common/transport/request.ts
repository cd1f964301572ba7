import { sleep, type ICredentialsDecrypted, type IDataObject } from 'n8n-workflow';
import { toNodeError } from './apiError';
import { withoutKey } from './redact';
import { runCredentials } from './credentials';
import {
	classifyResponse,
	classifyThrown,
	isNotFound,
	THROUGHPUT_CODE,
	type Outcome,
} from './outcome';
import { sendAccepted, sendRefused, takeSlot } from './pace';
import {
	CREDENTIAL_TYPE,
	DEFAULT_RETRY,
	type ApiRequest,
	type Context,
	type RequestContext,
	type RetrySettings,
} from './types';
import { baseUrl, underBaseUrl } from './urls';

/**
 * One request to the API, with its retries; resolves to the JSON body. Every request goes
 * through n8n's httpRequestWithAuthentication (which adds the apikey header) to the base URL.
 */
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

/** One request with its retries; `stream` keeps a file's body as a stream. */
export async function send(
	this: Context,
	request: ApiRequest,
	context: RequestContext,
	stream: boolean,
): Promise<{ body: unknown; headers: IDataObject }> {
	const retry = context.retry ?? DEFAULT_RETRY;
	const idempotent =
		request.idempotent ?? (request.method === 'GET' || request.method === 'DELETE');
	const base = await baseUrl.call(this);
	// Read once per run and handed to n8n, which would otherwise read it again for every request.
	const credentials = { credentialsDecrypted: await runCredentials(this) };
	const url =
		request.url === undefined
			? base + request.path
			: underBaseUrl(this.getNode(), request.url, base);
	let mayHaveActed = false;
	const paceKey = request.pace === undefined ? undefined : `${base} ${request.pace}`;
	let refusedForPace = 0;
	for (let attempt = 0; ; attempt++) {
		if (paceKey !== undefined) await takeSlot(paceKey);
		const sentAt = Date.now();
		const tried = await attemptOnce.call(this, request, url, stream, retry.timeoutMs, credentials);
		if ('file' in tried) return tried.file;
		const { outcome, headers } = tried;
		if (paceKey !== undefined && outcome.kind === 'ok') sendAccepted(paceKey);
		if (outcome.kind === 'ok') return { body: outcome.body, headers };
		// Refused for the number's throughput: not processed. The pace slows down and the send goes
		// out again at its next slot, without using up a retry (at most MAX_PACE_REFUSALS times).
		if (
			paceKey !== undefined &&
			isThroughputRefusal(outcome) &&
			refusedForPace < MAX_PACE_REFUSALS
		) {
			refusedForPace++;
			sendRefused(paceKey, outcome.retryAfterMs, Date.now(), sentAt);
			attempt--;
			continue;
		}
		// A delete repeated after an unclear failure that now finds nothing: the earlier attempt did it.
		if (
			mayHaveActed &&
			request.method === 'DELETE' &&
			outcome.kind === 'refused' &&
			isNotFound(outcome.status, outcome.error)
		)
			return { body: { success: true }, headers };
		const wait = retryWait(outcome, idempotent, attempt, retry);
		if (wait === undefined)
			throw toNodeError(
				this.getNode(),
				withoutKey(outcome, credentials.credentialsDecrypted.data?.apiKey),
				{
					idempotent,
					attempts: attempt + 1,
					itemIndex: context.itemIndex,
				},
			);
		mayHaveActed ||= outcome.kind === 'serverError' || outcome.kind === 'lost';
		await sleep(wait);
	}
}

/** Refusals for a number's throughput one send rides out before it fails. */
const MAX_PACE_REFUSALS = 10;

/**
 * The platform refused for the number's throughput (the Cloud API's 130429, or a bare 429): the
 * pace can help. Other limits (the app's or account's hourly calls, a customer's pair rate) are
 * waited out by the retries instead.
 */
function isThroughputRefusal(
	outcome: Outcome,
): outcome is Extract<Outcome, { kind: 'rateLimited' }> {
	return (
		outcome.kind === 'rateLimited' &&
		(outcome.error.code === THROUGHPUT_CODE ||
			(outcome.status === 429 && outcome.error.code === undefined))
	);
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
		case 'transient':
			return backoff;
		case 'serverError':
		case 'lost':
			return idempotent ? backoff : undefined;
		default:
			return undefined;
	}
}

/**
 * One attempt of `request`: its outcome, judged, and the answer's headers; or, for a file asked
 * as a stream, the file itself.
 */
async function attemptOnce(
	this: Context,
	request: ApiRequest,
	url: string,
	stream: boolean,
	timeoutMs: number,
	credentials: { credentialsDecrypted: ICredentialsDecrypted },
): Promise<
	{ outcome: Outcome; headers: IDataObject } | { file: { body: unknown; headers: IDataObject } }
> {
	let outcome: Outcome;
	let headers: IDataObject = {};
	const raw = request.raw ? await request.raw.open() : undefined;
	try {
		const response = (await this.helpers.httpRequestWithAuthentication.call(
			this,
			CREDENTIAL_TYPE,
			{
				method: request.method,
				url,
				qs: request.qs,
				...(request.raw
					? {
							body: raw as IDataObject | Buffer,
							headers: {
								'content-type': request.raw.contentType,
								...(request.raw.length === undefined
									? {}
									: { 'content-length': String(request.raw.length) }),
							},
							json: false,
						}
					: { body: request.body, json: !stream }),
				...(stream ? { encoding: 'stream' as const } : {}),
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: timeoutMs,
				// A redirect is answered, never followed: the redirect client would send the apikey
				// header to whatever host it names, and it keeps every chunk of an upload until the
				// answer (a 100 MB file held whole).
				disableFollowRedirect: true,
			},
			credentials,
		)) as { statusCode: number; headers?: IDataObject; body: unknown };
		headers = response.headers ?? {};
		// A file comes as a stream; JSON in its place (an error reported with 200) is read and judged.
		if (
			stream &&
			response.statusCode >= 200 &&
			response.statusCode < 300 &&
			!String(headers['content-type'] ?? '').includes('json')
		)
			return { file: { body: response.body, headers } };
		const readable = stream ? { ...response, body: await bodyText(response.body) } : response;
		outcome = classifyResponse(parsedBody(readable), Date.now());
		// A JSON file that reports no failure is still the file (the platform's media types hold no JSON).
		if (stream && outcome.kind === 'ok')
			return { file: { body: Buffer.from(String(readable.body)), headers } };
	} catch (error) {
		outcome = classifyThrown(error);
		// A stream opened for this attempt is not sent again: let go of its file or socket.
		(raw as { destroy?: () => void } | undefined)?.destroy?.();
	}
	return { outcome, headers };
}
