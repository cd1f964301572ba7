import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { ApiError, ErrorCode, errorBody, unauthorized } from './errors';
import { actsAfterProcessing, cutOff, throttle } from './faults';
import { RequestLog } from './requestLog';
import { registerAccountRoutes } from './routes/account';
import { registerCatalogRoutes } from './routes/catalog';
import { registerControlRoutes } from './routes/control';
import { registerIdRoutes } from './routes/dispatch';
import { registerMediaRoutes } from './routes/media';
import { registerMessageRoutes } from './routes/messages';
import { registerPaymentRoutes } from './routes/payments';
import { registerTemplateRoutes } from './routes/templates';
import { registerUploadRoutes } from './routes/uploads';
import { SandboxState } from './sandbox';

const KEY_PARAMETERS = ['apikey', 'api_key', 'api-key', 'key', 'access_token'];

/** Builds the HTTP server: the API under /v3, the control API under /_sandbox. */
export function buildApp(sandbox: SandboxState): FastifyInstance {
	// Idle keep-alive sockets stay open 10 minutes (Fastify's default is 72 s). A client whose
	// event loop was blocked longer than the server's timeout (the e2e runner waits on n8n's CLI
	// synchronously) would otherwise reuse a socket the sandbox just closed: "other side closed".
	const app = Fastify({
		logger: false,
		bodyLimit: 64 * 1024 * 1024,
		routerOptions: { ignoreTrailingSlash: true },
		forceCloseConnections: true,
		keepAliveTimeout: 10 * 60_000,
	});

	// Anything that is not JSON reaches the handlers as a stream: uploads need raw bytes, and
	// the JSON endpoints then refuse it with a message that names the rule.
	app.removeAllContentTypeParsers();
	app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
		if (body === '') return done(null, undefined);
		try {
			done(null, JSON.parse(body as string));
		} catch {
			done(
				new ApiError(
					400,
					ErrorCode.invalidParameter,
					'body: is not valid JSON',
					'InvalidParameterError',
					'body',
				),
				undefined,
			);
		}
	});
	app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

	app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
		if (error instanceof ApiError) return reply.code(error.status).send(error.toBody());
		const status =
			error.statusCode && error.statusCode >= 400 && error.statusCode < 500
				? error.statusCode
				: 500;
		if (status === 500) request.log.error(error);
		const message =
			status === 500 ? 'The sandbox failed to handle this request (a sandbox bug)' : error.message;
		return reply
			.code(status)
			.send(
				errorBody(
					message,
					status === 500 ? 'ServerError' : 'InvalidRequestError',
					status === 500 ? ErrorCode.serverError : ErrorCode.invalidParameter,
				),
			);
	});
	app.setNotFoundHandler((request, reply) =>
		reply
			.code(404)
			.send(
				errorBody(
					`Unknown path: ${request.method} ${request.url.split('?')[0]}`,
					'NotFoundError',
					ErrorCode.notFound,
				),
			),
	);

	app.register(
		async (api) => {
			api.addHook('onRequest', async (request, reply) => {
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
				if (fault.kind === 'latency') return void (await sleep(fault.latencyMs ?? 0));
				if (actsAfterProcessing(fault)) return;
				if (fault.kind === 'reset' || fault.kind === 'timeout') {
					// Before processing: take the reply over so that the handler never runs.
					reply.hijack();
					if (fault.kind === 'timeout') await sleep(fault.latencyMs ?? 30_000);
					return void request.raw.socket.destroy();
				}
				if (fault.kind === 'error_in_200') {
					return reply
						.code(200)
						.send({
							code: 500,
							status: 'error',
							...errorBody(
								'Temporary failure, please retry',
								'ServerError',
								ErrorCode.serviceUnavailable,
							),
						});
				}
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
				return reply.code(status).send(errorBody(message, type, code));
			});

			api.addHook('preHandler', async (request) => {
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
			});

			api.addHook('onSend', async (request, reply, payload) => {
				const fault = request.fault;
				if (!fault || !actsAfterProcessing(fault)) return payload;
				if (fault.kind === 'slow_body') return throttle(payload, fault.bytesPerSecond ?? 1024);
				if (fault.kind === 'malformed_json') {
					// A file is cut off halfway under its full Content-Length, as a broken transfer is.
					if (payload instanceof Readable)
						return cutOff(
							payload,
							Math.floor(Number(reply.getHeader('content-length') ?? 0) / 2),
							() => request.raw.socket.destroy(),
						);
					const text = typeof payload === 'string' ? payload : '{"data":[{"id":"1"}]}';
					return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
				}
				if (fault.kind === 'timeout') await sleep(fault.latencyMs ?? 30_000);
				request.raw.socket.destroy();
				return payload;
			});

			api.addHook('onResponse', async (request, reply) => {
				if (request.logEntry) request.logEntry.status = reply.statusCode;
			});

			registerAccountRoutes(api, sandbox);
			registerTemplateRoutes(api, sandbox);
			registerUploadRoutes(api, sandbox);
			registerCatalogRoutes(api, sandbox);
			registerMediaRoutes(api, sandbox);
			registerMessageRoutes(api, sandbox);
			registerPaymentRoutes(api, sandbox);
			registerIdRoutes(api, sandbox);
			// Unknown paths under /v3 pass the hooks above too: logged, faulted, the key checked.
			api.setNotFoundHandler((request, reply) =>
				reply
					.code(404)
					.send(
						errorBody(
							`Unknown path: ${request.method} ${request.url.split('?')[0]}`,
							'NotFoundError',
							ErrorCode.notFound,
						),
					),
			);
		},
		{ prefix: '/v3' },
	);

	app.register(async (control) => registerControlRoutes(control, sandbox), { prefix: '/_sandbox' });
	app.addHook('onClose', async () => sandbox.close());
	return app;
}
