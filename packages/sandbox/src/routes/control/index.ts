import type { SandboxPlugin } from '../../http';
import { customerEventRoutes } from './customerEvents';
import { customerRoutes } from './customers';
import { dataRoutes } from './data';
import { routingRoutes } from './routing';
import { settingsRoutes } from './settings';
import { deliveriesPageRoutes } from './deliveriesPage';
import { webhookRoutes } from './webhook';

export { describe } from './data';

/**
 * The control API under /_sandbox/ (documented in the sandbox README): no API key, for tests and
 * demos only. It resets and seeds data, moves the clock, configures review and background
 * delays, registers the webhook, simulates customers, stores media, injects faults and shows
 * what the API received.
 */
export const controlRoutes: SandboxPlugin = async (app, { sandbox }) => {
	for (const routes of [
		dataRoutes,
		settingsRoutes,
		webhookRoutes,
		deliveriesPageRoutes,
		customerRoutes,
		customerEventRoutes,
		routingRoutes,
	])
		app.register(routes, { sandbox });
};
