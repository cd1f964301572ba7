import type { FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { failureIn200, sendError } from './dialect';
import { ApiError, ErrorCode, unauthorized } from './errors';
import { actsAfterProcessing, cutOff, throttle } from './faults';
import { RequestLog } from './requestLog';
import type { SandboxState } from './sandbox';

/**
 * The hooks every /v3 request passes, unknown paths included: logged, faulted when a fault rule
 * matches, the API key checked.
 */

const KEY_PARAMETERS = ['apikey', 'api_key', 'api-key', 'key', 'access_token'];

/** onRequest: logs the request (the key shown by its label) and applies a fault before processing. */
export function logAndFault(sandbox: SandboxState) {
	return async (request: FastifyRequest, reply: FastifyReply) => {
		const headers = { ...request.headers };
		const key = typeof headers.apikey === 'string' ? headers.apikey : undefined;
		if (key !== undefined)
			headers.apikey = sandbox.store.apiKeys.has(key)
				? `<key:${sandbox.store.apiKeys.get(key)!.label}>`
				: '<unknown key>';
		request.logEntry = sandbox.log.start(request.method, request.url, headers, sandbox.now());
		const fault = sandbox.faults.match(
			request.method,
			request.url.slice('/v3'.length).split('?')[0],
		);
		if (!fault) return;
		request.fault = fault;
		request.logEntry.fault = fault.kind;
		if (fault.kind === 'latency') return void (await holdOpen(request, fault.latencyMs ?? 0));
		if (actsAfterProcessing(fault)) return;
		if (fault.kind === 'reset' || fault.kind === 'timeout') {
			// Before processing: take the reply over so that the handler never runs.
			reply.hijack();
			if (fault.kind === 'timeout') await holdOpen(request, fault.latencyMs ?? 30_000);
			return void request.raw.socket.destroy();
		}
		if (fault.kind === 'error_in_200')
			return reply.code(200).send(failureIn200(sandbox.dialect, request.method));
		const status = fault.status ?? 500;
		if (fault.retryAfter !== undefined) reply.header('retry-after', String(fault.retryAfter));
		const [type, code, message] =
			status === 429
				? [
						'RateLimitError',
						ErrorCode.rateLimited,
						'Too many requests: slow down and retry after the Retry-After delay',
					]
				: status >= 500
					? [
							'ServerError',
							status === 503 ? ErrorCode.serviceUnavailable : ErrorCode.serverError,
							'Service temporarily unavailable',
						]
					: ['InvalidRequestError', ErrorCode.invalidParameter, 'Injected failure'];
		return sendError(
			reply,
			new ApiError(status, code, message, type),
			sandbox.dialect,
			request.method,
		);
	};
}

/** preHandler: logs the body, then accepts the key only from the apikey header. */
export function checkApiKey(sandbox: SandboxState) {
	return async (request: FastifyRequest) => {
		if (request.logEntry && request.body !== undefined) {
			if (
				typeof request.body === 'object' &&
				request.body !== null &&
				typeof (request.body as { pipe?: unknown }).pipe === 'function'
			)
				request.logEntry.bodyBytes = Number(request.headers['content-length'] ?? 0);
			else request.logEntry.body = RequestLog.bodyText(request.body);
		}
		const key = request.headers.apikey;
		const queryKeys = Object.keys(request.query as object).filter((k) =>
			KEY_PARAMETERS.includes(k.toLowerCase()),
		);
		const bodyText = request.logEntry?.body ?? '';
		const known = typeof key === 'string' && sandbox.store.apiKeys.has(key);
		if (
			queryKeys.length > 0 ||
			(known && (request.url.includes(key as string) || bodyText.includes(key as string)))
		) {
			throw unauthorized(
				3,
				'The API key must be sent only in the apikey header, never in the query string or body',
			);
		}
		if (key === undefined || key === '')
			throw unauthorized(1, 'Missing API key: send it in the apikey header');
		if (!known)
			throw unauthorized(2, 'Invalid API key: check the key in the dashboard under API keys');
		request.apiKey = key as string;
	};
}

/** onSend: the faults that act on the answer (slow, truncated, or the connection dropped). */
export async function faultAfter(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
	const fault = request.fault;
	if (!fault || !actsAfterProcessing(fault)) return payload;
	if (fault.kind === 'slow_body') return throttle(payload, fault.bytesPerSecond ?? 1024);
	if (fault.kind === 'malformed_json') {
		// A file is cut off halfway under its full Content-Length, as a broken transfer is.
		if (payload instanceof Readable)
			return cutOff(payload, Math.floor(Number(reply.getHeader('content-length') ?? 0) / 2), () =>
				request.raw.socket.destroy(),
			);
		const text = typeof payload === 'string' ? payload : '{"data":[{"id":"1"}]}';
		return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
	}
	if (fault.kind === 'timeout') await holdOpen(request, fault.latencyMs ?? 30_000);
	request.raw.socket.destroy();
	return payload;
}

/** onResponse: the status the log shows. */
export async function logStatus(request: FastifyRequest, reply: FastifyReply) {
	if (request.logEntry) request.logEntry.status = reply.statusCode;
}

/**
 * Holds the request `ms`, or until its client hangs up: a client that gave up (its own timeout)
 * leaves no timer behind, which would keep the process that runs the sandbox alive.
 */
async function holdOpen(request: FastifyRequest, ms: number): Promise<void> {
	const socket = request.raw.socket;
	if (socket.destroyed) return;
	const gone = new AbortController();
	const hungUp = () => gone.abort();
	socket.once('close', hungUp);
	try {
		await sleep(ms, undefined, { signal: gone.signal });
	} catch {
		// The client hung up: nothing is left to answer.
	} finally {
		socket.off('close', hungUp);
	}
}
