import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import {
	PLAIN_BODY,
	body,
	textHeader,
	refusedComponents,
	acceptedComponents,
} from './templatesSupport';

const sandbox = useSandbox();

describe('create a template: body examples', () => {
	const header = textHeader('Hello');
	const text = 'Hi {{1}}, order {{2}}';

	it('requires example.body_text when the body has placeholders', async () => {
		const s = sandbox.current;
		await refusedComponents(s, [header, { type: 'BODY', text }], 'components[1].example.body_text');
		await refusedComponents(
			s,
			[header, { type: 'BODY', text, example: {} }],
			'components[1].example.body_text',
		);
		await refusedComponents(
			s,
			[header, { type: 'BODY', text, example: { body_text: 'Maria' } }],
			'components[1].example.body_text',
		);
		await refusedComponents(
			s,
			[header, { type: 'BODY', text, example: 'Maria' }],
			'components[1].example',
		);
	});

	it('refuses an empty list of example sets and a set that is not an array', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[header, { type: 'BODY', text, example: { body_text: [] } }],
			'components[1].example.body_text',
		);
		await refusedComponents(
			s,
			[header, { type: 'BODY', text, example: { body_text: ['Maria', '1001'] } }],
			'components[1].example.body_text[0]',
		);
	});

	it('needs exactly one value per placeholder', async () => {
		const s = sandbox.current;
		await refusedComponents(s, [header, body(text, 'Maria')], 'components[1].example.body_text[0]');
		await refusedComponents(
			s,
			[header, body(text, 'Maria', '1001', 'extra')],
			'components[1].example.body_text[0]',
		);
		await refusedComponents(
			s,
			[header, { type: 'BODY', text, example: { body_text: [[]] } }],
			'components[1].example.body_text[0]',
		);
		await acceptedComponents(s, [header, body(text, 'Maria', '1001')]);
	});

	it('checks every example set', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[header, { type: 'BODY', text, example: { body_text: [['Maria', '1001'], ['Ana']] } }],
			'components[1].example.body_text[1]',
		);
	});

	it('refuses empty, blank and non-string example values', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[header, body(text, 'Maria', '')],
			'components[1].example.body_text[0][1]',
		);
		await refusedComponents(
			s,
			[header, body(text, '   ', '1001')],
			'components[1].example.body_text[0][0]',
		);
		await refusedComponents(
			s,
			[header, { type: 'BODY', text, example: { body_text: [['Maria', 1001]] } }],
			'components[1].example.body_text[0][1]',
		);
	});

	it('refuses examples for a body without placeholders', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[header, { type: 'BODY', text: 'No placeholders', example: { body_text: [['Maria']] } }],
			'components[1].example.body_text',
		);
		await refusedComponents(
			s,
			[header, { type: 'BODY', text: 'No placeholders', example: { body_text: [] } }],
			'components[1].example.body_text',
		);
		await acceptedComponents(s, [header, { type: 'BODY', text: 'No placeholders', example: {} }]);
	});
});

describe('create a template: text header', () => {
	it('accepts 60 characters and refuses 61', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [textHeader('h'.repeat(60)), PLAIN_BODY]);
		await refusedComponents(s, [textHeader('h'.repeat(61)), PLAIN_BODY], 'components[0].text');
	});

	it('requires text and a known format', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[{ type: 'HEADER', format: 'TEXT' }, PLAIN_BODY],
			'components[0].text',
		);
		await refusedComponents(
			s,
			[{ type: 'HEADER', text: 'Hello' }, PLAIN_BODY],
			'components[0].format',
		);
		await refusedComponents(
			s,
			[{ type: 'HEADER', format: 'GIF', text: 'Hello' }, PLAIN_BODY],
			'components[0].format',
		);
		await refusedComponents(
			s,
			[{ type: 'HEADER', format: 'TEXT', text: 'Hello', footer: 'x' }, PLAIN_BODY],
			'components[0].footer',
		);
	});

	it('allows at most one placeholder, {{1}}', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [textHeader('Order {{1}}', '#1001'), PLAIN_BODY]);
		await refusedComponents(
			s,
			[
				PLAIN_BODY,
				{
					type: 'HEADER',
					format: 'TEXT',
					text: '{{1}} {{2}}',
					example: { header_text: ['a', 'b'] },
				},
			],
			'components[1].text',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, textHeader('Order {{2}}', '#1001')],
			'components[1].text',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, textHeader('Order {{order}}', '#1001')],
			'components[1].text',
		);
	});

	it('needs example.header_text with exactly one value for {{1}}', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[PLAIN_BODY, textHeader('Order {{1}}')],
			'components[1].example.header_text',
		);
		await refusedComponents(
			s,
			[
				PLAIN_BODY,
				{ type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: [] } },
			],
			'components[1].example.header_text',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, textHeader('Order {{1}}', '#1', '#2')],
			'components[1].example.header_text',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, textHeader('Order {{1}}', '')],
			'components[1].example.header_text[0]',
		);
		await refusedComponents(
			s,
			[
				PLAIN_BODY,
				{ type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: '#1' } },
			],
			'components[1].example.header_text',
		);
	});

	it('refuses an example for a header without placeholder', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[PLAIN_BODY, textHeader('Order ready', '#1001')],
			'components[1].example.header_text',
		);
	});
});
