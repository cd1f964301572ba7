import { describe, it } from 'node:test';
import { useSandbox, type TestSandbox } from './helpers';
import { expectSent, send, templateMessage } from './msgWebhookSupport';
import { expectRefusedSend } from './messagesSupport';
import {
	acceptedComponents,
	buttons,
	PLAIN_BODY,
	QUICK,
	refusedComponents,
	setStatus,
	textHeader,
	type Component,
} from './templatesSupport';

const sandbox = useSandbox();

const MPM: Component = { type: 'MPM', text: 'View items' };
const HEADER = textHeader('Our picks for you');

describe('create a template: the multi-product (MPM) button', () => {
	it('is a Marketing button, the only one, in a template with a TEXT header', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [HEADER, PLAIN_BODY, buttons(MPM)], 'MARKETING');
		await refusedComponents(s, [HEADER, PLAIN_BODY, buttons(MPM)], 'components[2].buttons[0].type');
		await refusedComponents(
			s,
			[HEADER, PLAIN_BODY, buttons(MPM, QUICK)],
			'components[2].buttons',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[HEADER, PLAIN_BODY, buttons(MPM, MPM)],
			'components[2].buttons',
			'MARKETING',
		);
		await refusedComponents(s, [PLAIN_BODY, buttons(MPM)], 'components', 'MARKETING');
		await refusedComponents(
			s,
			[{ type: 'HEADER', format: 'LOCATION' }, PLAIN_BODY, buttons(MPM)],
			'components[0].format',
			'MARKETING',
		);
		await acceptedComponents(
			s,
			[HEADER, PLAIN_BODY, buttons({ ...MPM, text: 'x'.repeat(25) })],
			'MARKETING',
		);
		await refusedComponents(
			s,
			[HEADER, PLAIN_BODY, buttons({ ...MPM, text: 'x'.repeat(26) })],
			'components[2].buttons[0].text',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[HEADER, PLAIN_BODY, buttons({ ...MPM, url: 'https://example.com' })],
			'components[2].buttons[0].url',
			'MARKETING',
		);
	});
});

/** An approved MPM template's name. */
async function approvedMpmTemplate(s: TestSandbox): Promise<string> {
	const id = await acceptedComponents(s, [HEADER, PLAIN_BODY, buttons(MPM)], 'MARKETING');
	await setStatus(s, id, 'APPROVED');
	const listed = await s.api<{ name: string }>('GET', `/${id}`);
	return listed.body.name;
}

const sku = (n: number) => `SKU-${String(n).padStart(5, '0')}`;
const items = (from: number, count: number) =>
	Array.from({ length: count }, (_, i) => ({ product_retailer_id: sku(from + i) }));

function mpmSend(name: string, action: Record<string, unknown>) {
	return templateMessage(name, 'en_US', [
		{
			type: 'button',
			sub_type: 'mpm',
			index: '0',
			parameters: [{ type: 'action', action }],
		},
	]);
}

const ACTION = {
	thumbnail_product_retailer_id: sku(1),
	sections: [{ title: 'Beans', product_items: items(1, 2) }],
};

describe('template sends: the MPM button’s products', () => {
	it('sends sections of products of the connected catalog', async () => {
		const s = sandbox.current;
		const name = await approvedMpmTemplate(s);
		expectSent(await send(s, mpmSend(name, ACTION)));
		// 10 sections, 30 products in all, a 24-character title: at the limits.
		const full = Array.from({ length: 10 }, (_, i) => ({
			title: `${'S'.repeat(22)}${String(i).padStart(2, '0')}`,
			product_items: items(1 + 3 * i, 3),
		}));
		expectSent(await send(s, mpmSend(name, { ...ACTION, sections: full })));
	});

	it('refuses one past each limit with 131009, naming the path', async () => {
		const s = sandbox.current;
		const name = await approvedMpmTemplate(s);
		const at = 'button[0].parameters[0].action';
		const refusedAction = (action: Record<string, unknown>, path: string) =>
			expectRefusedSend(s, mpmSend(name, action), 400, 131009, path);
		const section = (i: number, count = 1) => ({
			title: `Section ${i}`,
			product_items: items(1 + i, count),
		});
		// The path names the first section past the limit, as a product list message's does.
		await refusedAction(
			{ ...ACTION, sections: Array.from({ length: 11 }, (_, i) => section(i)) },
			`${at}.sections[10]:`,
		);
		await refusedAction({ ...ACTION, sections: [] }, `${at}.sections:`);
		await refusedAction(
			{ ...ACTION, sections: [section(0, 15), section(1, 15), section(2, 1)] },
			`${at}.sections[2].product_items[0]:`,
		);
		await refusedAction(
			{ ...ACTION, sections: [{ title: 'x'.repeat(25), product_items: items(1, 1) }] },
			`${at}.sections[0].title:`,
		);
		await refusedAction(
			{ ...ACTION, sections: [{ product_items: items(1, 1) }] },
			`${at}.sections[0].title:`,
		);
		await refusedAction(
			{ ...ACTION, sections: [{ title: 'Beans', product_items: [] }] },
			`${at}.sections[0].product_items:`,
		);
		await refusedAction(
			{
				...ACTION,
				sections: [{ title: 'Beans', product_items: [{ product_retailer_id: 'NOPE-1' }] }],
			},
			`${at}.sections[0].product_items[0].product_retailer_id:`,
		);
		await refusedAction(
			{ ...ACTION, thumbnail_product_retailer_id: 'NOPE-1' },
			`${at}.thumbnail_product_retailer_id:`,
		);
		await refusedAction({ sections: ACTION.sections }, `${at}.thumbnail_product_retailer_id:`);
	});

	it('the MPM parameter is required; a wrong shape is 132000', async () => {
		const s = sandbox.current;
		const name = await approvedMpmTemplate(s);
		await expectRefusedSend(
			s,
			templateMessage(name, 'en_US', []),
			400,
			132000,
			/button\[0\]\.parameters/,
		);
		await expectRefusedSend(
			s,
			templateMessage(name, 'en_US', [
				{
					type: 'button',
					sub_type: 'catalog',
					index: '0',
					parameters: [{ type: 'action', action: ACTION }],
				},
			]),
			400,
			132000,
			'template.components[0].sub_type',
		);
		await expectRefusedSend(
			s,
			mpmSend(name, { ...ACTION, product_retailer_id: sku(1) }),
			400,
			132000,
			'button[0].parameters[0].action.product_retailer_id',
		);
	});

	it('a CATALOG thumbnail must be a product of the connected catalog', async () => {
		const s = sandbox.current;
		const catalog = (retailerId: string) =>
			templateMessage('coffee_catalog', 'en_US', [
				{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] },
				{
					type: 'button',
					sub_type: 'catalog',
					index: '0',
					parameters: [{ type: 'action', action: { thumbnail_product_retailer_id: retailerId } }],
				},
			]);
		expectSent(await send(s, catalog(sku(50))));
		await expectRefusedSend(
			s,
			catalog(sku(51)),
			400,
			131009,
			'button[0].parameters[0].action.thumbnail_product_retailer_id:',
		);
	});
});
