import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import {
	createOk,
	create,
	draft,
	expectInvalid,
	fresh,
	getTemplate,
	list,
	type Component,
} from './templatesSupport';

const sandbox = useSandbox();

/** A NAMED template's body with these placeholders' examples. */
function namedBody(text: string, examples?: [string, string][]): Component {
	return examples === undefined
		? { type: 'BODY', text }
		: {
				type: 'BODY',
				text,
				example: {
					body_text_named_params: examples.map(([param_name, example]) => ({
						param_name,
						example,
					})),
				},
			};
}

const NAMED_BODY = namedBody('Hi {{first_name}}, order {{order_id}} ships.', [
	['first_name', 'Jessica'],
	['order_id', '1001'],
]);

function named(components: Component[]) {
	return draft(fresh('named'), { parameter_format: 'NAMED', components });
}

describe('create a template: named parameters (parameter_format NAMED)', () => {
	it('accepts named body and header placeholders and returns parameter_format on GET and list', async () => {
		const s = sandbox.current;
		const header = {
			type: 'HEADER',
			format: 'TEXT',
			text: 'Order {{order_id}}',
			example: { header_text_named_params: [{ param_name: 'order_id', example: '#1001' }] },
		};
		const payload = named([header, NAMED_BODY]);
		const id = await createOk(s, payload);
		const stored = (await getTemplate(s, id)).body;
		assert.equal(stored.parameter_format, 'NAMED');
		assert.deepEqual(stored.components, [header, NAMED_BODY]);
		const listed = (await list(s, { fields: 'name,parameter_format' })).body.data;
		assert.equal(listed.find((t) => t.id === id)?.parameter_format, 'NAMED');
		const positional = await createOk(s, draft(fresh(), { parameter_format: 'POSITIONAL' }));
		assert.equal((await getTemplate(s, positional)).body.parameter_format, 'POSITIONAL');
	});

	it('refuses an unknown parameter_format', async () => {
		const s = sandbox.current;
		for (const format of ['named', 'NUMBERED', 3])
			expectInvalid(
				await create(s, draft(fresh(), { parameter_format: format })),
				'parameter_format',
			);
	});

	it('refuses invalid names, numbers and a name used twice', async () => {
		const s = sandbox.current;
		for (const text of ['Hi {{First}}', 'Hi {{first-name}}', 'Hi {{1st}}', 'Hi {{}}'])
			expectInvalid(await create(s, named([namedBody(text, [['x', 'y']])])), 'components[0].text');
		const mixed = expectInvalid(
			await create(s, named([namedBody('Hi {{1}} and {{name}}', [['name', 'Ana']])])),
			'components[0].text',
		);
		assert.match(mixed.message, /positional/);
		const twice = expectInvalid(
			await create(s, named([namedBody('{{name}} and {{name}}', [['name', 'Ana']])])),
			'components[0].text',
		);
		assert.match(twice.message, /unique/);
	});

	it('needs one example per name, each named once, and nothing else', async () => {
		const s = sandbox.current;
		const field = 'components[0].example.body_text_named_params';
		expectInvalid(await create(s, named([namedBody('Hi {{first_name}}, {{order_id}}')])), field);
		const missing = expectInvalid(
			await create(
				s,
				named([namedBody('Hi {{first_name}}, {{order_id}}', [['first_name', 'Jessica']])]),
			),
			field,
		);
		assert.match(missing.message, /order_id/);
		expectInvalid(
			await create(
				s,
				named([
					namedBody('Hi {{first_name}}', [
						['first_name', 'A'],
						['first_name', 'B'],
					]),
				]),
			),
			`${field}[1].param_name`,
		);
		expectInvalid(
			await create(
				s,
				named([
					namedBody('Hi {{first_name}}', [
						['first_name', 'A'],
						['other', 'B'],
					]),
				]),
			),
			`${field}[1].param_name`,
		);
		expectInvalid(
			await create(s, named([namedBody('Hi {{first_name}}', [['first_name', ' ']])])),
			`${field}[0].example`,
		);
		expectInvalid(await create(s, named([namedBody('Hi there', [['x', 'y']])])), field);
	});

	it('does not mix formats: positional examples in a NAMED template, names in a POSITIONAL one', async () => {
		const s = sandbox.current;
		expectInvalid(
			await create(
				s,
				named([{ type: 'BODY', text: 'Hi {{name}}', example: { body_text: [['Ana']] } }]),
			),
			'components[0].example.body_text',
		);
		expectInvalid(
			await create(s, draft(fresh(), { components: [NAMED_BODY] })),
			'components[0].text',
		);
		expectInvalid(
			await create(
				s,
				draft(fresh(), {
					components: [
						{
							type: 'BODY',
							text: 'Hi {{1}}',
							example: {
								body_text: [['Ana']],
								body_text_named_params: [{ param_name: 'x', example: 'y' }],
							},
						},
					],
				}),
			),
			'components[0].example.body_text_named_params',
		);
	});

	it('allows one named placeholder in a text header, with its example', async () => {
		const s = sandbox.current;
		const header = (text: string, examples?: unknown) => ({
			type: 'HEADER',
			format: 'TEXT',
			text,
			...(examples ? { example: { header_text_named_params: examples } } : {}),
		});
		expectInvalid(
			await create(
				s,
				named([header('{{a}} {{b}}', [{ param_name: 'a', example: 'x' }]), NAMED_BODY]),
			),
			'components[0].text',
		);
		expectInvalid(
			await create(s, named([header('Order {{order_id}}'), NAMED_BODY])),
			'components[0].example.header_text_named_params',
		);
	});
});
