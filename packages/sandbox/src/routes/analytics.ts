import { param, query, type SandboxPlugin } from '../http';
import { templateAnalytics } from '../rules/analytics';

/**
 * GET /{waba_id}/template_analytics (rules/analytics.ts). Pricing analytics is a field of the
 * account (routes/account.ts › getBusinessAccount).
 */
export const analyticsRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/:id/template_analytics', async (request) => {
		const account = sandbox.store.account(request.apiKey, param(request, 'id'));
		return templateAnalytics(
			sandbox.store,
			account,
			{
				start: query(request, 'start'),
				end: query(request, 'end'),
				granularity: query(request, 'granularity'),
				metric_types: query(request, 'metric_types'),
				template_ids: query(request, 'template_ids'),
			},
			sandbox.config.messageRates,
		);
	});
};
