import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import {
	DEFAULT_FIELDS,
	ALL_FIELDS,
	SEEDED,
	usd,
	ids,
	expectInvalid,
	list,
	listOk,
	filtered,
	expected,
} from './catalogSupport';

const sandbox = useSandbox();

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
