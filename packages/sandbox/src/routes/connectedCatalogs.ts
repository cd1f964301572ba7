import { fieldsToAnswer } from '../dialect';
import { param, query, type Endpoint, type SandboxPlugin } from '../http';
import { commaFields, pick } from '../validate';

/** The fields of a connected catalog that the Cloud API answers. */
const CATALOG_FIELDS = ['id', 'name'] as const;

/**
 * The Cloud API's GET /{WABA-ID}/product_catalogs: the catalog connected to the business account
 * (one per account; here the key's first, as catalog messages use), so that a client can offer
 * it in a list. Beyond the spec, which has no call that lists catalogs.
 */
export const connectedCatalogRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/:id/product_catalogs', async (request) => {
		sandbox.store.account(request.apiKey, param(request, 'id'));
		const fields = fieldsToAnswer(
			sandbox.dialect,
			commaFields(query(request, 'fields'), CATALOG_FIELDS),
			CATALOG_FIELDS,
		);
		const catalog = sandbox.store.connectedCatalog(request.apiKey);
		return { data: catalog ? [pick(catalog, fields)] : [] };
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route: '`GET /{business_account_id}/product_catalogs?fields`',
		notes: "the Cloud API's connected catalog: `{data:[{id, name}]}` (the key's first catalog)",
	},
];
