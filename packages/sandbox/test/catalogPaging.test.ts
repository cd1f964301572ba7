import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generatedProducts } from '../src/seed';
import { expectError, OTHER_API_KEY, useSandbox } from './helpers';
import type { Page, TemplateView } from './types';
import {
	OTHER_CATALOG_ID,
	SEEDED,
	ids,
	expectInvalid,
	list,
	listOk,
	expected,
	allPages,
} from './catalogSupport';

const sandbox = useSandbox();

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
