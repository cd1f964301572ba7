import { PRODUCT_LIST_FIELDS } from '../rules/productData';
import { answers, closed, idParams, int, pageQuery, paging, str, strings } from './common';

const catalogParams = idParams('The catalog ID');

/**
 * A product as listed: `id` and the requested fields (with the dialect's strictFields only
 * those); the price is formatted ("12.50 USD").
 */
const product = closed(Object.fromEntries(PRODUCT_LIST_FIELDS.map((name) => [name, str])));

export const listProductsSchema = {
	summary: 'List products in catalog order (4.4)',
	params: catalogParams,
	querystring: strings({
		fields: 'A JSON list of field names, e.g. ["name","price"]',
		filter: 'A JSON filter on product fields (rules/productFilter.ts)',
		summary: 'true to add summary.total_count',
		...pageQuery,
	}),
	response: answers(
		closed(
			{
				data: { type: 'array', items: product },
				paging,
				summary: closed({ total_count: int }, ['total_count']),
			},
			['data'],
		),
	),
};

export const batchSchema = {
	summary: 'Change products in a batch: checked now, applied after the batch delay (4.4)',
	params: catalogParams,
	body: closed(
		{
			requests: {
				type: 'array',
				minItems: 1,
				items: closed(
					{
						method: { type: 'string', enum: ['CREATE', 'UPDATE', 'DELETE'] },
						retailer_id: { type: 'string', minLength: 1, maxLength: 100 },
						data: { type: 'object', description: 'Product data (not for DELETE)' },
					},
					['method', 'retailer_id'],
				),
			},
			allow_upsert: { description: 'Accepted; CREATE of a known retailer_id replaces it anyway' },
		},
		['requests'],
	),
	response: answers(
		closed({ handles: { type: 'array', items: str, minItems: 1, maxItems: 1 } }, ['handles']),
	),
};

export const batchStatusSchema = {
	summary: 'The status of a batch, by its handle',
	params: catalogParams,
	querystring: strings({ handle: 'The handle the batch answered' }, ['handle']),
	response: answers(
		closed(
			{
				data: {
					type: 'array',
					items: closed(
						{
							handle: str,
							status: { type: 'string', enum: ['in_progress', 'finished'] },
							errors_total_count: int,
							errors: {
								type: 'array',
								items: closed({ line: int, retailer_id: str, message: str }, [
									'line',
									'retailer_id',
									'message',
								]),
							},
						},
						['handle', 'status', 'errors_total_count', 'errors'],
					),
				},
			},
			['data'],
		),
	),
};
