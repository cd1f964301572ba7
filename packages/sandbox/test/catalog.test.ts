import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generatedProducts } from '../src/seed';
import {
	expectError,
	OTHER_API_KEY,
	useSandbox,
	type ApiResponse,
	type TestSandbox,
} from './helpers';
import type { BatchStatus, ErrorObject, Page, ProductView, TemplateView } from './types';

const sandbox = useSandbox();

const OTHER_CATALOG_ID = '215347871556999';
const DEFAULT_FIELDS = ['id', 'retailer_id', 'name', 'price', 'availability', 'image_url'];
const ALL_FIELDS = [
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
const BATCH_DELAY_MS = 60_000; // FAST_CONFIG.batchDelayMs

/** The 50 seeded products (SKU-00001..SKU-00050), as the seed generates them, in listing order. */
const SEEDED = generatedProducts(50, 1);

/** USD minor units as the listing shows them, e.g. 1200 -> "$12.00" (all seeded prices are below $100). */
function usd(minor: number): string {
	assert.ok(minor < 100_000);
	return `$${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

function ids(products: { retailer_id: string }[]): string[] {
	return products.map((p) => p.retailer_id);
}

/** Asserts a 400 that names `field` (in error_data.field and at the start of the message). */
function expectInvalid(
	response: ApiResponse,
	field: string,
	messagePart?: RegExp | string,
): ErrorObject {
	const error = expectError(response, 400, 100, messagePart);
	assert.equal(error.error_data?.field, field, `field: ${response.text}`);
	assert.ok(error.message.startsWith(`${field}:`), `message names ${field}: ${error.message}`);
	return error;
}

function list(
	s: TestSandbox,
	query: Record<string, string | number | boolean | undefined> = {},
	catalogId = s.catalogId,
	key?: string,
): Promise<ApiResponse<Page<ProductView>>> {
	return s.api('GET', `/${catalogId}/products`, { query, key });
}

async function listOk(
	s: TestSandbox,
	query: Record<string, string | number | boolean | undefined> = {},
): Promise<Page<ProductView>> {
	const response = await list(s, query);
	assert.equal(response.status, 200, response.text);
	return response.body;
}

/** Lists with a filter (JSON-encoded here), the whole filtered set in one page. */
async function filtered(s: TestSandbox, filter: unknown): Promise<string[]> {
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

function expected(predicate: (p: (typeof SEEDED)[number]) => boolean): string[] {
	return ids(SEEDED.filter(predicate));
}

/** Follows `after` to the end; answers the pages. */
async function allPages(
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

describe('product listing: fields (4.4, 2.3)', () => {
	it('returns exactly id, retailer_id, name, price, availability, image_url by default, price with the currency symbol', async () => {
		const s = sandbox.current;
		const body = await listOk(s);
		assert.deepEqual(Object.keys(body).sort(), ['data', 'paging']);
		assert.equal(body.data.length, 25);
		const seenIds = new Set<string>();
		body.data.forEach((product, i) => {
			const seed = SEEDED[i];
			assert.deepEqual(Object.keys(product), DEFAULT_FIELDS);
			assert.match(product.id, /^\d+$/);
			seenIds.add(product.id);
			assert.deepEqual(
				{
					retailer_id: product.retailer_id,
					name: product.name,
					price: product.price,
					availability: product.availability,
					image_url: product.image_url,
				},
				{
					retailer_id: seed.retailer_id,
					name: seed.name,
					price: usd(seed.price),
					availability: seed.availability,
					image_url: seed.image_url,
				},
			);
		});
		assert.equal(seenIds.size, 25, 'product IDs are unique');
		assert.equal(body.data[0].retailer_id, 'SKU-00001');
		assert.equal(body.data[0].price, usd(1337));
		assert.equal(body.data[0].price, '$13.37');
		assert.equal(body.data[8].availability, 'out of stock');
	});

	it('takes fields as a JSON list and always adds the id', async () => {
		const s = sandbox.current;
		const body = await listOk(s, { fields: '["name","brand"]' });
		for (const product of body.data)
			assert.deepEqual(Object.keys(product), ['id', 'name', 'brand']);
		assert.deepEqual(body.data[0], {
			id: body.data[0].id,
			name: SEEDED[0].name,
			brand: 'Acme Coffee Roasters',
		});

		const one = await listOk(s, {
			fields: '["retailer_id","currency","price","description","url"]',
			limit: 1,
		});
		assert.deepEqual(one.data[0], {
			id: one.data[0].id,
			retailer_id: 'SKU-00001',
			currency: 'USD',
			price: '$13.37',
			description: SEEDED[0].description,
			url: SEEDED[0].url,
		});

		const onlyId = await listOk(s, { fields: '["id"]', limit: 3 });
		for (const product of onlyId.data) assert.deepEqual(Object.keys(product), ['id']);

		const all = await listOk(s, { fields: JSON.stringify(ALL_FIELDS.slice(1)), limit: 1 });
		assert.deepEqual(Object.keys(all.data[0]).sort(), [...ALL_FIELDS].sort());
		assert.equal(all.data[0].retailer_product_group_id, SEEDED[0].retailer_product_group_id);
		assert.equal(all.data[0].condition, 'new');
		assert.equal(all.data[0].category, 'Coffee');
	});

	it('refuses comma-separated, unknown or malformed fields, naming fields', async () => {
		const s = sandbox.current;
		expectInvalid(await list(s, { fields: 'name,brand' }), 'fields', 'JSON list');
		expectInvalid(await list(s, { fields: 'name' }), 'fields', 'JSON list');
		expectInvalid(
			await list(s, { fields: '["name","colour"]' }),
			'fields',
			/unknown field "colour"/,
		);
		expectInvalid(await list(s, { fields: '["seq"]' }), 'fields', /unknown field "seq"/);
		expectInvalid(await list(s, { fields: '[]' }), 'fields');
		expectInvalid(await list(s, { fields: '"name"' }), 'fields');
		expectInvalid(await list(s, { fields: '[1]' }), 'fields');
		expectInvalid(await list(s, { fields: '{"name":true}' }), 'fields');
	});
});

describe('product listing: filter and summary (4.4)', () => {
	it('filters with i_contains, case-insensitively', async () => {
		const s = sandbox.current;
		const kenya = expected((p) => p.name.includes('Kenya'));
		assert.equal(kenya.length, 5);
		assert.deepEqual(await filtered(s, { name: { i_contains: 'KENYA' } }), kenya);
		assert.deepEqual(await filtered(s, { name: { i_contains: 'kenya nyeri' } }), kenya);
		assert.deepEqual(await filtered(s, { name: { i_contains: 'kEnYa' } }), kenya);
		assert.deepEqual(await filtered(s, { name: { i_contains: 'no such coffee' } }), []);
		const decaf = expected((p) => p.name.toLowerCase().includes('decaf'));
		assert.ok(decaf.length > 0);
		assert.deepEqual(await filtered(s, { name: { i_contains: 'DECAF' } }), decaf);
	});

	it('filters with the other operators (price comparisons in minor units)', async () => {
		const s = sandbox.current;
		const first = SEEDED[0];
		assert.deepEqual(
			await filtered(s, { name: { eq: first.name } }),
			expected((p) => p.name === first.name),
		);
		assert.deepEqual(await filtered(s, { name: { eq: first.name.toUpperCase() } }), []);
		assert.deepEqual(
			await filtered(s, { name: { neq: first.name } }),
			expected((p) => p.name !== first.name),
		);
		assert.deepEqual(await filtered(s, { retailer_id: { eq: 'SKU-00017' } }), ['SKU-00017']);
		const colombia = expected((p) => p.name.startsWith('Colombia'));
		assert.ok(colombia.length > 0);
		assert.deepEqual(await filtered(s, { name: { starts_with: 'Colombia' } }), colombia);
		assert.deepEqual(await filtered(s, { name: { starts_with: 'colombia' } }), []);
		assert.deepEqual(await filtered(s, { name: { i_starts_with: 'colombia' } }), colombia);
		assert.deepEqual(
			await filtered(s, { name: { contains: 'Whole Bean' } }),
			expected((p) => p.name.includes('Whole Bean')),
		);
		assert.deepEqual(await filtered(s, { name: { contains: 'whole bean' } }), []);
		assert.deepEqual(
			await filtered(s, { name: { not_contains: 'Whole Bean' } }),
			expected((p) => !p.name.includes('Whole Bean')),
		);
		assert.deepEqual(
			await filtered(s, { name: { i_not_contains: 'whole bean' } }),
			expected((p) => !p.name.includes('Whole Bean')),
		);
		assert.deepEqual(
			await filtered(s, { retailer_id: { is_any: ['SKU-00040', 'SKU-00003', 'SKU-99999'] } }),
			['SKU-00003', 'SKU-00040'],
		);
		assert.deepEqual(
			await filtered(s, { availability: { is_any: ['out of stock'] } }),
			expected((p) => p.availability === 'out of stock'),
		);
		assert.deepEqual(
			await filtered(s, { availability: { is_not_any: ['out of stock'] } }),
			expected((p) => p.availability !== 'out of stock'),
		);

		const prices = SEEDED.map((p) => p.price).sort((a, b) => a - b);
		const middle = prices[25];
		assert.deepEqual(
			await filtered(s, { price: { gt: middle } }),
			expected((p) => p.price > middle),
		);
		assert.deepEqual(
			await filtered(s, { price: { gte: middle } }),
			expected((p) => p.price >= middle),
		);
		assert.deepEqual(
			await filtered(s, { price: { lt: middle } }),
			expected((p) => p.price < middle),
		);
		assert.deepEqual(
			await filtered(s, { price: { lte: middle } }),
			expected((p) => p.price <= middle),
		);
		// minor units, not major: every price is above 12 dollars, i.e. above 1199 minor units
		assert.equal((await filtered(s, { price: { gt: 1199 } })).length, 50);
		assert.deepEqual(await filtered(s, { price: { gt: 36 } }), ids(SEEDED));
		assert.deepEqual(await filtered(s, { price: { lt: 1200 } }), []);
		assert.deepEqual(
			await filtered(s, { price: { gt: 1337 } }),
			expected((p) => p.price > 1337),
		);
		assert.ok(!(await filtered(s, { price: { gt: 1337 } })).includes('SKU-00001'));
		assert.ok((await filtered(s, { price: { gte: 1337 } })).includes('SKU-00001'));
	});

	it('combines conditions: several keys, and, or', async () => {
		const s = sandbox.current;
		const kenyaOrPeru = expected((p) => p.name.includes('Kenya') || p.name.includes('Peru'));
		assert.deepEqual(
			await filtered(s, {
				or: [{ name: { i_contains: 'kenya' } }, { name: { i_contains: 'peru' } }],
			}),
			kenyaOrPeru,
		);
		const cheapInStock = expected((p) => p.availability === 'in stock' && p.price < 2000);
		assert.deepEqual(
			await filtered(s, { and: [{ availability: { eq: 'in stock' } }, { price: { lt: 2000 } }] }),
			cheapInStock,
		);
		assert.deepEqual(
			await filtered(s, { availability: { eq: 'in stock' }, price: { lt: 2000 } }),
			cheapInStock,
		);
		assert.deepEqual(
			await filtered(s, {
				or: [
					{ name: { i_contains: 'kenya' } },
					{ and: [{ name: { starts_with: 'Brazil' } }, { price: { gte: 2400 } }] },
				],
				availability: { eq: 'in stock' },
			}),
			expected(
				(p) =>
					(p.name.includes('Kenya') || (p.name.startsWith('Brazil') && p.price >= 2400)) &&
					p.availability === 'in stock',
			),
		);
		assert.deepEqual(
			await filtered(s, {
				and: [{ name: { i_contains: 'kenya' } }, { name: { i_contains: 'peru' } }],
			}),
			[],
		);
	});

	it('refuses an invalid filter, naming the field', async () => {
		const s = sandbox.current;
		const bad = (filter: string) => list(s, { filter });
		expectInvalid(await bad('{"name":{"i_contains":"kenya"}'), 'filter', 'JSON');
		expectInvalid(await bad('name=kenya'), 'filter');
		expectInvalid(await bad('[]'), 'filter');
		expectInvalid(await bad('{}'), 'filter');
		expectInvalid(await bad('"kenya"'), 'filter');
		expectInvalid(await bad('{"colour":{"eq":"red"}}'), 'filter.colour', 'not a product field');
		expectInvalid(await bad('{"name":{"like":"kenya"}}'), 'filter.name.like', 'not an operator');
		expectInvalid(await bad('{"name":{"i_contains":"a","eq":"b"}}'), 'filter.name');
		expectInvalid(await bad('{"name":"kenya"}'), 'filter.name');
		expectInvalid(await bad('{"name":{"i_contains":5}}'), 'filter.name.i_contains');
		expectInvalid(await bad('{"price":{"gt":"1000"}}'), 'filter.price.gt');
		expectInvalid(await bad('{"retailer_id":{"is_any":"SKU-00001"}}'), 'filter.retailer_id.is_any');
		expectInvalid(await bad('{"or":{"name":{"eq":"x"}}}'), 'filter.or');
		expectInvalid(await bad('{"and":[]}'), 'filter.and');
		expectInvalid(
			await bad('{"and":[{"name":{"eq":"x"}},{"colour":{"eq":"red"}}]}'),
			'filter.and[1].colour',
		);
	});

	it('adds summary.total_count of the filtered set with summary=true', async () => {
		const s = sandbox.current;
		const all = await listOk(s, { summary: true, limit: 5 });
		assert.deepEqual(all.summary, { total_count: 50 });
		assert.equal(all.data.length, 5);
		const kenya = await listOk(s, {
			summary: 'true',
			filter: '{"name":{"i_contains":"KENYA"}}',
			limit: 2,
		});
		assert.deepEqual(kenya.summary, { total_count: 5 });
		assert.equal(kenya.data.length, 2);
		assert.equal(typeof kenya.paging.cursors.after, 'string');
		assert.equal((await listOk(s)).summary, undefined);
		assert.equal((await listOk(s, { summary: false })).summary, undefined);
		expectInvalid(await list(s, { summary: 'yes please' }), 'summary');
	});
});

describe('product listing: paging (4.4, 2.5)', () => {
	it('uses 25 products per page by default and takes up to 1000', async () => {
		const s = sandbox.current;
		const first = await listOk(s);
		assert.equal(first.data.length, 25);
		assert.equal(typeof first.paging.cursors.before, 'string');
		assert.equal(typeof first.paging.cursors.after, 'string');
		const big = await listOk(s, { limit: 1000 });
		assert.equal(big.data.length, 50);
		assert.equal(big.paging.cursors.after, undefined);
		assert.equal((await listOk(s, { limit: 1 })).data.length, 1);
		for (const limit of ['0', 'abc', '-5', '2.5']) expectInvalid(await list(s, { limit }), 'limit');
	});

	it('returns every product exactly once, in order, with no after on the last page', async () => {
		const s = sandbox.current;
		const seven = await allPages(s, { limit: 7 });
		assert.equal(seven.length, 8);
		assert.deepEqual(
			seven.map((p) => p.length),
			[7, 7, 7, 7, 7, 7, 7, 1],
		);
		assert.deepEqual(ids(seven.flat()), ids(SEEDED));
		assert.equal(new Set(seven.flat().map((p) => p.id)).size, 50);

		const ten = await allPages(s, { limit: 10 });
		assert.deepEqual(
			ten.map((p) => p.length),
			[10, 10, 10, 10, 10],
		);
		assert.deepEqual(ids(ten.flat()), ids(SEEDED));

		const defaults = await allPages(s, {});
		assert.deepEqual(
			defaults.map((p) => p.length),
			[25, 25],
		);
		assert.deepEqual(ids(defaults.flat()), ids(SEEDED));

		const one = await allPages(s, { limit: 1, fields: '["retailer_id"]' });
		assert.equal(one.length, 50);
		assert.deepEqual(ids(one.flat()), ids(SEEDED));

		const filter = '{"name":{"i_contains":"kenya"}}';
		const kenya = await allPages(s, { limit: 2, filter });
		assert.deepEqual(
			kenya.map((p) => p.length),
			[2, 2, 1],
		);
		assert.deepEqual(
			ids(kenya.flat()),
			expected((p) => p.name.includes('Kenya')),
		);
	});

	it('refuses an invalid cursor, or one of another catalog or list', async () => {
		const s = sandbox.current;
		expectInvalid(await list(s, { after: 'not-a-cursor' }), 'after', 'not a cursor');
		expectInvalid(await list(s, { after: Buffer.from('{"r":3}').toString('base64url') }), 'after');
		expectInvalid(await list(s, { after: Buffer.from('[1,2]').toString('base64url') }), 'after');

		const other = await list(s, { limit: 1 }, OTHER_CATALOG_ID, OTHER_API_KEY);
		assert.equal(other.status, 200, other.text);
		const otherAfter = other.body.paging.cursors.after;
		assert.equal(typeof otherAfter, 'string');
		expectInvalid(await list(s, { after: otherAfter }), 'after', 'not a cursor');
		expectInvalid(
			await list(s, { before: other.body.paging.cursors.before }),
			'before',
			'not a cursor',
		);

		const templates = await s.api<Page<TemplateView>>('GET', `/${s.accountId}/message_templates`, {
			query: { limit: 1 },
		});
		assert.equal(typeof templates.body.paging.cursors.after, 'string');
		expectInvalid(
			await list(s, { after: templates.body.paging.cursors.after }),
			'after',
			'not a cursor',
		);

		const own = (await listOk(s, { limit: 5 })).paging.cursors.after;
		expectError(await list(s, { limit: 5, after: own }, OTHER_CATALOG_ID, OTHER_API_KEY), 400, 100);
		assert.deepEqual(
			ids((await listOk(s, { limit: 5, after: own })).data),
			ids(SEEDED.slice(5, 10)),
		);
	});

	it('pages through 100,000 products with limit 1000 in 100 pages, clamping larger limits', async () => {
		const s = sandbox.current;
		const { body: added } = await s.control<{ total: number }>(
			'POST',
			`/catalogs/${s.catalogId}/products`,
			{
				count: 99_950,
			},
		);
		assert.equal(added.total, 100_000);
		const pages = await allPages(s, { limit: 1000, fields: '["retailer_id"]' }, 200);
		assert.equal(pages.length, 100);
		for (const page of pages) assert.equal(page.length, 1000);
		const retailerIds = pages.flat().map((p) => p.retailer_id);
		assert.equal(retailerIds.length, 100_000);
		assert.equal(new Set(retailerIds).size, 100_000);
		assert.deepEqual(retailerIds.slice(0, 50), ids(SEEDED));
		assert.equal(retailerIds[99_999], 'SKU-100000');

		const clamped = await listOk(s, { limit: 5000, summary: true, fields: '["retailer_id"]' });
		assert.equal(clamped.data.length, 1000);
		assert.equal(clamped.summary?.total_count, 100_000);
		assert.equal(typeof clamped.paging.cursors.after, 'string');
		assert.equal((await listOk(s, { limit: 1001, fields: '["id"]' })).data.length, 1000);
	});

	it("answers another key's catalog as not found", async () => {
		const s = sandbox.current;
		expectError(await list(s, {}, OTHER_CATALOG_ID), 404, 803);
		expectError(await list(s, {}, s.catalogId, OTHER_API_KEY), 404, 803);
		expectError(await list(s, {}, '999999999'), 404, 803);
	});
});

function batch(
	s: TestSandbox,
	requests: unknown,
	catalogId = s.catalogId,
	key?: string,
): Promise<ApiResponse<{ handles: string[] }>> {
	return s.api('POST', `/${catalogId}/batch`, { body: { requests }, key });
}

async function batchOk(s: TestSandbox, requests: unknown[]): Promise<string> {
	const response = await batch(s, requests);
	assert.equal(response.status, 200, response.text);
	assert.deepEqual(Object.keys(response.body), ['handles']);
	assert.equal(response.body.handles.length, 1);
	assert.equal(typeof response.body.handles[0], 'string');
	assert.ok(response.body.handles[0].length > 0);
	return response.body.handles[0];
}

async function batchStatus(s: TestSandbox, handle: string): Promise<BatchStatus> {
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

async function product(
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

async function retailerIds(s: TestSandbox): Promise<string[]> {
	return ids((await listOk(s, { limit: 1000, fields: '["retailer_id"]' })).data);
}

const NEW_PRODUCT = {
	name: 'Yemen Haraz Whole Bean 250g',
	price: 2899,
	currency: 'USD',
	brand: 'Acme Coffee Roasters',
	image_url: 'https://cdn.example.com/products/yemen.jpg',
};

describe('catalog batch (4.4, 3.3)', () => {
	it('applies CREATE, UPDATE and DELETE only after the batch delay', async () => {
		const s = sandbox.current;
		const handle = await batchOk(s, [
			{ method: 'CREATE', retailer_id: 'SKU-NEW-1', data: NEW_PRODUCT },
			{ method: 'UPDATE', retailer_id: 'SKU-00002', data: { name: 'Renamed Coffee', price: 1999 } },
			{ method: 'DELETE', retailer_id: 'SKU-00003' },
		]);
		const before = await retailerIds(s);
		const untouched = {
			retailer_id: 'SKU-00002',
			name: SEEDED[1].name,
			price: usd(SEEDED[1].price),
		};

		assert.equal((await batchStatus(s, handle)).status, 'in_progress');
		assert.deepEqual(before, ids(SEEDED));
		await s.advance(BATCH_DELAY_MS - 1_000);
		assert.equal((await batchStatus(s, handle)).status, 'in_progress');
		assert.deepEqual(await retailerIds(s), ids(SEEDED), 'nothing visible before the delay');
		const stillOld = await product(s, 'SKU-00002', ['retailer_id', 'name', 'price']);
		assert.deepEqual(stillOld, { id: stillOld?.id, ...untouched });
		assert.equal(await product(s, 'SKU-NEW-1'), undefined);

		await s.advance(1_000);
		const status = await batchStatus(s, handle);
		assert.equal(status.status, 'finished');
		assert.equal(status.errors_total_count, 0);
		assert.deepEqual(status.errors, []);

		const after = await retailerIds(s);
		assert.deepEqual(after, [...ids(SEEDED).filter((id) => id !== 'SKU-00003'), 'SKU-NEW-1']);
		const created = await product(s, 'SKU-NEW-1');
		assert.ok(created, 'SKU-NEW-1 is listed');
		assert.deepEqual(Object.keys(created), DEFAULT_FIELDS);
		assert.match(created.id, /^\d+$/);
		assert.deepEqual(created, {
			id: created.id,
			retailer_id: 'SKU-NEW-1',
			name: NEW_PRODUCT.name,
			price: '$28.99',
			availability: 'in stock',
			image_url: NEW_PRODUCT.image_url,
		});
		assert.equal(
			(await product(s, 'SKU-NEW-1', ['brand', 'currency']))?.brand,
			'Acme Coffee Roasters',
		);
		const updated = await product(s, 'SKU-00002', [
			'retailer_id',
			'name',
			'price',
			'brand',
			'availability',
		]);
		assert.deepEqual(updated, {
			id: updated?.id,
			retailer_id: 'SKU-00002',
			name: 'Renamed Coffee',
			price: '$19.99',
			brand: 'Acme Coffee Roasters',
			availability: SEEDED[1].availability,
		});
		assert.equal(await product(s, 'SKU-00003'), undefined);
		assert.equal((await listOk(s, { summary: true })).summary?.total_count, 50);
	});

	it('formats prices in minor units of each currency', async () => {
		const s = sandbox.current;
		await batchOk(s, [
			{
				method: 'CREATE',
				retailer_id: 'EUR-1',
				data: { name: 'Euro coffee', price: 999, currency: 'EUR' },
			},
			{
				method: 'CREATE',
				retailer_id: 'JPY-1',
				data: { name: 'Yen coffee', price: 1500, currency: 'JPY' },
			},
			{
				method: 'CREATE',
				retailer_id: 'USD-1',
				data: {
					name: 'Dollar coffee',
					price: 123456,
					currency: 'USD',
					availability: 'preorder',
					condition: 'refurbished',
				},
			},
		]);
		await s.advance(BATCH_DELAY_MS);
		assert.equal((await product(s, 'EUR-1'))?.price, '€9.99');
		assert.equal((await product(s, 'JPY-1'))?.price, '¥1,500');
		const usdProduct = await product(s, 'USD-1', ['price', 'availability', 'condition']);
		assert.deepEqual(usdProduct, {
			id: usdProduct?.id,
			price: '$1,234.56',
			availability: 'preorder',
			condition: 'refurbished',
		});
		assert.deepEqual(
			await filtered(s, { and: [{ price: { gte: 123456 } }, { currency: { eq: 'USD' } }] }),
			['USD-1'],
		);
		assert.deepEqual(await filtered(s, { currency: { is_any: ['EUR', 'JPY'] } }), [
			'EUR-1',
			'JPY-1',
		]);
	});

	it('records UPDATE and DELETE of unknown retailer IDs as errors of the finished batch', async () => {
		const s = sandbox.current;
		const handle = await batchOk(s, [
			{ method: 'UPDATE', retailer_id: 'NOPE-1', data: { price: 100 } },
			{ method: 'DELETE', retailer_id: 'SKU-00001' },
			{ method: 'DELETE', retailer_id: 'NOPE-2' },
			{
				method: 'CREATE',
				retailer_id: 'SKU-NEW-2',
				data: { name: 'x', price: 1, currency: 'USD' },
			},
		]);
		assert.deepEqual(await batchStatus(s, handle), {
			handle,
			status: 'in_progress',
			errors_total_count: 0,
			errors: [],
		});
		await s.advance(BATCH_DELAY_MS);
		const status = await batchStatus(s, handle);
		assert.equal(status.status, 'finished');
		assert.equal(status.errors_total_count, 2);
		assert.deepEqual(
			status.errors.map((e) => [e.line, e.retailer_id]),
			[
				[0, 'NOPE-1'],
				[2, 'NOPE-2'],
			],
		);
		for (const error of status.errors) assert.match(error.message, new RegExp(error.retailer_id));
		// the valid entries were applied
		const listed = await retailerIds(s);
		assert.ok(!listed.includes('SKU-00001'));
		assert.ok(listed.includes('SKU-NEW-2'));
		assert.ok(!listed.includes('NOPE-1'));
	});

	it('replaces a product on CREATE of an existing retailer ID', async () => {
		const s = sandbox.current;
		const before = await product(s, 'SKU-00009', ['retailer_id', 'availability', 'brand']);
		assert.equal(before?.availability, 'out of stock');
		await batchOk(s, [
			{
				method: 'CREATE',
				retailer_id: 'SKU-00009',
				data: { name: 'Replaced', price: 500, currency: 'EUR' },
			},
		]);
		await s.advance(BATCH_DELAY_MS);
		const after = await product(s, 'SKU-00009', [
			'retailer_id',
			'name',
			'price',
			'currency',
			'availability',
			'brand',
			'description',
		]);
		assert.deepEqual(after, {
			id: after?.id,
			retailer_id: 'SKU-00009',
			name: 'Replaced',
			price: '€5.00',
			currency: 'EUR',
			availability: 'in stock',
		});
		assert.equal((await retailerIds(s)).filter((id) => id === 'SKU-00009').length, 1);
	});

	it('requires name, price and currency in the data of a CREATE', async () => {
		const s = sandbox.current;
		expectInvalid(
			await batch(s, [{ method: 'CREATE', retailer_id: 'A' }]),
			'requests[0].data',
			'required',
		);
		for (const missing of ['name', 'price', 'currency']) {
			const data: Record<string, unknown> = { name: 'A', price: 100, currency: 'USD' };
			delete data[missing];
			expectInvalid(
				await batch(s, [{ method: 'CREATE', retailer_id: 'A', data }]),
				`requests[0].data.${missing}`,
				'required',
			);
		}
		expectInvalid(
			await batch(s, [{ method: 'UPDATE', retailer_id: 'SKU-00001' }]),
			'requests[0].data',
			'required',
		);
		// UPDATE takes any subset
		await batchOk(s, [
			{ method: 'UPDATE', retailer_id: 'SKU-00001', data: { availability: 'discontinued' } },
		]);
	});

	it('refuses invalid entries, naming requests[i] and the field, and applies nothing', async () => {
		const s = sandbox.current;
		const valid = [
			{
				method: 'CREATE',
				retailer_id: 'OK-1',
				data: { name: 'fine', price: 100, currency: 'USD' },
			},
			{ method: 'DELETE', retailer_id: 'SKU-00001' },
		];
		const cases: [unknown, string][] = [
			[{ method: 'PATCH', retailer_id: 'X', data: { price: 1 } }, 'requests[2].method'],
			[
				{ method: 'create', retailer_id: 'X', data: { name: 'a', price: 1, currency: 'USD' } },
				'requests[2].method',
			],
			[{ retailer_id: 'X', data: { price: 1 } }, 'requests[2].method'],
			[{ method: 'DELETE' }, 'requests[2].retailer_id'],
			[
				{ method: 'CREATE', data: { name: 'a', price: 1, currency: 'USD' } },
				'requests[2].retailer_id',
			],
			[{ method: 'DELETE', retailer_id: '' }, 'requests[2].retailer_id'],
			[{ method: 'DELETE', retailer_id: 17 }, 'requests[2].retailer_id'],
			[
				{ method: 'CREATE', retailer_id: 'X', data: { name: 'a', price: 12.5, currency: 'USD' } },
				'requests[2].data.price',
			],
			[
				{ method: 'CREATE', retailer_id: 'X', data: { name: 'a', price: '12', currency: 'USD' } },
				'requests[2].data.price',
			],
			[{ method: 'UPDATE', retailer_id: 'X', data: { price: -1 } }, 'requests[2].data.price'],
			[
				{
					method: 'CREATE',
					retailer_id: 'X',
					data: { name: 'a', price: 1, currency: 'USD', colour: 'red' },
				},
				'requests[2].data.colour',
			],
			[{ method: 'UPDATE', retailer_id: 'X', data: { id: '123' } }, 'requests[2].data.id'],
			[{ method: 'DELETE', retailer_id: 'X', data: {} }, 'requests[2].data'],
			[{ method: 'DELETE', retailer_id: 'X', data: { name: 'a' } }, 'requests[2].data'],
			[
				{ method: 'CREATE', retailer_id: 'X', data: { name: 'a', price: 1, currency: 'XYZ' } },
				'requests[2].data.currency',
			],
			[
				{ method: 'CREATE', retailer_id: 'X', data: { name: 'a', price: 1, currency: 'QQQ' } },
				'requests[2].data.currency',
			],
			[
				{ method: 'CREATE', retailer_id: 'X', data: { name: 'a', price: 1, currency: 'usd' } },
				'requests[2].data.currency',
			],
			[
				{
					method: 'CREATE',
					retailer_id: 'X',
					data: { name: 'a', price: 1, currency: 'US Dollar' },
				},
				'requests[2].data.currency',
			],
			[
				{ method: 'UPDATE', retailer_id: 'X', data: { availability: 'maybe' } },
				'requests[2].data.availability',
			],
			[
				{ method: 'UPDATE', retailer_id: 'X', data: { availability: 'In Stock' } },
				'requests[2].data.availability',
			],
			[
				{ method: 'UPDATE', retailer_id: 'X', data: { condition: 'broken' } },
				'requests[2].data.condition',
			],
			[
				{ method: 'UPDATE', retailer_id: 'X', data: { image_url: 'not a url' } },
				'requests[2].data.image_url',
			],
			[{ method: 'UPDATE', retailer_id: 'X', data: { name: '' } }, 'requests[2].data.name'],
			[{ method: 'UPDATE', retailer_id: 'X', data: 'name=a' }, 'requests[2].data'],
			[{ method: 'DELETE', retailer_id: 'X', extra: true }, 'requests[2].extra'],
			['DELETE X', 'requests[2]'],
		];
		for (const [entry, field] of cases) expectInvalid(await batch(s, [...valid, entry]), field);
		await s.advance(BATCH_DELAY_MS);
		assert.deepEqual(await retailerIds(s), ids(SEEDED), 'no refused batch was applied');
	});

	it('refuses a missing, empty or too long list of requests (at most 5000)', async () => {
		const s = sandbox.current;
		expectInvalid(await s.api('POST', `/${s.catalogId}/batch`, { body: {} }), 'requests');
		expectInvalid(
			await s.api('POST', `/${s.catalogId}/batch`, { body: { requests: {} } }),
			'requests',
		);
		expectInvalid(await batch(s, []), 'requests');
		expectInvalid(
			await s.api('POST', `/${s.catalogId}/batch`, {
				body: { requests: [], item_type: 'PRODUCT_ITEM' },
			}),
			'item_type',
		);
		expectInvalid(
			await s.api('POST', `/${s.catalogId}/batch`, {
				raw: 'requests=[]',
				contentType: 'application/x-www-form-urlencoded',
			}),
			'body',
		);
		const entries = (n: number) =>
			Array.from({ length: n }, (_, i) => ({
				method: 'CREATE',
				retailer_id: `BULK-${i}`,
				data: { name: `Bulk ${i}`, price: 100 + i, currency: 'USD' },
			}));
		expectInvalid(await batch(s, entries(5001)), 'requests', /at most 5000/);
		await batchOk(s, entries(5000));
		await s.advance(BATCH_DELAY_MS);
		assert.equal((await listOk(s, { summary: true, limit: 1 })).summary?.total_count, 5050);
	});

	it('answers status only for a handle of this catalog and key', async () => {
		const s = sandbox.current;
		const handle = await batchOk(s, [{ method: 'DELETE', retailer_id: 'SKU-00001' }]);
		expectInvalid(
			await s.api('GET', `/${s.catalogId}/check_batch_request_status`),
			'handle',
			'required',
		);
		expectError(
			await s.api('GET', `/${s.catalogId}/check_batch_request_status`, {
				query: { handle: 'no-such-handle' },
			}),
			404,
			803,
		);
		expectError(
			await s.api('GET', `/${s.catalogId}/check_batch_request_status`, {
				query: { handle },
				key: OTHER_API_KEY,
			}),
			404,
			803,
		);
		expectError(
			await s.api('GET', `/${OTHER_CATALOG_ID}/check_batch_request_status`, {
				query: { handle },
				key: OTHER_API_KEY,
			}),
			404,
			803,
		);
	});

	it("answers another key's catalog as not found and changes nothing", async () => {
		const s = sandbox.current;
		expectError(
			await batch(s, [{ method: 'DELETE', retailer_id: 'SKU-00001' }], OTHER_CATALOG_ID),
			404,
			803,
		);
		expectError(
			await batch(s, [{ method: 'DELETE', retailer_id: 'SKU-00001' }], s.catalogId, OTHER_API_KEY),
			404,
			803,
		);
		expectError(
			await batch(s, [{ method: 'DELETE', retailer_id: 'SKU-00001' }], '999999999'),
			404,
			803,
		);
		await s.advance(BATCH_DELAY_MS);
		assert.deepEqual(await retailerIds(s), ids(SEEDED));
		const other = await list(s, { limit: 10 }, OTHER_CATALOG_ID, OTHER_API_KEY);
		assert.equal(other.body.data.length, 3);
	});
});

describe('the demo product sheet (control API, for the catalog-sync example)', () => {
	it('exports the seeded products as CSV with decimal prices and quoted cells', async () => {
		const s = sandbox.current;
		const sheet = await s.control('GET', '/demo/products.csv?rows=3');
		assert.match(sheet.headers.get('content-type') ?? '', /^text\/csv/);
		const lines = sheet.text.trimEnd().split('\r\n');
		assert.equal(lines.length, 4);
		assert.equal(
			lines[0],
			'sku,name,description,price,currency,availability,brand,category,image_url,url',
		);
		// the description holds a comma, so it is quoted; the price is the seeded minor units / 100
		const [first] = generatedProducts(1);
		assert.equal(
			lines[1],
			`SKU-00001,${first.name},"${first.description}",${(first.price / 100).toFixed(2)},USD,in stock,Acme Coffee Roasters,Coffee,${first.image_url},${first.url}`,
		);
		assert.match(first.description ?? '', /,/);
		const big = await fetch(`${s.running.controlUrl}/demo/products.csv?rows=100001`);
		assert.equal(big.status, 400);
	});
});
