import assert from 'node:assert/strict';
import { generatedProducts } from '../src/seed';
import { expectError, type ApiResponse, type TestSandbox } from './helpers';
import type { BatchStatus, ErrorObject, Page, ProductView } from './types';

/** Helpers of the catalog tests (catalog-*.test.ts). */

export const OTHER_CATALOG_ID = '215347871556999';
export const DEFAULT_FIELDS = ['id', 'retailer_id', 'name', 'price', 'availability', 'image_url'];
export const ALL_FIELDS = [
	'id',
	'retailer_id',
	'name',
	'description',
	'price',
	'currency',
	'availability',
	'condition',
	'brand',
	'category',
	'image_url',
	'url',
	'retailer_product_group_id',
];
export const BATCH_DELAY_MS = 60_000; // FAST_CONFIG.batchDelayMs

/** The 50 seeded products (SKU-00001..SKU-00050), as the seed generates them, in listing order. */
export const SEEDED = generatedProducts(50, 1);

/** USD minor units as the listing shows them, e.g. 1200 -> "$12.00" (all seeded prices are below $100). */
export function usd(minor: number): string {
	assert.ok(minor < 100_000);
	return `$${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export function ids(products: { retailer_id: string }[]): string[] {
	return products.map((p) => p.retailer_id);
}

/** Asserts a 400 that names `field` (in error_data.field and at the start of the message). */
export function expectInvalid(
	response: ApiResponse,
	field: string,
	messagePart?: RegExp | string,
): ErrorObject {
	const error = expectError(response, 400, 100, messagePart);
	assert.equal(error.error_data?.field, field, `field: ${response.text}`);
	assert.ok(error.message.startsWith(`${field}:`), `message names ${field}: ${error.message}`);
	return error;
}

export function list(
	s: TestSandbox,
	query: Record<string, string | number | boolean | undefined> = {},
	catalogId = s.catalogId,
	key?: string,
): Promise<ApiResponse<Page<ProductView>>> {
	return s.api('GET', `/${catalogId}/products`, { query, key });
}

export async function listOk(
	s: TestSandbox,
	query: Record<string, string | number | boolean | undefined> = {},
): Promise<Page<ProductView>> {
	const response = await list(s, query);
	assert.equal(response.status, 200, response.text);
	return response.body;
}

/** Lists with a filter (JSON-encoded here), the whole filtered set in one page. */
export async function filtered(s: TestSandbox, filter: unknown): Promise<string[]> {
	const body = await listOk(s, {
		filter: JSON.stringify(filter),
		limit: 1000,
		summary: true,
		fields: '["retailer_id"]',
	});
	assert.equal(body.summary?.total_count, body.data.length);
	assert.equal(body.paging.cursors.after, undefined);
	return ids(body.data);
}

export function expected(predicate: (p: (typeof SEEDED)[number]) => boolean): string[] {
	return ids(SEEDED.filter(predicate));
}

/** Follows `after` to the end; answers the pages. */
export async function allPages(
	s: TestSandbox,
	query: Record<string, string | number | boolean | undefined>,
	maxPages = 1000,
): Promise<ProductView[][]> {
	const pages: ProductView[][] = [];
	let after: string | undefined;
	for (;;) {
		const body = await listOk(s, { ...query, after });
		pages.push(body.data);
		after = body.paging.cursors.after;
		if (after === undefined) return pages;
		assert.equal(typeof after, 'string');
		assert.ok(pages.length < maxPages, 'paging does not end');
	}
}

export function batch(
	s: TestSandbox,
	requests: unknown,
	catalogId = s.catalogId,
	key?: string,
): Promise<ApiResponse<{ handles: string[] }>> {
	return s.api('POST', `/${catalogId}/batch`, { body: { requests }, key });
}

export async function batchOk(s: TestSandbox, requests: unknown[]): Promise<string> {
	const response = await batch(s, requests);
	assert.equal(response.status, 200, response.text);
	assert.deepEqual(Object.keys(response.body), ['handles']);
	assert.equal(response.body.handles.length, 1);
	assert.equal(typeof response.body.handles[0], 'string');
	assert.ok(response.body.handles[0].length > 0);
	return response.body.handles[0];
}

export async function batchStatus(s: TestSandbox, handle: string): Promise<BatchStatus> {
	const response = await s.api<{ data: BatchStatus[] }>(
		'GET',
		`/${s.catalogId}/check_batch_request_status`,
		{
			query: { handle },
		},
	);
	assert.equal(response.status, 200, response.text);
	assert.equal(response.body.data.length, 1);
	assert.equal(response.body.data[0].handle, handle);
	return response.body.data[0];
}

export async function product(
	s: TestSandbox,
	retailerId: string,
	fields?: string[],
): Promise<ProductView | undefined> {
	const body = await listOk(s, {
		filter: JSON.stringify({ retailer_id: { eq: retailerId } }),
		...(fields ? { fields: JSON.stringify(fields) } : {}),
	});
	assert.ok(body.data.length <= 1, `${retailerId} is listed once`);
	return body.data[0];
}

export async function retailerIds(s: TestSandbox): Promise<string[]> {
	return ids((await listOk(s, { limit: 1000, fields: '["retailer_id"]' })).data);
}

export const NEW_PRODUCT = {
	name: 'Yemen Haraz Whole Bean 250g',
	price: 2899,
	currency: 'USD',
	brand: 'Acme Coffee Roasters',
	image_url: 'https://cdn.example.com/products/yemen.jpg',
};
