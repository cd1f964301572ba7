import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { api } from './api';
import { ApiError, ErrorCode } from './errors';
import { asApiError, unknownPath } from './http';
import { controlRoutes } from './routes/control';
import type { SandboxState } from './sandbox';

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

	// The control API answers errors in the Graph-style shape whatever the dialect; the API under
	// /v3 has its own handler that writes them in the dialect's (api.ts).
	app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
		const apiError = asApiError(error, request);
		return reply.code(apiError.status).send(apiError.toBody());
	});
	app.setNotFoundHandler(unknownPath);

	app.register(api, { prefix: '/v3', sandbox });
	app.register(controlRoutes, { prefix: '/_sandbox', sandbox });
	app.addHook('onClose', async () => sandbox.close());
	return app;
}
