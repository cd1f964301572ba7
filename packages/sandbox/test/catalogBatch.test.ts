import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import {
	DEFAULT_FIELDS,
	BATCH_DELAY_MS,
	SEEDED,
	usd,
	ids,
	listOk,
	filtered,
	batchOk,
	batchStatus,
	product,
	retailerIds,
	NEW_PRODUCT,
} from './catalogSupport';

const sandbox = useSandbox();

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
});
