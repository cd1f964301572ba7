import { fieldsToAnswer, pagingOf } from '../dialect';
import { param, query, type Endpoint, type SandboxPlugin } from '../http';
import type { Flow } from '../model';
import { paginate } from '../paging';
import { commaFields, pick, queryInteger } from '../validate';

/** The fields a flow of the list has; the Flows API answers all five by default. */
const FLOW_FIELDS = ['id', 'name', 'status', 'categories', 'validation_errors'] as const;

/**
 * The Cloud API's Flows API, GET /{WABA-ID}/flows: the account's flows, `fields`, `limit` and the
 * cursors as every list of the sandbox honours them (pages of the template list's size). The
 * flows themselves come from the seed: the sandbox does not create, edit or publish them.
 */
export const flowRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/:id/flows', async (request) => {
		const account = sandbox.store.account(request.apiKey, param(request, 'id'));
		const fields = fieldsToAnswer(
			sandbox.dialect,
			commaFields(query(request, 'fields'), FLOW_FIELDS),
			FLOW_FIELDS,
		);
		const { default: defaultSize, max } = sandbox.config.templatePageSize;
		const limit = Math.min(queryInteger(query(request, 'limit'), 'limit', 1, defaultSize), max);
		const page = paginate(sandbox.store.flowsOf(account.id), (f) => f.seq, `flows:${account.id}`, {
			limit,
			after: query(request, 'after'),
			before: query(request, 'before'),
		});
		return {
			data: page.data.map((flow: Flow) => pick(flow, fields)),
			...pagingOf(sandbox.dialect, request, page),
		};
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route: '`GET /{business_account_id}/flows?fields&limit&after&before`',
		notes: "the Cloud API's Flows API: the seeded WhatsApp Flows",
	},
];
