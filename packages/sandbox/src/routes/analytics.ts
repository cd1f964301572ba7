import { param, query, type Endpoint, type SandboxPlugin } from '../http';
import { pagingOf } from '../dialect';
import { paginate } from '../paging';
import { ANALYTICS_PAGE_SIZE, templateAnalytics } from '../rules/analytics';
import { queryInteger } from '../validate';

/**
 * GET /{waba_id}/template_analytics (rules/analytics.ts), its data points in pages of `limit`
 * (cursors as every list of the sandbox: a long period of many templates takes several pages, as
 * on the platform). Pricing analytics is a field of the account (routes/account.ts ›
 * getBusinessAccount).
 */
export const analyticsRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/:id/template_analytics', async (request) => {
		const account = sandbox.store.account(request.apiKey, param(request, 'id'));
		const queried = {
			start: query(request, 'start'),
			end: query(request, 'end'),
			granularity: query(request, 'granularity'),
			metric_types: query(request, 'metric_types'),
			template_ids: query(request, 'template_ids'),
		};
		const points = templateAnalytics(sandbox.store, account, queried, sandbox.config.messageRates);
		const limit = queryInteger(query(request, 'limit'), 'limit', 1, ANALYTICS_PAGE_SIZE);
		// A cursor is for this query only: the same account, period, templates and metrics.
		const scope = `template_analytics:${account.id}:${JSON.stringify(queried)}`;
		const ranked = points.map((point, rank) => ({ point, rank }));
		const page = paginate(ranked, (p) => p.rank, scope, {
			limit: Math.min(limit, 1000),
			after: query(request, 'after'),
			before: query(request, 'before'),
		});
		return {
			data: [
				{
					granularity: 'DAILY',
					product_type: 'cloud_api',
					data_points: page.data.map((p) => p.point),
				},
			],
			...pagingOf(sandbox.dialect, request, page),
		};
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route:
			'`GET /{waba_id}/template_analytics`, `GET /{waba_id}?fields=pricing_analytics.start(…).end(…).granularity(…).dimensions([…])`',
		notes:
			"Meta's analytics, computed from what the sandbox sent: per template and day `sent`, `delivered`, `read`, `clicked` (quick-reply taps) and `cost` (`messageRates` per category, charged once delivered); per period and dimension `volume` and `cost`; at most 10 templates and 90 days per request",
	},
];
