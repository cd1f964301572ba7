import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyError } from 'fastify';
import { checkApiKey, faultAfter, logAndFault, logStatus } from './apiHooks';
import { sendError } from './dialect';
import type { ApiError } from './errors';
import type { FaultRule } from './faults';
import { asApiError, unknownPath, type Endpoint, type SandboxPlugin } from './http';
import type { LoggedRequest } from './requestLog';

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

	for (const { plugin } of await routeModules()) app.register(plugin, { sandbox });

	// Unknown paths under /v3 pass the hooks above too: logged, faulted, the key checked.
	app.setNotFoundHandler(unknownPath);
	// Every error of the API, in the shape of the dialect in force.
	app.setErrorHandler((error: FastifyError | ApiError, request, reply) =>
		sendError(reply, asApiError(error, request), sandbox.dialect, request.method),
	);
};

/** A module of routes/: its plugin, and its rows of the README's endpoint table. */
export interface RouteModule {
	file: string;
	plugin: SandboxPlugin;
	endpoints: Endpoint[];
}

/**
 * The API's routes: every module of routes/ (its control API aside, in routes/control/), each
 * exporting one plugin named `<area>Routes`, as @fastify/autoload would load them, and its rows
 * of the README's endpoint table as `endpoints`. A new endpoint's file there is served and
 * described, with no list to extend.
 */
export async function routeModules(dir = join(__dirname, 'routes')): Promise<RouteModule[]> {
	const files = readdirSync(dir)
		.filter((file) => file.endsWith('.js'))
		.sort();
	return Promise.all(
		files.map(async (file) => {
			const exported = (await import(join(dir, file))) as Record<string, unknown>;
			const plugins = Object.entries(exported).filter(([name]) => name.endsWith('Routes'));
			if (plugins.length !== 1 || typeof plugins[0][1] !== 'function')
				throw new Error(`routes/${file} must export one plugin named <area>Routes`);
			if (!Array.isArray(exported.endpoints))
				throw new Error(`routes/${file} must export its rows of the README's table as endpoints`);
			return {
				file,
				plugin: plugins[0][1] as SandboxPlugin,
				endpoints: exported.endpoints as Endpoint[],
			};
		}),
	);
}

/** The README's endpoint table's rows, module by module in the order of their files. */
export async function apiEndpoints(): Promise<Endpoint[]> {
	return (await routeModules()).flatMap((module) => module.endpoints);
}
