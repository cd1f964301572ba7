import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoSeed } from '../src/demoSeed';
import { useSandbox, type TestSandbox } from './helpers';
import {
	customerWrites,
	expectBadValue,
	expectRecorded,
	expectUnknownField,
	message,
} from './conversationSupport';

/** The product messages of the Cloud API (interactive product, product_list, catalog_message). */

const sandbox = useSandbox();

type Json = Record<string, unknown>;

/** The demo key's catalog (its first: the connected one), SKU-00001 to SKU-00050. */
const CATALOG = '215347871556718';
/** The other key's catalog: this key may not use it. */
const OTHER_KEY_CATALOG = '215347871556999';
const sku = (n: number) => `SKU-${String(n).padStart(5, '0')}`;

function product(change: (i: Json) => void = () => {}): Json {
	const interactive: Json = {
		type: 'product',
		body: { text: 'b'.repeat(1024) },
		footer: { text: 'f'.repeat(60) },
		action: { catalog_id: CATALOG, product_retailer_id: sku(1) },
	};
	change(interactive);
	return interactive;
}

const items = (count: number, from = 1) =>
	Array.from({ length: count }, (_, i) => ({ product_retailer_id: sku(from + i) }));

function productList(change: (i: Json) => void = () => {}): Json {
	const interactive: Json = {
		type: 'product_list',
		header: { type: 'text', text: 'h'.repeat(60) },
		body: { text: 'b'.repeat(1024) },
		footer: { text: 'f'.repeat(60) },
		action: {
			catalog_id: CATALOG,
			sections: [
				{ title: 'Beans'.padEnd(24, '.'), product_items: items(20) },
				{ title: 'Ground', product_items: items(10, 21) },
			],
		},
	};
	change(interactive);
	return interactive;
}

function catalogMessage(change: (i: Json) => void = () => {}): Json {
	const interactive: Json = {
		type: 'catalog_message',
		body: { text: 'b'.repeat(1024) },
		footer: { text: 'f'.repeat(60) },
		action: { name: 'catalog_message', parameters: { thumbnail_product_retailer_id: sku(7) } },
	};
	change(interactive);
	return interactive;
}

const action = (i: Json) => i.action as Json;
const sections = (i: Json) => action(i).sections as Json[];

async function refusedAll(s: TestSandbox, cases: [Json, string, string][]) {
	for (const [interactive, field, part] of cases)
		await expectBadValue(s, message('interactive', interactive), field, part);
}

describe('product messages (interactive product, product_list, catalog_message)', () => {
	it('sends each at its limits, and with only what it requires, and records it as sent', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		for (const interactive of [
			product(),
			product((i) => {
				delete i.body;
				delete i.footer;
			}),
			productList(),
			productList((i) => {
				delete i.footer;
				action(i).sections = [{ product_items: items(30) }];
			}),
			catalogMessage(),
			catalogMessage((i) => {
				delete i.footer;
				delete action(i).parameters;
			}),
		])
			assert.deepEqual(
				(await expectRecorded(s, message('interactive', interactive))).content,
				interactive,
			);
	});

	it('refuses each product limit at one past it (131009)', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const at = 'interactive.action';
		await refusedAll(s, [
			[
				product((i) => (i.header = { type: 'text', text: 'Hi' })),
				'interactive.header',
				'a product message has no header',
			],
			[
				product((i) => (i.body = { text: 'b'.repeat(1025) })),
				'interactive.body.text',
				'at most 1024 characters (got 1025)',
			],
			[
				product((i) => (i.footer = { text: 'f'.repeat(61) })),
				'interactive.footer.text',
				'at most 60 characters (got 61)',
			],
			[product((i) => delete action(i).catalog_id), `${at}.catalog_id`, 'is required'],
			[
				product((i) => (action(i).catalog_id = OTHER_KEY_CATALOG)),
				`${at}.catalog_id`,
				`catalog ${OTHER_KEY_CATALOG} is not a catalog of this business`,
			],
			[
				product((i) => (action(i).product_retailer_id = 'SKU-99999')),
				`${at}.product_retailer_id`,
				`product SKU-99999 is not in catalog ${CATALOG}`,
			],
			[
				product((i) => delete action(i).product_retailer_id),
				`${at}.product_retailer_id`,
				'is required',
			],
		]);
		await expectUnknownField(
			s,
			message(
				'interactive',
				product((i) => (action(i).sections = [])),
			),
			`${at}.sections`,
		);
	});

	it('refuses each product_list limit at one past it (131009)', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const at = 'interactive.action';
		await refusedAll(s, [
			[
				productList((i) => (sections(i)[1].product_items = items(11, 21))),
				`${at}.sections[1].product_items[10]`,
				'at most 30 products in all sections together (this is product 31)',
			],
			[
				productList((i) => (action(i).sections = [{ product_items: items(31) }])),
				`${at}.sections[0].product_items[30]`,
				'(this is product 31)',
			],
			[
				productList(
					(i) =>
						(action(i).sections = Array.from({ length: 11 }, (_, n) => ({
							title: `S${n}`,
							product_items: items(1, n + 1),
						}))),
				),
				`${at}.sections[10]`,
				'at most 10 sections (got 11)',
			],
			[productList((i) => (action(i).sections = [])), `${at}.sections`, 'at least 1'],
			[
				productList((i) => (sections(i)[0].product_items = [])),
				`${at}.sections[0].product_items`,
				'at least 1',
			],
			[
				productList((i) => (sections(i)[0].title = 't'.repeat(25))),
				`${at}.sections[0].title`,
				'at most 24 characters (got 25)',
			],
			[
				productList((i) => delete sections(i)[1].title),
				`${at}.sections[1].title`,
				'is required when the message has more than one section',
			],
			[
				productList((i) => (sections(i)[1].product_items = [{ product_retailer_id: 'nope' }])),
				`${at}.sections[1].product_items[0].product_retailer_id`,
				`product nope is not in catalog ${CATALOG}`,
			],
			[productList((i) => delete i.header), 'interactive.header', 'is required'],
			[
				productList(
					(i) => (i.header = { type: 'image', image: { link: 'https://x.example/a.png' } }),
				),
				'interactive.header.type',
				'a product_list message has a text header only',
			],
			[
				productList((i) => (i.header = { type: 'text', text: 'h'.repeat(61) })),
				'interactive.header.text',
				'at most 60 characters (got 61)',
			],
			[productList((i) => delete i.body), 'interactive.body', 'is required'],
			[
				productList((i) => (i.body = { text: 'b'.repeat(1025) })),
				'interactive.body.text',
				'at most 1024 characters (got 1025)',
			],
			[
				productList((i) => (i.footer = { text: 'f'.repeat(61) })),
				'interactive.footer.text',
				'at most 60 characters (got 61)',
			],
			[
				productList((i) => (action(i).catalog_id = '1')),
				`${at}.catalog_id`,
				'catalog 1 is not a catalog of this business',
			],
		]);
		await expectUnknownField(
			s,
			message(
				'interactive',
				productList((i) => (sections(i)[0].rows = [])),
			),
			`${at}.sections[0].rows`,
		);
	});

	it('refuses each catalog_message limit at one past it (131009)', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const at = 'interactive.action';
		await refusedAll(s, [
			[catalogMessage((i) => delete i.body), 'interactive.body', 'is required'],
			[
				catalogMessage((i) => (i.body = { text: 'b'.repeat(1025) })),
				'interactive.body.text',
				'at most 1024 characters (got 1025)',
			],
			[
				catalogMessage((i) => (i.footer = { text: 'f'.repeat(61) })),
				'interactive.footer.text',
				'at most 60 characters (got 61)',
			],
			[
				catalogMessage((i) => (i.header = { type: 'text', text: 'Hi' })),
				'interactive.header',
				'a catalog_message message has no header',
			],
			[catalogMessage((i) => (action(i).name = 'catalog')), `${at}.name`, '"catalog_message"'],
			[
				catalogMessage(
					(i) => (action(i).parameters = { thumbnail_product_retailer_id: 'SKU-99999' }),
				),
				`${at}.parameters.thumbnail_product_retailer_id`,
				`product SKU-99999 is not in catalog ${CATALOG}`,
			],
		]);
	});

	it('shows the connected catalog (the key’s first): a thumbnail of another catalog is refused, none connected refuses every catalog message', async () => {
		const s = sandbox.current;
		const seed = demoSeed();
		seed.tenants[0].catalogs = [
			{ id: '215347871550001', name: 'Connected', generateProducts: 2 },
			{
				id: '215347871550002',
				name: 'Second',
				products: [
					{
						retailer_id: 'ONLY-IN-SECOND',
						name: 'Mug',
						price: 900,
						currency: 'EUR',
						availability: 'in stock',
					},
				],
			},
		];
		await s.control('POST', '/reset', { seed, keepConfig: true });
		await customerWrites(s);
		const thumbnail = (id: string) =>
			catalogMessage((i) => (action(i).parameters = { thumbnail_product_retailer_id: id }));
		await expectRecorded(s, message('interactive', thumbnail(sku(2))));
		await expectBadValue(
			s,
			message('interactive', thumbnail('ONLY-IN-SECOND')),
			'interactive.action.parameters.thumbnail_product_retailer_id',
			'product ONLY-IN-SECOND is not in catalog 215347871550001',
		);
		// a product message may show any catalog of the key
		await expectRecorded(
			s,
			message(
				'interactive',
				product(
					(i) =>
						(i.action = { catalog_id: '215347871550002', product_retailer_id: 'ONLY-IN-SECOND' }),
				),
			),
		);

		seed.tenants[0].catalogs = [];
		await s.control('POST', '/reset', { seed, keepConfig: true });
		await customerWrites(s);
		for (const interactive of [
			catalogMessage(),
			catalogMessage((i) => delete action(i).parameters),
		])
			await expectBadValue(
				s,
				message('interactive', interactive),
				'interactive.action',
				"no catalog is connected to this number's WhatsApp Business Account",
			);
	});
});
