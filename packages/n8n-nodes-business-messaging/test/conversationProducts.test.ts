import { NodeApiError, NodeOperationError, type IDataObject } from 'n8n-workflow';
import {
	chatSend,
	customerSends,
	customerWrites,
	CUSTOMER,
	rl,
	sentBodies,
	triggerItemOf,
} from './conversationSupport';
import { expectFailure, useTestBed } from './harness';
import { deliver, messagesDelivery } from './triggerHarness';

/**
 * Shopping in the chat: Send Product, Send Product List and Send Catalog against the sandbox
 * (what each sends and outputs, what it refuses before any request), the product search, and
 * the customer's order and product question through the trigger.
 */
const bed = useTestBed();

const sku = (n: number) => `SKU-${String(n).padStart(5, '0')}`;
const catalog = () => rl(bed.sandbox.catalogId, 'id');
/** A section of the form: its title and its products, each picked from the list. */
const section = (title: string, ...numbers: number[]) => ({
	title,
	products: { product: numbers.map((n) => ({ product: rl(sku(n)) })) },
});
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

const sendProduct = (extra: Record<string, unknown> = {}) =>
	chatSend(bed, 'sendProduct', {
		catalogId: catalog(),
		productRetailerId: rl(sku(1)),
		...extra,
	});
const sendProductList = (extra: Record<string, unknown> = {}) =>
	chatSend(bed, 'sendProductList', {
		catalogId: catalog(),
		headerText: 'Our roasts',
		bodyText: 'Picked for you this week',
		productSections: { section: [section('Whole beans', 1, 2), section('Ground', 3)] },
		...extra,
	});
const sendCatalog = (extra: Record<string, unknown> = {}) =>
	chatSend(bed, 'sendCatalog', { bodyText: 'Browse our coffees', ...extra });

async function refusedBeforeSending(parameters: ReturnType<typeof chatSend>, message: string) {
	const error = await expectFailure(bed.harness().execute({ parameters }));
	expect(error).toBeInstanceOf(NodeOperationError);
	expect(error.message).toContain(message);
	expect(bed.requests()).toEqual([]);
}

describe('Message › Send Product', () => {
	it('sends one product of the catalog, with text and footer or without, and outputs it', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({
			parameters: sendProduct({ bodyText: 'Back in stock', footer: 'Acme Coffee' }),
		});
		await bed.harness().execute({
			parameters: sendProduct({ productRetailerId: rl(` ${sku(2)} `, 'id') }),
		});
		expect(output[0].json).toMatchObject({
			type: 'interactive',
			recipient: CUSTOMER,
			catalogId: bed.sandbox.catalogId,
			productRetailerId: sku(1),
			messageId: expect.stringMatching(/^wamid\./),
		});
		expect(sentBodies(bed).map((b) => b.interactive)).toEqual([
			{
				type: 'product',
				body: { text: 'Back in stock' },
				footer: { text: 'Acme Coffee' },
				action: { catalog_id: bed.sandbox.catalogId, product_retailer_id: sku(1) },
			},
			{
				type: 'product',
				action: { catalog_id: bed.sandbox.catalogId, product_retailer_id: sku(2) },
			},
		]);
	});

	it.each([
		['no product', { productRetailerId: rl('') }, 'Product is empty'],
		['no catalog', { catalogId: rl('', 'id') }, 'Catalog is empty'],
		[
			'a text of 1025 characters',
			{ bodyText: 'b'.repeat(1025) },
			'Text has 1025 characters; it may have at most 1024',
		],
		[
			'a footer of 61 characters',
			{ footer: 'f'.repeat(61) },
			'Footer has 61 characters; it may have at most 60',
		],
	])('refuses %s before any request, naming the field', async (_case, extra, message) => {
		await refusedBeforeSending(sendProduct(extra), message);
	});

	it('passes on the platform’s refusal of a product the catalog does not have', async () => {
		await customerWrites(bed);
		const error = await expectFailure(
			bed.harness().execute({ parameters: sendProduct({ productRetailerId: rl('SKU-99999') }) }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(`${error.message} ${String(error.description)}`).toContain(
			`product SKU-99999 is not in catalog ${bed.sandbox.catalogId}`,
		);
	});
});

describe('Message › Send Product List', () => {
	it('sends the header, text, footer and sections of products, and outputs the products', async () => {
		await customerWrites(bed);
		const [output] = await bed
			.harness()
			.execute({ parameters: sendProductList({ footer: 'Acme Coffee' }) });
		expect(output[0].json).toMatchObject({
			type: 'interactive',
			catalogId: bed.sandbox.catalogId,
			productRetailerIds: [sku(1), sku(2), sku(3)],
		});
		expect(sentBodies(bed)[0].interactive).toEqual({
			type: 'product_list',
			header: { type: 'text', text: 'Our roasts' },
			body: { text: 'Picked for you this week' },
			footer: { text: 'Acme Coffee' },
			action: {
				catalog_id: bed.sandbox.catalogId,
				sections: [
					{
						title: 'Whole beans',
						product_items: [{ product_retailer_id: sku(1) }, { product_retailer_id: sku(2) }],
					},
					{ title: 'Ground', product_items: [{ product_retailer_id: sku(3) }] },
				],
			},
		});
	});

	it('takes the sections as JSON (retailer IDs or objects), 30 products in one untitled section', async () => {
		await customerWrites(bed);
		await bed.harness().execute({
			parameters: sendProductList({
				sectionsInput: 'json',
				sectionsJson: JSON.stringify([{ products: range(1, 30).map(sku) }]),
			}),
		});
		await bed.harness().execute({
			parameters: sendProductList({
				sectionsInput: 'json',
				sectionsJson: `={{ [{ title: "Beans", products: [{ product_retailer_id: "${sku(4)}" }] }] }}`,
			}),
		});
		const [thirty, fromExpression] = sentBodies(bed).map(
			(b) => (b.interactive as IDataObject).action as IDataObject,
		);
		expect(thirty.sections).toEqual([
			{ product_items: range(1, 30).map((n) => ({ product_retailer_id: sku(n) })) },
		]);
		expect(fromExpression.sections).toEqual([
			{ title: 'Beans', product_items: [{ product_retailer_id: sku(4) }] },
		]);
	});

	const elevenSections = range(1, 11).map((n) => section(`S${n}`, n));
	it.each([
		[
			'a 31st product',
			{
				productSections: {
					section: [section('A', ...range(1, 20)), section('B', ...range(21, 11))],
				},
			},
			'Sections › Section 2 › Products: at most 30 products in all sections (this is the 31st)',
		],
		[
			'a 31st product given as JSON',
			{
				sectionsInput: 'json',
				sectionsJson: JSON.stringify([{ products: range(1, 31).map(sku) }]),
			},
			'Sections (JSON) › Section 1 › Products: at most 30 products in all sections (this is the 31st)',
		],
		[
			'an 11th section',
			{ productSections: { section: elevenSections } },
			'Sections: at most 10 sections; this message has 11',
		],
		['no section', { productSections: {} }, 'Sections is empty: add 1 to 10 sections'],
		[
			'a section without products',
			{ productSections: { section: [{ title: 'A', products: {} }] } },
			'Sections › Section 1 › Products is empty',
		],
		[
			'a section title of 25 characters',
			{ productSections: { section: [section('t'.repeat(25), 1)] } },
			'Sections › Section 1 › Title has 25 characters; it may have at most 24',
		],
		[
			'a second section without a title',
			{ productSections: { section: [section('A', 1), section('', 2)] } },
			'Sections › Section 2 › Title is empty: when the message has more than one section',
		],
		[
			'a product left empty',
			{
				productSections: {
					section: [section('A', 1), { title: 'B', products: { product: [{ product: rl('') }] } }],
				},
			},
			'Sections › Section 2 › Products › Product 1 is empty',
		],
		['no header', { headerText: '' }, 'Header Text is empty'],
		[
			'a header of 61 characters',
			{ headerText: 'h'.repeat(61) },
			'Header Text has 61 characters; it may have at most 60',
		],
		['no text', { bodyText: ' ' }, 'Text is empty'],
		[
			'a text of 1025 characters',
			{ bodyText: 'b'.repeat(1025) },
			'Text has 1025 characters; it may have at most 1024',
		],
		[
			'a footer of 61 characters',
			{ footer: 'f'.repeat(61) },
			'Footer has 61 characters; it may have at most 60',
		],
		[
			'JSON that is not JSON',
			{ sectionsInput: 'json', sectionsJson: '[{title:' },
			'Sections (JSON) is not valid JSON',
		],
		[
			'JSON whose products are not a list',
			{ sectionsInput: 'json', sectionsJson: '[{"title":"A","products":"SKU-00001"}]' },
			'Sections (JSON) › Section 1 › Products must be an array of retailer IDs',
		],
	])('refuses %s before any request, naming the field', async (_case, extra, message) => {
		await refusedBeforeSending(sendProductList(extra), message);
	});
});

describe('Message › Send Catalog', () => {
	it('sends the connected catalog behind its button, with a thumbnail product or without', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({
			parameters: sendCatalog({ footer: 'Acme Coffee', thumbnailProduct: rl(sku(7)) }),
		});
		await bed.harness().execute({ parameters: sendCatalog() });
		expect(output[0].json).toMatchObject({
			type: 'interactive',
			thumbnailProductRetailerId: sku(7),
		});
		expect(sentBodies(bed).map((b) => b.interactive)).toEqual([
			{
				type: 'catalog_message',
				body: { text: 'Browse our coffees' },
				footer: { text: 'Acme Coffee' },
				action: {
					name: 'catalog_message',
					parameters: { thumbnail_product_retailer_id: sku(7) },
				},
			},
			{
				type: 'catalog_message',
				body: { text: 'Browse our coffees' },
				action: { name: 'catalog_message' },
			},
		]);
	});

	it.each([
		['no text', { bodyText: '' }, 'Text is empty'],
		[
			'a text of 1025 characters',
			{ bodyText: 'b'.repeat(1025) },
			'Text has 1025 characters; it may have at most 1024',
		],
		[
			'a footer of 61 characters',
			{ footer: 'f'.repeat(61) },
			'Footer has 61 characters; it may have at most 60',
		],
	])('refuses %s before any request, naming the field', async (_case, extra, message) => {
		await refusedBeforeSending(sendCatalog(extra), message);
	});
});

describe('the Catalog and Thumbnail Product pickers', () => {
	it('lists the catalog connected to the sender’s business account, by name, valued by ID', async () => {
		const { results } = await bed.harness().listSearch('searchCatalogs', sendProduct());
		const connected = bed.sandbox.state.store.catalogs.get(bed.sandbox.catalogId)!;
		expect(results).toEqual([{ name: `${connected.name} (${connected.id})`, value: connected.id }]);
		expect(bed.requests().at(-1)!.url).toMatch(
			new RegExp(`/${bed.sandbox.businessAccountId}/product_catalogs\\?fields=id%2Cname$`),
		);
		const none = await bed.harness().listSearch('searchCatalogs', sendProduct(), 'no such catalog');
		expect(none.results).toEqual([]);
	});

	it('Send Catalog’s Thumbnail Product lists the connected catalog’s products, SKU first', async () => {
		const { results } = await bed
			.harness()
			.listSearch('searchConnectedCatalogProducts', sendCatalog(), 'sku-00007');
		expect(results.map((r) => r.value)).toEqual([sku(7)]);
		expect(results[0].name.startsWith(`${sku(7)} · `)).toBe(true);
	});

	it('a Thumbnail Product typed before the picker (a workflow saved as text) is still sent', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({
			parameters: sendCatalog({ thumbnailProduct: sku(3) }),
		});
		expect(output[0].json).toMatchObject({ thumbnailProductRetailerId: sku(3) });
	});
});

describe('the product search (searchProducts)', () => {
	const search = (parameters: ReturnType<typeof chatSend>, filter?: string, token?: string) =>
		bed.harness().listSearch('searchProducts', parameters, filter, token);

	it('lists the Catalog’s products a page at a time, valued by retailer ID', async () => {
		const form = sendProduct();
		const pages = [await search(form)];
		while (pages.at(-1)!.paginationToken)
			pages.push(await search(form, undefined, pages.at(-1)!.paginationToken));
		expect(pages.map((p) => p.results.length)).toEqual([20, 20, 10]);
		// The retailer ID first: the editor cuts a long entry, and the SKU tells sizes apart.
		const first = bed.sandbox.state.store.catalogs.get(bed.sandbox.catalogId)!.products[0];
		expect(pages[0].results[0]).toEqual({ name: `${sku(1)} · ${first.name}`, value: sku(1) });
		const products = [...bed.sandbox.state.store.catalogs.get(bed.sandbox.catalogId)!.products];
		expect(pages.flatMap((p) => p.results.map((r) => r.value))).toEqual(
			products.map((p) => p.retailer_id),
		);
	});

	it('finds by part of the retailer ID or of the name, through the API’s filter', async () => {
		const form = sendProduct();
		const byId = await search(form, 'sku-0004');
		expect(byId.results.map((r) => r.value)).toEqual(range(40, 10).map(sku));
		const name = bed.sandbox.state.store.catalogs.get(bed.sandbox.catalogId)!.products[4].name;
		const byName = await search(form, name.toUpperCase());
		expect(byName.results.map((r) => r.value)).toContain(sku(5));
		const url = bed.requests().at(-1)!.url;
		expect(JSON.parse(new URL(url, 'http://x').searchParams.get('filter')!)).toEqual({
			or: [
				{ retailer_id: { i_contains: name.toUpperCase() } },
				{ name: { i_contains: name.toUpperCase() } },
			],
		});
	});

	it('serves the Products inside Send Product List’s Sections: the Catalog is read from the form’s top', async () => {
		const { results } = await search(
			sendProductList({ productSections: { section: [] } }),
			'SKU-00001',
		);
		expect(results.map((r) => r.value)).toEqual([sku(1)]);
	});

	it('asks for the Catalog first when the form has none, or has it as an expression', async () => {
		const error = await expectFailure(search(sendProduct({ catalogId: rl('', 'id') })));
		expect(error.message).toContain('Choose the Catalog first');
		expect(bed.requests()).toEqual([]);
		const expression = await expectFailure(
			search(sendProduct({ catalogId: rl('={{ $json.catalog }}', 'id') })),
		);
		expect(expression.message).toContain('give the product’s Retailer ID instead');
		expect(bed.requests()).toEqual([]);
	});
});

describe('the customer’s cart and product questions, through the trigger', () => {
	it('an order from a sent product list: its items, its total, the message it answers', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({ parameters: sendProductList() });
		const listId = String(output[0].json.messageId);
		const item = await triggerItemOf(bed, () =>
			customerSends(bed, {
				type: 'order',
				reply_to: listId,
				text: 'For the office',
				items: [
					{ product_retailer_id: sku(1), quantity: 3 },
					{ product_retailer_id: sku(2), quantity: 1 },
				],
			}),
		);
		const price = (n: number) =>
			bed.sandbox.state.store.catalogs.get(bed.sandbox.catalogId)!.byRetailerId.get(sku(n))!.price;
		expect(item).toMatchObject({
			messageType: 'order',
			replyTo: listId,
			order: {
				catalogId: bed.sandbox.catalogId,
				text: 'For the office',
				items: [
					{ productRetailerId: sku(1), quantity: 3, itemPrice: price(1) / 100, currency: 'USD' },
					{ productRetailerId: sku(2), quantity: 1, itemPrice: price(2) / 100, currency: 'USD' },
				],
				totals: [
					{
						currency: 'USD',
						amount: (price(1) * 3 + price(2)) / 100,
						amountText: ((price(1) * 3 + price(2)) / 100).toFixed(2),
					},
				],
			},
		});
	});

	it('a question asked from a product: referredProduct with its catalog and retailer ID', async () => {
		const item = await triggerItemOf(bed, () =>
			customerSends(bed, {
				text: 'Is this one decaf?',
				referred_product: { catalog_id: bed.sandbox.catalogId, product_retailer_id: sku(3) },
			}),
		);
		expect(item).toMatchObject({
			messageType: 'text',
			text: 'Is this one decaf?',
			referredProduct: { catalogId: bed.sandbox.catalogId, productRetailerId: sku(3) },
		});
	});
});

describe('an order’s totals (order.totals)', () => {
	const orderDelivery = (items: IDataObject[]) =>
		messagesDelivery({
			metadata: { phone_number_id: 'pn-1' },
			messages: [
				{
					from: CUSTOMER,
					id: 'wamid.order',
					timestamp: '1764000000',
					type: 'order',
					order: { catalog_id: 'c-1', product_items: items },
				},
			],
		});
	/** The order as the trigger gives it; `raw` the delivery's text when it says more than JSON. */
	const orderOf = async (items: IDataObject[], raw?: string) => {
		const { items: out } = await deliver(orderDelivery(items), undefined, raw);
		return out[0].order as IDataObject;
	};
	const line = (price: number | string, quantity: number | string, currency?: string) => ({
		product_retailer_id: 'p',
		item_price: price,
		quantity,
		...(currency ? { currency } : {}),
	});
	/** The delivery's text with each `"@n"` placeholder replaced by the bare number `n`. */
	const rawWith = (items: IDataObject[]) =>
		JSON.stringify(orderDelivery(items)).replace(/"@([0-9.]+)"/g, '$1');

	it('sums each currency exactly, in the order the items name them (no floating-point drift)', async () => {
		const order = await orderOf([
			line(0.1, 1, 'USD'),
			line(19.99, 3, 'EUR'),
			line(0.2, 1, 'USD'),
			line(1500, 2, 'JPY'),
			line('0.005', '7', 'KWD'),
			line(0.7, 3, 'USD'),
		]);
		// As floats, 0.1 + 0.2 + 0.7 * 3 is 2.3999999999999995.
		expect(order.totals).toEqual([
			{ currency: 'USD', amount: 2.4, amountText: '2.4' },
			{ currency: 'EUR', amount: 59.97, amountText: '59.97' },
			{ currency: 'JPY', amount: 3000, amountText: '3000' },
			{ currency: 'KWD', amount: 0.035, amountText: '0.035' },
		]);
	});

	it('sums exactly past what a number holds, from the delivery’s own text, and flags the number as rounded', async () => {
		// As JSON numbers: JSON.parse has rounded them before the trigger reads the body.
		const items = [
			line('@100000000000000000000', '@1', 'JPY'),
			line('@1', '@1', 'JPY'),
			line('@0.1000000000000000000001', '@1', 'BRL'),
			line('@12.5', '@100000000000000000000', 'USD'),
		];
		const raw = rawWith(items);
		const order = await orderOf(
			JSON.parse(raw).entry[0].changes[0].value.messages[0].order.product_items,
			raw,
		);
		expect(order.totals).toEqual([
			{ currency: 'JPY', amount: 1e20, amountText: '100000000000000000001', amountRounded: true },
			{ currency: 'BRL', amount: 0.1, amountText: '0.1000000000000000000001', amountRounded: true },
			// Exact as a number too: 1.25e21 is a double.
			{ currency: 'USD', amount: 1.25e21, amountText: '1250000000000000000000.0' },
		]);
	});

	it('an order of 10,000 items is summed exactly', async () => {
		const items = Array.from({ length: 10_000 }, (_, i) =>
			line(`@${(i % 100) + 0.01}`, `@${(i % 7) + 1}`, 'USD'),
		);
		const raw = rawWith(items);
		const order = await orderOf(
			JSON.parse(raw).entry[0].changes[0].value.messages[0].order.product_items,
			raw,
		);
		// The same sum in whole cents, as BigInt.
		let cents = BigInt(0);
		for (let i = 0; i < 10_000; i++) cents += BigInt((i % 100) * 100 + 1) * BigInt((i % 7) + 1);
		const text = `${cents / BigInt(100)}.${String(cents % BigInt(100)).padStart(2, '0')}`;
		expect(order.totals).toEqual([{ currency: 'USD', amount: Number(text), amountText: text }]);
	});

	it('gives no total for a currency with a price or quantity that is not a number; an item without currency is in none', async () => {
		const order = await orderOf([
			line(5, 1, 'USD'),
			line('unitary-price-of-item', 1, 'GBP'),
			line(2, 1, 'GBP'),
			line(3, 'two', 'EUR'),
			line(4, 1),
		]);
		expect(order.totals).toEqual([{ currency: 'USD', amount: 5, amountText: '5' }]);
		expect(await orderOf([line('x', 1, 'USD')])).not.toHaveProperty('totals');
	});
});
