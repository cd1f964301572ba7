import { NodeOperationError } from 'n8n-workflow';
import { expectFailure, useTestBed } from './harness';

const bed = useTestBed();

const catalog = () => ({ __rl: true, mode: 'id', value: bed.sandbox.catalogId });
const getMany = (extra: Record<string, unknown> = {}) => ({
	resource: 'product',
	operation: 'getMany',
	catalogId: catalog(),
	...extra,
});
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const listed = () => bed.sandbox.state.store.catalogs.get(bed.sandbox.catalogId)!.products;

describe('Product › Get Many', () => {
	it('returns up to the limit in one request, one item per product', async () => {
		const [output] = await bed.harness().execute({ parameters: getMany() });
		expect(output).toHaveLength(50);
		expect(output[0].json).toEqual({
			id: expect.any(String),
			retailer_id: 'SKU-00001',
			name: expect.any(String),
			price: expect.stringMatching(/^\$\d+\.\d\d$/),
			availability: 'in stock',
			image_url: expect.stringMatching(/^https:/),
		});
		expect(bed.requests().map((r) => query(r.url).limit)).toEqual(['50']);
	});

	it('pages with the cursor to the end (Return All), and stops exactly at a limit', async () => {
		const [all] = await bed
			.harness()
			.execute({ parameters: getMany({ returnAll: true, options: { pageSize: 20 } }) });
		expect(all.map((o) => o.json.retailer_id)).toEqual(listed().map((p) => p.retailer_id));
		expect(bed.requests()).toHaveLength(3);
		bed.sandbox.state.log.clear();
		const [some] = await bed
			.harness()
			.execute({ parameters: getMany({ limit: 30, options: { pageSize: 20 } }) });
		expect(some).toHaveLength(30);
		expect(bed.requests().map((r) => query(r.url).limit)).toEqual(['20', '10']);
	});

	it('sends fields as a JSON list, conditions and a raw filter as one filter, and adds the total count', async () => {
		const [output] = await bed.harness().execute({
			parameters: getMany({
				returnAll: true,
				conditions: { condition: [{ field: 'name', operator: 'i_contains', value: 'kenya' }] },
				options: {
					fields: ['name', 'brand'],
					filterJson: '{"availability":{"eq":"in stock"}}',
					summary: true,
				},
			}),
		});
		const sent = query(bed.requests()[0].url);
		// The ID always comes: asked for, since a server may return only what is asked.
		expect(JSON.parse(sent.fields)).toEqual(['id', 'name', 'brand']);
		expect(JSON.parse(sent.filter)).toEqual({
			and: [{ name: { i_contains: 'kenya' } }, { availability: { eq: 'in stock' } }],
		});
		expect(sent.summary).toBe('true');
		const expected = listed().filter(
			(p) => p.name.toLowerCase().includes('kenya') && p.availability === 'in stock',
		);
		expect(output.map((o) => o.json.name)).toEqual(expected.map((p) => p.name));
		expect(
			output.every(
				(o) =>
					o.json.totalCount === expected.length &&
					Object.keys(o.json).sort().join() === 'brand,id,name,totalCount',
			),
		).toBe(true);
	});

	it('refuses a filter that is not a JSON object before sending', async () => {
		for (const filterJson of ['{"name":', '[1]']) {
			const error = await expectFailure(
				bed.harness().execute({ parameters: getMany({ options: { filterJson } }) }),
			);
			expect(error.message).toContain('Filter (JSON)');
		}
		expect(bed.requests()).toHaveLength(0);
	});

	it("surfaces the API's refusal of an unknown operator, naming the field", async () => {
		const error = await expectFailure(
			bed
				.harness()
				.execute({ parameters: getMany({ options: { filterJson: '{"name":{"like":"x"}}' } }) }),
		);
		expect(error.message).toContain('filter.name.like');
		expect(error.httpCode).toBe('400');
	});
});

describe('Product › Batch', () => {
	const items = (count: number, start = 1) =>
		Array.from({ length: count }, (_, i) => ({
			json: { sku: `NEW-${start + i}`, title: `Mug ${start + i}`, price: 12.5 },
		}));
	const batch = (extra: Record<string, unknown> = {}) => ({
		resource: 'product',
		operation: 'batch',
		catalogId: catalog(),
		method: 'CREATE',
		retailerId: '={{ $json.sku }}',
		product: { name: '={{ $json.title }}', price: '={{ $json.price }}', currency: 'USD' },
		...extra,
	});

	it('sends 2,500 items as 3 requests, each item paired, applied in the background', async () => {
		const [output] = await bed.harness().execute({ items: items(2500), parameters: batch() });
		expect(output.map((o) => o.json.productCount)).toEqual([1000, 1000, 500]);
		expect(
			output.every(
				(o) => Array.isArray(o.json.handles) && (o.json.handles as string[]).length === 1,
			),
		).toBe(true);
		expect((output[2].json.retailerIds as string[])[0]).toBe('NEW-2001');
		expect((output[0].pairedItem as Array<{ item: number }>).length).toBe(1000);
		expect((output[2].pairedItem as Array<{ item: number }>)[499]).toEqual({ item: 2499 });
		const sent = bed.requests();
		expect(sent).toHaveLength(3);
		// (the request log keeps the first 64 KiB of a body)
		const body = sent[0].body!;
		const firstEntry = JSON.parse(body.slice('{"requests":['.length, body.indexOf('}},') + 2));
		expect(firstEntry).toEqual({
			method: 'CREATE',
			retailer_id: 'NEW-1',
			data: { name: 'Mug 1', price: 1250, currency: 'USD' },
		});
		// The listing lags until the batches are applied
		expect(listed()).toHaveLength(50);
		bed.sandbox.state.advanceClock(bed.sandbox.state.config.batchDelayMs);
		expect(listed()).toHaveLength(2550);
	});

	it('takes the batch size, and UPDATE and DELETE entries', async () => {
		const update = await bed.harness().execute({
			items: [{ json: { sku: 'SKU-00001' } }, { json: { sku: 'SKU-00002' } }],
			parameters: batch({
				method: 'UPDATE',
				product: { availability: 'out of stock' },
				batchSize: 1,
			}),
		});
		expect(update[0]).toHaveLength(2);
		await bed.harness().execute({
			items: [{ json: { sku: 'SKU-00003' } }],
			parameters: batch({ method: 'DELETE' }),
		});
		expect(JSON.parse(bed.requests()[2].body!)).toEqual({
			requests: [{ method: 'DELETE', retailer_id: 'SKU-00003' }],
		});
		bed.sandbox.state.advanceClock(bed.sandbox.state.config.batchDelayMs);
		const products = listed();
		expect(products.find((p) => p.retailer_id === 'SKU-00001')?.availability).toBe('out of stock');
		expect(products.find((p) => p.retailer_id === 'SKU-00003')).toBeUndefined();
	});

	it('converts prices exactly in each currency', async () => {
		await bed.harness().execute({
			items: [
				{ json: { sku: 'A', title: 'A', price: 19.99, cur: 'EUR' } },
				{ json: { sku: 'B', title: 'B', price: 1500, cur: 'JPY' } },
			],
			parameters: batch({
				product: {
					name: '={{ $json.title }}',
					price: '={{ $json.price }}',
					currency: '={{ $json.cur }}',
				},
			}),
		});
		expect(
			JSON.parse(bed.requests()[0].body!).requests.map(
				(r: { data: { price: number } }) => r.data.price,
			),
		).toEqual([1999, 1500]);
	});

	it.each([
		[{ retailerId: '' }, 'Retailer ID is required'],
		[{ product: { price: 5, currency: 'USD' } }, 'Product › Name is required to create a product'],
		[
			{ product: { name: '   ', price: 5, currency: 'USD' } },
			'Product › Name is required to create a product',
		],
		[
			{ product: { name: 'x', price: 1.999, currency: 'USD' } },
			'Product › Price 1.999 has more decimal places than USD allows (2)',
		],
		[
			{ product: { name: 'x', price: 2, currency: 'dollars' } },
			'Currency "dollars" is not a three-letter ISO 4217 code',
		],
		[
			{ product: { name: 'x', price: 2, currency: 'USD', image_url: 'ftp://x' } },
			'Image URL must be an http(s) URL',
		],
		[{ method: 'UPDATE', product: {} }, 'give at least one field to update'],
		[{ method: 'RENAME' }, 'Method must be CREATE, UPDATE or DELETE'],
	])('refuses %p before sending anything', async (extra, message) => {
		const error = await expectFailure(
			bed.harness().execute({ items: items(3), parameters: batch(extra) }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toHaveLength(0);
	});

	it('From Input Items: reads each item’s fields under the API’s names, no expression per field', async () => {
		const [output] = await bed.harness().execute({
			items: [
				{
					json: {
						retailer_id: 'IN-1',
						name: 'Mug 1',
						price: '12.50',
						currency: 'EUR',
						availability: 'in stock',
						image_url: 'https://shop.example.com/i/1.jpg',
						row_number: 2,
						sku: 'not read',
					},
				},
				{ json: { retailer_id: 'IN-2', name: 'Mug 2', price: 8, currency: 'JPY' } },
			],
			parameters: batch({ productFrom: 'input', retailerId: '={{ $json.missing }}' }),
		});
		expect(output[0].json.retailerIds).toEqual(['IN-1', 'IN-2']);
		expect(JSON.parse(bed.requests()[0].body!)).toEqual({
			requests: [
				{
					method: 'CREATE',
					retailer_id: 'IN-1',
					data: {
						name: 'Mug 1',
						price: 1250,
						currency: 'EUR',
						availability: 'in stock',
						image_url: 'https://shop.example.com/i/1.jpg',
					},
				},
				{
					method: 'CREATE',
					retailer_id: 'IN-2',
					data: { name: 'Mug 2', price: 8, currency: 'JPY' },
				},
			],
		});
	});

	it.each([
		[{ name: 'x', price: 2, currency: 'USD' }, 'The input field retailer_id is required'],
		[
			{ retailer_id: 'A', price: 2, currency: 'USD' },
			'The input field name is required to create a product',
		],
		[
			{ retailer_id: 'A', name: 'x', price: 1.999, currency: 'USD' },
			'The input field price 1.999 has more decimal places than USD allows (2)',
		],
		[
			{ retailer_id: 'A', name: 'x', price: 2 },
			'The input field currency is required with a price',
		],
		[
			{ retailer_id: 'A', name: 'x', price: 2, currency: 'USD', url: 'shop.example.com' },
			'The input field url must be an http(s) URL',
		],
		[{ retailer_id: { id: 1 } }, 'The input field retailer_id must be text, not an object'],
	])(
		'From Input Items refuses %p naming the input field, before sending anything',
		async (json, message) => {
			const error = await expectFailure(
				bed.harness().execute({ items: [{ json }], parameters: batch({ productFrom: 'input' }) }),
			);
			expect(error.message).toContain(message);
			expect(bed.requests()).toHaveLength(0);
		},
	);

	it('From Input Items: an Update needs one of the product fields', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				items: [{ json: { retailer_id: 'SKU-00001', stock: 3 } }],
				parameters: batch({ productFrom: 'input', method: 'UPDATE' }),
			}),
		);
		expect(error.message).toContain('The input item has none of the product fields to update');
	});

	it('with Continue On Fail, sends the valid items and reports the invalid one', async () => {
		const [output] = await bed.harness().execute({
			continueOnFail: true,
			items: [
				{ json: { sku: 'OK-1', title: 'Ok' } },
				{ json: { sku: '', title: 'No SKU' } },
				{ json: { sku: 'OK-2', title: 'Ok' } },
			],
			parameters: batch({ product: { name: '={{ $json.title }}', price: 3, currency: 'USD' } }),
		});
		expect(output[0]).toEqual({
			json: { error: expect.stringContaining('Retailer ID is required') },
			pairedItem: { item: 1 },
		});
		expect(output[1].json.retailerIds).toEqual(['OK-1', 'OK-2']);
		expect(output[1].pairedItem).toEqual([{ item: 0 }, { item: 2 }]);
	});
});
