import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { expectError, useSandbox, type TestSandbox } from './helpers';
import { customerWrites, message } from './conversationSupport';
import {
	controlRaw,
	CUSTOMER,
	DEMO_NUMBER,
	expectSent,
	messageOf,
	Receivers,
	send,
	templateMessage,
} from './msgWebhookSupport';

/** The control API's shopping customer: an order from the catalog, a question about a product. */

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

const CATALOG = '215347871556718';
const OTHER_KEY_CATALOG = '215347871556999';
const BUSINESS_NUMBER = '15550123401';
const sku = (n: number) => `SKU-${String(n).padStart(5, '0')}`;
/** The demo's generated prices (seed.ts): 1200 + (n * 137) % 2400 cents. */
const price = (n: number) => (1200 + ((n * 137) % 2400)) / 100;

async function expectRefused(
	s: TestSandbox,
	body: Record<string, unknown>,
	field: string,
	part?: string,
) {
	const error = expectError(await controlRaw(s, 'POST', '/incoming', body), 400, 100, part);
	assert.equal(error.error_data?.field, field, error.message);
}

async function sentProductList(s: TestSandbox): Promise<string> {
	await customerWrites(s);
	return expectSent(
		await send(
			s,
			message('interactive', {
				type: 'product_list',
				header: { type: 'text', text: 'Beans' },
				body: { text: 'Our picks' },
				action: {
					catalog_id: CATALOG,
					sections: [{ product_items: [{ product_retailer_id: sku(3) }] }],
				},
			}),
		),
	);
}

describe('customer orders (POST /incoming type "order")', () => {
	it('delivers the Cloud API order: items priced from the catalog, the text, the product message replied to', async () => {
		const s = sandbox.current;
		const listId = await sentProductList(s);
		const receiver = await receivers.start(s);
		const { body } = await s.control<{ message_id: string }>('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			type: 'order',
			items: [
				{ product_retailer_id: sku(3), quantity: 2 },
				{ product_retailer_id: sku(4), quantity: 99 },
			],
			text: 'Ground for a moka pot, please',
			reply_to: listId,
		});
		const received = messageOf((await receiver.waitFor(1))[0]);
		assert.equal(received.id, body.message_id);
		assert.equal(received.type, 'order');
		assert.deepEqual(received.context, { from: BUSINESS_NUMBER, id: listId });
		assert.deepEqual(received.order, {
			catalog_id: CATALOG,
			text: 'Ground for a moka pot, please',
			product_items: [
				{ product_retailer_id: sku(3), quantity: 2, item_price: price(3), currency: 'USD' },
				{ product_retailer_id: sku(4), quantity: 99, item_price: price(4), currency: 'USD' },
			],
		});
	});

	it('orders from the connected catalog when none is named, without context', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			type: 'order',
			items: [{ product_retailer_id: sku(50), quantity: 1 }],
		});
		const received = messageOf((await receiver.waitFor(1))[0]);
		assert.equal(received.context, undefined);
		assert.deepEqual(received.order, {
			catalog_id: CATALOG,
			product_items: [
				{ product_retailer_id: sku(50), quantity: 1, item_price: price(50), currency: 'USD' },
			],
		});
	});

	it('refuses unknown products, quantities below 1 or above the cart’s 99, other catalogs, replies to other messages', async () => {
		const s = sandbox.current;
		await sentProductList(s);
		const template = expectSent(await send(s, templateMessage('hello_world')));
		const base = { phone_number_id: DEMO_NUMBER, from: CUSTOMER, type: 'order' };
		const one = [{ product_retailer_id: sku(1), quantity: 1 }];
		await expectRefused(s, { ...base }, 'items', 'at least one');
		await expectRefused(s, { ...base, items: [] }, 'items', 'at least one');
		await expectRefused(
			s,
			{ ...base, items: [{ product_retailer_id: 'SKU-99999', quantity: 1 }] },
			'items[0].product_retailer_id',
			`product SKU-99999 is not in catalog ${CATALOG}`,
		);
		await expectRefused(
			s,
			{ ...base, items: [...one, { product_retailer_id: sku(2), quantity: 0 }] },
			'items[1].quantity',
			'between 1 and 99 (got 0)',
		);
		await expectRefused(
			s,
			{ ...base, items: [{ product_retailer_id: sku(2), quantity: 100 }] },
			'items[0].quantity',
			'between 1 and 99 (got 100)',
		);
		await expectRefused(
			s,
			{ ...base, items: [{ product_retailer_id: sku(2), quantity: 1.5 }] },
			'items[0].quantity',
			'integer',
		);
		await expectRefused(
			s,
			{ ...base, items: [{ product_retailer_id: sku(2), quantity: 1, price: 1 }] },
			'items[0].price',
			'known',
		);
		await expectRefused(
			s,
			{ ...base, catalog_id: OTHER_KEY_CATALOG, items: one },
			'catalog_id',
			"this number's API key",
		);
		await expectRefused(
			s,
			{ ...base, items: one, reply_to: template },
			'reply_to',
			'a product or product_list message',
		);
	});
});

describe('a product enquiry (POST /incoming referred_product)', () => {
	it('puts the Cloud API’s context.referred_product on the customer’s message, with the product message replied to', async () => {
		const s = sandbox.current;
		const listId = await sentProductList(s);
		const receiver = await receivers.start(s);
		const ask = (extra: Record<string, unknown>) =>
			s.control('POST', '/incoming', {
				phone_number_id: DEMO_NUMBER,
				from: CUSTOMER,
				text: 'Is this one decaf?',
				referred_product: { catalog_id: CATALOG, product_retailer_id: sku(3) },
				...extra,
			});
		await ask({ reply_to: listId });
		await ask({});
		const [withReply, alone] = (await receiver.waitFor(2)).map(messageOf);
		const referred = { catalog_id: CATALOG, product_retailer_id: sku(3) };
		assert.equal(withReply.type, 'text');
		assert.deepEqual(withReply.context, {
			from: BUSINESS_NUMBER,
			id: listId,
			referred_product: referred,
		});
		assert.deepEqual(alone.context, { referred_product: referred });

		const base = { phone_number_id: DEMO_NUMBER, from: CUSTOMER, text: 'Hi' };
		await expectRefused(s, { ...base, referred_product: 'SKU-00001' }, 'referred_product');
		await expectRefused(
			s,
			{ ...base, referred_product: { catalog_id: CATALOG, product_retailer_id: 'nope' } },
			'referred_product.product_retailer_id',
			`product nope is not in catalog ${CATALOG}`,
		);
		await expectRefused(
			s,
			{ ...base, referred_product: { catalog_id: OTHER_KEY_CATALOG, product_retailer_id: sku(1) } },
			'referred_product.catalog_id',
		);
		await expectRefused(
			s,
			{ ...base, referred_product: { catalog_id: CATALOG } },
			'referred_product.product_retailer_id',
		);
	});
});
