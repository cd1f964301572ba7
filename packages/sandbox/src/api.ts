import type { FastifyError } from 'fastify';
import { checkApiKey, faultAfter, logAndFault, logStatus } from './apiHooks';
import { sendError } from './dialect';
import type { ApiError } from './errors';
import type { FaultRule } from './faults';
import { asApiError, unknownPath, type SandboxPlugin } from './http';
import type { LoggedRequest } from './requestLog';
import { accountRoutes } from './routes/account';
import { blockUserRoutes } from './routes/blockUsers';
import { catalogRoutes } from './routes/catalog';
import { idRoutes } from './routes/dispatch';
import { connectedCatalogRoutes } from './routes/connectedCatalogs';
import { flowRoutes } from './routes/flows';
import { subscribedAppRoutes } from './routes/webhookOverrides';
import { mediaRoutes } from './routes/media';
import { mediaUploadRoutes } from './routes/mediaUpload';
import { messageRoutes } from './routes/messages';
import { paymentRoutes } from './routes/payments';
import { templateRoutes } from './routes/templates';
import { uploadRoutes } from './routes/uploads';

declare module 'fastify' {
	interface FastifyRequest {
		/** The caller's API key, set once the `apikey` header was checked. */
		apiKey: string;
		/** This request's entry in the request log. */
		logEntry: LoggedRequest | null;
		/** The fault rule that fired for this request, if one did. */
		fault: FaultRule | null;
	}
}

/** The business messaging API (registered under /v3): its hooks, then its routes. */
export const api: SandboxPlugin = async (app, { sandbox }) => {
	app.decorateRequest('apiKey', '');
	app.decorateRequest('logEntry', null);
	app.decorateRequest('fault', null);

	app.addHook('onRequest', logAndFault(sandbox));
	app.addHook('preHandler', checkApiKey(sandbox));
	app.addHook('onSend', faultAfter);
	app.addHook('onResponse', logStatus);

	for (const routes of [
		accountRoutes,
		blockUserRoutes,
		templateRoutes,
		flowRoutes,
		connectedCatalogRoutes,
		subscribedAppRoutes,
		uploadRoutes,
		catalogRoutes,
		mediaRoutes,
		mediaUploadRoutes,
		messageRoutes,
		paymentRoutes,
		idRoutes,
	])
		app.register(routes, { sandbox });

	// Unknown paths under /v3 pass the hooks above too: logged, faulted, the key checked.
	app.setNotFoundHandler(unknownPath);
	// Every error of the API, in the shape of the dialect in force.
	app.setErrorHandler((error: FastifyError | ApiError, request, reply) =>
		sendError(reply, asApiError(error, request), sandbox.dialect, request.method),
	);
};
