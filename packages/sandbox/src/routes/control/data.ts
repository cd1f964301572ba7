import { ApiError, invalid, notFound } from '../../errors';
import { jsonBody, param, query, type SandboxPlugin } from '../../http';
import { TEMPLATE_STATUSES } from '../../model';
import { seedLastWeekTraffic } from '../../lastWeekTraffic';
import { productSheetCsv } from '../../productSheet';
import type { SandboxState } from '../../sandbox';
import { generatedProducts, type Seed } from '../../seed';
import { isObject, oneOf, queryInteger, requireInteger } from '../../validate';

/** The control API's data: reset and seed, template decisions, products, what was recorded. */
export const dataRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/', async (request) =>
		describe(sandbox, `${request.protocol}://${request.headers.host}/v3`),
	);

	app.post('/reset', async (request) => {
		const body = isObject(request.body) ? request.body : {};
		sandbox.reset(body.seed as Seed | undefined, body.keepConfig === true);
		return { ok: true };
	});

	app.post('/seed', async (request) => {
		const seed = jsonBody(request) as unknown as Seed;
		if (!Array.isArray(seed.tenants))
			throw invalid('tenants', 'a seed is {"tenants":[...]} (see the sandbox README)');
		try {
			sandbox.reset(seed, true);
		} catch (error) {
			if (error instanceof ApiError) throw error;
			throw invalid('seed', (error as Error).message);
		}
		return { ok: true };
	});

	// Last week's sends of every approved template, so analytics show figures at once (npm start).
	app.post('/traffic/last-week', async () => seedLastWeekTraffic(sandbox));

	app.post('/templates/:id/status', async (request) => {
		const template = sandbox.store.templates.get(param(request, 'id'));
		if (!template) throw notFound('Template', param(request, 'id'));
		const body = jsonBody(request);
		const status = oneOf(body.status, TEMPLATE_STATUSES, 'status');
		sandbox.setTemplateStatus(
			template,
			status,
			typeof body.rejected_reason === 'string' ? body.rejected_reason : undefined,
		);
		return { id: template.id, status: template.status };
	});

	app.post('/templates/:id/review', async (request) => {
		const template = sandbox.store.templates.get(param(request, 'id'));
		if (!template) throw notFound('Template', param(request, 'id'));
		if (template.status !== 'PENDING')
			throw invalid(
				'status',
				`the template is ${template.status}; only PENDING templates are reviewed`,
			);
		const body = isObject(request.body) ? request.body : {};
		const outcome =
			body.outcome === undefined
				? undefined
				: oneOf(body.outcome, ['APPROVED', 'REJECTED'] as const, 'outcome');
		sandbox.decideReview(
			template,
			outcome,
			typeof body.reason === 'string' ? body.reason : undefined,
		);
		return { id: template.id, status: template.status, rejected_reason: template.rejected_reason };
	});

	app.post('/catalogs/:id/products', async (request) => {
		const catalog = sandbox.store.catalogs.get(param(request, 'id'));
		if (!catalog) throw notFound('Catalog', param(request, 'id'));
		const count = requireInteger(jsonBody(request), 'count', 'count', 1, 1_000_000);
		for (const product of generatedProducts(count, catalog.products.length + 1)) {
			if (!catalog.byRetailerId.has(product.retailer_id))
				sandbox.store.addProduct(catalog, {
					...product,
					id: sandbox.store.newId('product'),
					seq: sandbox.store.nextSeq(),
				});
		}
		return { total: catalog.products.length };
	});

	// A shop's product sheet as a spreadsheet would export it (for the catalog-sync example).
	app.get('/demo/products.csv', async (request, reply) => {
		const rows = queryInteger(query(request, 'rows'), 'rows', 1, 120);
		if (rows > 100_000) throw invalid('rows', 'must be at most 100000');
		return reply
			.type('text/csv; charset=utf-8')
			.header('content-disposition', 'attachment; filename="products.csv"')
			.send(productSheetCsv(rows));
	});

	app.get('/messages', async () => ({
		data: [...sandbox.store.messages.values()].map(
			({ customerId: _internal, ...message }) => message,
		),
	}));
	app.get('/refunds', async () => ({
		data: [...sandbox.store.refunds.values()],
	}));
	app.get('/payments', async () => ({
		data: [...sandbox.store.payments.values()],
	}));
	app.get('/templates', async () => ({
		data: [...sandbox.store.templates.values()],
	}));
};

/** What a newcomer (and the CLI) needs: base URL, keys and the seeded IDs of each key. */
export function describe(sandbox: SandboxState, baseUrl: string) {
	const { store } = sandbox;
	return {
		baseUrl,
		keys: [...store.apiKeys.entries()].map(([apiKey, { label }]) => ({
			label,
			apiKey,
			businessAccountIds: [...store.accounts.values()]
				.filter((a) => a.apiKey === apiKey)
				.map((a) => a.id),
			phoneNumberIds: store.numbersOf(apiKey).map((n) => n.phone_number_id),
			catalogIds: [...store.catalogs.values()].filter((c) => c.apiKey === apiKey).map((c) => c.id),
			mediaIds: [...store.media.values()]
				.filter((m) => m.apiKey === apiKey && m.deletedAt === undefined)
				.map((m) => m.id),
		})),
	};
}
