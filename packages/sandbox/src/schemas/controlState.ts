import { TEMPLATE_STATUSES } from '../model';
import { acknowledged, answers, closed, idParams, int, str, strings, type Schema } from './common';

/** Schemas of the control API's data routes (routes/control/data.ts), no API key. */

const ids: Schema = { type: 'array', items: str };
const records = (description: string): Schema =>
	answers(
		closed(
			{
				data: { type: 'array', description, items: { type: 'object', additionalProperties: true } },
			},
			['data'],
		),
	);

export const describeSchema = {
	summary: 'The base URL, the API keys and the seeded IDs of each key',
	response: answers(
		closed(
			{
				baseUrl: str,
				keys: {
					type: 'array',
					items: closed(
						{
							label: str,
							apiKey: str,
							businessAccountIds: ids,
							phoneNumberIds: ids,
							catalogIds: ids,
							mediaIds: ids,
						},
						['label', 'apiKey', 'businessAccountIds', 'phoneNumberIds', 'catalogIds', 'mediaIds'],
					),
				},
			},
			['baseUrl', 'keys'],
		),
	),
};

const seed: Schema = {
	description: 'A seed: API keys and what each owns (seed.ts, the sandbox README)',
	type: 'object',
	required: ['tenants'],
	properties: { tenants: { type: 'array', items: { type: 'object' } } },
};

export const resetSchema = {
	summary: 'Back to the seed (this one, or the last loaded); keepConfig keeps the settings',
	body: {
		type: 'object',
		properties: { seed, keepConfig: { type: 'boolean' } },
	},
	response: answers(acknowledged),
};

export const seedSchema = {
	summary: 'Load a seed, keeping the settings',
	body: seed,
	response: answers(acknowledged),
};

const templateParams = idParams('The template ID');

export const templateStatusSchema = {
	summary: 'Set a template status, telling the webhook as a review decision does',
	params: templateParams,
	body: closed({ status: { type: 'string', enum: [...TEMPLATE_STATUSES] }, rejected_reason: str }, [
		'status',
	]),
	response: answers(closed({ id: str, status: str }, ['id', 'status'])),
};

export const templateReviewSchema = {
	summary: 'Decide the review of a PENDING template now (by the rule, or forced)',
	params: templateParams,
	body: closed({ outcome: { type: 'string', enum: ['APPROVED', 'REJECTED'] }, reason: str }),
	response: answers(closed({ id: str, status: str, rejected_reason: str }, ['id', 'status'])),
};

export const addProductsSchema = {
	summary: 'Add generated products to a catalog',
	params: idParams('The catalog ID'),
	body: closed({ count: { type: 'integer', minimum: 1, maximum: 1_000_000 } }, ['count']),
	response: answers(closed({ total: int }, ['total'])),
};

export const productSheetSchema = {
	summary: "A shop's product sheet as a spreadsheet exports it (CSV)",
	querystring: strings({ rows: 'Rows, 1 to 100000 (120 by default)' }),
	response: answers({ description: 'text/csv; charset=utf-8, as an attachment' }),
};

export const messagesSchema = {
	summary:
		'The messages sent: to (a send to a number) or recipient (a send to a user ID), pricing, content',
	response: records('Messages (model.ts Message)'),
};
export const refundsSchema = {
	summary: 'The refunds made',
	response: records('Refunds (model.ts Refund)'),
};
export const paymentsSchema = {
	summary: 'The payments that can be refunded',
	response: records('Payments (model.ts Payment)'),
};
export const templatesSchema = {
	summary: 'Every template of every key',
	response: records('Templates (model.ts Template)'),
};
