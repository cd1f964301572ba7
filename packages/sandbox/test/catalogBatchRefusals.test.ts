import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError, OTHER_API_KEY, useSandbox } from './helpers';
import {
	OTHER_CATALOG_ID,
	BATCH_DELAY_MS,
	SEEDED,
	ids,
	expectInvalid,
	list,
	listOk,
	batch,
	batchOk,
	retailerIds,
} from './catalogSupport';

const sandbox = useSandbox();

describe('catalog batch: refusals and status', () => {
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
