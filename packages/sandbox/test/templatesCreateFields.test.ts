import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError, useSandbox } from './helpers';
import {
	BODY,
	PLAIN_BODY,
	body,
	textHeader,
	buttons,
	QUICK,
	draft,
	fresh,
	create,
	createOk,
	refusedComponents,
	acceptedComponents,
	expectInvalid,
	getTemplate,
} from './templatesSupport';

const sandbox = useSandbox();

describe('create a template: top-level fields (4.3)', () => {
	it('answers id, status PENDING and category, and the template can be read back', async () => {
		const s = sandbox.current;
		const payload = draft('shipping_update', {
			components: [textHeader('Order {{1}}', '#1001'), BODY, { type: 'FOOTER', text: 'Acme' }],
		});
		const id = await createOk(s, payload);
		const { status, body: got } = await getTemplate(s, id);
		assert.equal(status, 200);
		assert.deepEqual(got, {
			id,
			name: 'shipping_update',
			language: 'en_US',
			status: 'PENDING',
			category: 'UTILITY',
			components: payload.components,
		});
	});

	it('accepts a name of 512 characters and refuses one of 513', async () => {
		const s = sandbox.current;
		await createOk(s, draft('a'.repeat(512)));
		expectInvalid(await create(s, draft('a'.repeat(513))), 'name');
	});

	it('accepts lowercase letters, digits and underscores only', async () => {
		const s = sandbox.current;
		await createOk(s, draft('order_2_ready'));
		await createOk(s, draft('x'));
		for (const name of [
			'Order_update',
			'ORDER',
			'order-update',
			'order update',
			'order.update',
			'pedido_atualização',
		]) {
			expectInvalid(await create(s, draft(name)), 'name');
		}
	});

	it('refuses a missing or empty name', async () => {
		const s = sandbox.current;
		expectInvalid(await create(s, draft('')), 'name');
		const { name: _omit, ...noName } = draft('unused');
		expectInvalid(await create(s, noName), 'name');
		expectInvalid(await create(s, draft('unused', { name: 42 })), 'name');
	});

	it('accepts the categories MARKETING, UTILITY and AUTHENTICATION', async () => {
		const s = sandbox.current;
		for (const category of ['MARKETING', 'UTILITY', 'AUTHENTICATION'])
			await createOk(s, draft(fresh(), { category }));
	});

	it('refuses any other category, a lowercase one and a missing one', async () => {
		const s = sandbox.current;
		for (const category of ['PROMOTIONAL', 'marketing', 'Utility', '', 7])
			expectInvalid(await create(s, draft(fresh(), { category })), 'category');
		const { category: _omit, ...noCategory } = draft(fresh());
		expectInvalid(await create(s, noCategory), 'category');
	});

	it('accepts language codes such as en, en_US, pt_BR and fil', async () => {
		const s = sandbox.current;
		for (const language of ['en', 'en_US', 'pt_BR', 'fil'])
			await createOk(s, draft('multi_language', { language }));
	});

	it('refuses malformed language codes', async () => {
		const s = sandbox.current;
		for (const language of ['en-US', 'EN', 'en_us', 'english', 'e', 'en_USA', '']) {
			expectInvalid(await create(s, draft(fresh(), { language })), 'language');
		}
		const { language: _omit, ...noLanguage } = draft(fresh());
		expectInvalid(await create(s, noLanguage), 'language');
	});

	it('refuses an unknown top-level field by name', async () => {
		const s = sandbox.current;
		expectInvalid(await create(s, draft(fresh(), { status: 'APPROVED' })), 'status');
		expectInvalid(await create(s, draft(fresh(), { footer: 'x' })), 'footer');
	});

	it('refuses a body that is not a JSON object', async () => {
		const s = sandbox.current;
		expectInvalid(
			await s.api('POST', `/${s.accountId}/message_templates`, {
				raw: 'name=x',
				contentType: 'application/x-www-form-urlencoded',
			}),
			'body',
		);
		expectInvalid(await create(s, [draft(fresh())]), 'body');
	});

	it('refuses a second template with the same name and language, but not in another language', async () => {
		const s = sandbox.current;
		await createOk(s, draft('twice'));
		expectError(await create(s, draft('twice')), 400, 2388024);
		expectError(await create(s, draft('hello_world')), 400, 2388024);
		await createOk(s, draft('twice', { language: 'de' }));
	});
});

describe('create a template: components (2.2)', () => {
	it('requires a non-empty components array', async () => {
		const s = sandbox.current;
		const { components: _omit, ...noComponents } = draft(fresh());
		expectInvalid(await create(s, noComponents), 'components');
		await refusedComponents(s, [], 'components');
		await refusedComponents(s, BODY, 'components');
		await refusedComponents(s, 'BODY', 'components');
	});

	it('requires exactly one BODY', async () => {
		const s = sandbox.current;
		await refusedComponents(s, [{ type: 'FOOTER', text: 'Acme' }], 'components');
		await refusedComponents(s, [textHeader('Hello')], 'components');
		await refusedComponents(s, [PLAIN_BODY, BODY], 'components[1].type');
	});

	it('refuses a duplicate component type', async () => {
		const s = sandbox.current;
		await refusedComponents(s, [textHeader('One'), BODY, textHeader('Two')], 'components[2].type');
		await refusedComponents(
			s,
			[BODY, { type: 'FOOTER', text: 'a' }, { type: 'FOOTER', text: 'b' }],
			'components[2].type',
		);
		await refusedComponents(s, [BODY, buttons(QUICK), buttons(QUICK)], 'components[2].type');
	});

	it('refuses an unknown or missing component type, a non-object and unknown component fields', async () => {
		const s = sandbox.current;
		await refusedComponents(s, [BODY, { type: 'CAROUSEL', cards: [] }], 'components[1].type');
		await refusedComponents(s, [BODY, { type: 'body', text: 'lowercase' }], 'components[1].type');
		await refusedComponents(s, [{ text: 'no type' }], 'components[0].type');
		await refusedComponents(s, [BODY, 'FOOTER'], 'components[1]');
		await refusedComponents(s, [{ ...PLAIN_BODY, format: 'TEXT' }], 'components[0].format');
	});

	it('accepts HEADER, BODY, FOOTER and BUTTONS together', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [
			textHeader('Order {{1}}', '#1001'),
			BODY,
			{ type: 'FOOTER', text: 'Acme Coffee Roasters' },
			buttons(
				{
					type: 'URL',
					text: 'Track',
					url: 'https://shop.example.com/o/{{1}}',
					example: ['https://shop.example.com/o/1001'],
				},
				QUICK,
			),
		]);
	});
});

describe('create a template: body text and placeholders', () => {
	it('requires body text of at most 1024 characters', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [body('b'.repeat(1024))]);
		await refusedComponents(s, [body('b'.repeat(1025))], 'components[0].text');
		await refusedComponents(s, [{ type: 'BODY' }], 'components[0].text');
		await refusedComponents(s, [body('')], 'components[0].text');
		await refusedComponents(s, [body(' \n ')], 'components[0].text');
	});

	it('accepts numbered placeholders {{1}}..{{n}} in any order, repeated', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [body('{{2}} then {{1}}', 'first', 'second')]);
		await acceptedComponents(s, [body('{{1}} and again {{1}}', 'only one')]);
		await acceptedComponents(s, [
			body(
				'{{1}} {{2}} {{3}} {{4}} {{5}} {{6}} {{7}} {{8}} {{9}} {{10}}',
				...'abcdefghij'.split(''),
			),
		]);
	});

	it('refuses named or non-numeric placeholders', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[textHeader('Hello'), body('Hi {{name}}', 'Maria')],
			'components[1].text',
		);
		await refusedComponents(s, [body('Hi {{0}}', 'Maria')], 'components[0].text');
		await refusedComponents(s, [body('Hi {{ 1 }}', 'Maria')], 'components[0].text');
		await refusedComponents(s, [body('Hi {{01}}', 'Maria')], 'components[0].text');
		await refusedComponents(s, [body('Hi {{}}', 'Maria')], 'components[0].text');
	});

	it('refuses gaps in the numbering', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[textHeader('Hello'), body('{{1}} {{3}}', 'a', 'b')],
			'components[1].text',
		);
		await refusedComponents(s, [body('{{2}}', 'a')], 'components[0].text');
		await refusedComponents(s, [body('{{1}} {{2}} {{4}}', 'a', 'b', 'c')], 'components[0].text');
	});
});
