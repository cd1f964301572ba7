import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
	expectError,
	OTHER_API_KEY,
	useSandbox,
	WebhookReceiver,
	type ApiResponse,
	type TestSandbox,
} from './helpers';
import type {
	ClockView,
	CreatedTemplate,
	Delivery,
	ErrorObject,
	Listed,
	Page,
	ProductView,
	SendAnswer,
	TemplateView,
	UploadHandle,
	UploadSession,
	WebhookEvent,
} from './types';

/**
 * Templates (spec 2.2, 3.1, 4.3, 7, 8): create rules (name, category, language, components),
 * review, listing and paging, retrieval, edit rules and limits, delete and name blocking,
 * isolation between keys. Every refusal is checked for the field it names.
 */

const sandbox = useSandbox();

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** FAST_CONFIG.reviewDelayMs */
const REVIEW_MS = 60 * SECOND;
const OTHER_ACCOUNT_ID = '102290129340999';

// ---------------------------------------------------------------------------------------------
// helpers of this file
// ---------------------------------------------------------------------------------------------

type Component = Record<string, unknown>;

/** A valid BODY with two placeholders. */
const BODY: Component = {
	type: 'BODY',
	text: 'Hi {{1}}, your order {{2}} is ready.',
	example: { body_text: [['Maria', '1001']] },
};
const PLAIN_BODY: Component = { type: 'BODY', text: 'Your order is ready for pickup.' };

function body(text: string, ...values: string[]): Component {
	return values.length === 0
		? { type: 'BODY', text }
		: { type: 'BODY', text, example: { body_text: [values] } };
}

function textHeader(text: string, ...values: string[]): Component {
	return values.length === 0
		? { type: 'HEADER', format: 'TEXT', text }
		: { type: 'HEADER', format: 'TEXT', text, example: { header_text: values } };
}

function buttons(...list: Component[]): Component {
	return { type: 'BUTTONS', buttons: list };
}

const QUICK: Component = { type: 'QUICK_REPLY', text: 'Talk to us' };

function draft(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return { name, language: 'en_US', category: 'UTILITY', components: [BODY], ...overrides };
}

let counter = 0;
/** A fresh valid template name. */
function fresh(prefix = 'tpl'): string {
	counter += 1;
	return `${prefix}_${counter}`;
}

function create(
	s: TestSandbox,
	payload: unknown,
	key?: string,
): Promise<ApiResponse<CreatedTemplate>> {
	return s.api('POST', `/${s.accountId}/message_templates`, { body: payload, key });
}

/** Creates a template and asserts the documented answer; returns its id. */
async function createOk(s: TestSandbox, payload: Record<string, unknown>): Promise<string> {
	const response = await create(s, payload);
	assert.equal(response.status, 200, `create ${JSON.stringify(payload.name)}: ${response.text}`);
	assert.deepEqual(Object.keys(response.body).sort(), ['category', 'id', 'status']);
	assert.match(response.body.id, /^\d+$/);
	assert.equal(response.body.status, 'PENDING');
	assert.equal(response.body.category, payload.category);
	return response.body.id;
}

/** Creates a template with these components and expects a 400 naming `field`. */
async function refusedComponents(
	s: TestSandbox,
	components: unknown,
	field: string,
	category = 'UTILITY',
): Promise<void> {
	expectInvalid(await create(s, draft(fresh(), { components, category })), field);
}

/** Creates a template with these components and expects it accepted. */
async function acceptedComponents(
	s: TestSandbox,
	components: unknown,
	category = 'UTILITY',
): Promise<string> {
	return createOk(s, draft(fresh(), { components, category }));
}

/** A 400 (code 100) whose message starts with the exact field path and whose error_data names it. */
function expectInvalid(response: ApiResponse, field: string): ErrorObject {
	const error = expectError(response, 400, 100);
	assert.ok(
		error.message.startsWith(`${field}: `),
		`expected the message to name ${field}, got: ${error.message}`,
	);
	assert.equal(error.error_data?.field, field, `error_data.field of ${response.text}`);
	return error;
}

async function getTemplate(
	s: TestSandbox,
	id: string,
	key?: string,
): Promise<ApiResponse<TemplateView>> {
	return s.api('GET', `/${id}`, { key });
}

async function statusOf(s: TestSandbox, id: string): Promise<string> {
	const response = await getTemplate(s, id);
	assert.equal(response.status, 200, response.text);
	return response.body.status;
}

function list(
	s: TestSandbox,
	query: Record<string, string | number | undefined> = {},
	key?: string,
	accountId = s.accountId,
): Promise<ApiResponse<Page<TemplateView>>> {
	return s.api('GET', `/${accountId}/message_templates`, { query, key });
}

function edit(s: TestSandbox, id: string, payload: unknown, key?: string): Promise<ApiResponse> {
	return s.api('POST', `/${id}`, { body: payload, key });
}

async function editOk(s: TestSandbox, id: string, payload: unknown): Promise<void> {
	const response = await edit(s, id, payload);
	assert.equal(response.status, 200, `edit ${id}: ${response.text}`);
	assert.deepEqual(response.body, { success: true });
}

function remove(
	s: TestSandbox,
	query: Record<string, string | undefined>,
	key?: string,
): Promise<ApiResponse> {
	return s.api('DELETE', `/${s.accountId}/message_templates`, { query, key });
}

function setStatus(s: TestSandbox, id: string, status: string): Promise<ApiResponse> {
	return s.control('POST', `/templates/${id}/status`, { status });
}

function send(s: TestSandbox, name: string, code = 'en_US'): Promise<ApiResponse<SendAnswer>> {
	return s.api('POST', `/${s.numberId}/messages`, {
		body: {
			messaging_product: 'whatsapp',
			to: '14155550100',
			type: 'template',
			template: { name, language: { code } },
		},
	});
}

async function clockNow(s: TestSandbox): Promise<number> {
	return (await s.control<ClockView>('GET', '/clock')).body.now;
}

/** The two-step sample upload (4.5); returns the handle `h`. */
async function uploadHandle(s: TestSandbox, fileType: string, key?: string): Promise<string> {
	const bytes = Buffer.from(`sample file of type ${fileType}`);
	const session = await s.api<UploadSession>('POST', '/app/uploads', {
		query: { file_length: bytes.length, file_type: fileType },
		key,
	});
	assert.equal(session.status, 200, session.text);
	const id: string = session.body.id;
	assert.match(id, /^upload:[^?]+\?sig=.+$/);
	const [path, search] = id.split('?');
	const sig = new URLSearchParams(search).get('sig') ?? '';
	const uploaded = await s.api<UploadHandle>('POST', `/${path}`, {
		query: { sig },
		raw: bytes,
		contentType: 'application/octet-stream',
		key,
	});
	assert.equal(uploaded.status, 200, uploaded.text);
	assert.equal(typeof uploaded.body.h, 'string');
	return uploaded.body.h;
}

function mediaHeader(format: string, ...handles: unknown[]): Component {
	return { type: 'HEADER', format, example: { header_handle: handles } };
}

// ---------------------------------------------------------------------------------------------
// create
// ---------------------------------------------------------------------------------------------

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

describe('create a template: media headers and the sample upload (4.5)', () => {
	it('accepts IMAGE with a png or jpeg sample, VIDEO with mp4, DOCUMENT with pdf', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [
			mediaHeader('IMAGE', await uploadHandle(s, 'image/png')),
			PLAIN_BODY,
		]);
		await acceptedComponents(s, [
			mediaHeader('IMAGE', await uploadHandle(s, 'image/jpeg')),
			PLAIN_BODY,
		]);
		await acceptedComponents(s, [
			mediaHeader('VIDEO', await uploadHandle(s, 'video/mp4')),
			PLAIN_BODY,
		]);
		await acceptedComponents(s, [
			mediaHeader('DOCUMENT', await uploadHandle(s, 'application/pdf')),
			PLAIN_BODY,
		]);
	});

	it('refuses a sample whose type does not fit the format', async () => {
		const s = sandbox.current;
		const pdf = await uploadHandle(s, 'application/pdf');
		const png = await uploadHandle(s, 'image/png');
		const mp4 = await uploadHandle(s, 'video/mp4');
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', pdf), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', mp4), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		await refusedComponents(
			s,
			[mediaHeader('VIDEO', png), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		await refusedComponents(
			s,
			[mediaHeader('DOCUMENT', png), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
	});

	it('needs exactly one handle in example.header_handle', async () => {
		const s = sandbox.current;
		const png = await uploadHandle(s, 'image/png');
		await refusedComponents(
			s,
			[{ type: 'HEADER', format: 'IMAGE' }, PLAIN_BODY],
			'components[0].example.header_handle',
		);
		await refusedComponents(
			s,
			[{ type: 'HEADER', format: 'IMAGE', example: {} }, PLAIN_BODY],
			'components[0].example.header_handle',
		);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE'), PLAIN_BODY],
			'components[0].example.header_handle',
		);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', png, png), PLAIN_BODY],
			'components[0].example.header_handle',
		);
		await refusedComponents(
			s,
			[{ type: 'HEADER', format: 'IMAGE', example: { header_handle: png } }, PLAIN_BODY],
			'components[0].example.header_handle',
		);
	});

	it("refuses another key's handle, an invented handle and an unfinished upload session", async () => {
		const s = sandbox.current;
		const others = await uploadHandle(s, 'image/png', OTHER_API_KEY);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', others), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', '4::aW1hZ2UvcG5n:invented'), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', 42), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		const session = await s.api<UploadSession>('POST', '/app/uploads', {
			query: { file_length: 10, file_type: 'image/png' },
		});
		await refusedComponents(
			s,
			[mediaHeader('IMAGE', session.body.id), PLAIN_BODY],
			'components[0].example.header_handle[0]',
		);
		// the other key can use its own handle
		const response = await s.api('POST', `/${OTHER_ACCOUNT_ID}/message_templates`, {
			key: OTHER_API_KEY,
			body: draft('other_image', { components: [mediaHeader('IMAGE', others), PLAIN_BODY] }),
		});
		assert.equal(response.status, 200, response.text);
	});

	it('refuses text on a media header', async () => {
		const s = sandbox.current;
		const png = await uploadHandle(s, 'image/png');
		await refusedComponents(
			s,
			[{ ...mediaHeader('IMAGE', png), text: 'Caption' }, PLAIN_BODY],
			'components[0].text',
		);
	});
});

describe('create a template: footer', () => {
	it('accepts 60 characters and refuses 61', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [PLAIN_BODY, { type: 'FOOTER', text: 'f'.repeat(60) }]);
		await refusedComponents(
			s,
			[textHeader('Hello'), PLAIN_BODY, { type: 'FOOTER', text: 'f'.repeat(61) }],
			'components[2].text',
		);
	});

	it('refuses placeholders, missing text and unknown fields', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[
				textHeader('Hello'),
				PLAIN_BODY,
				{ type: 'FOOTER', text: 'Reply {{1}}', example: { footer_text: ['STOP'] } },
			],
			'components[2].example',
		);
		await refusedComponents(
			s,
			[textHeader('Hello'), PLAIN_BODY, { type: 'FOOTER', text: 'Reply {{1}}' }],
			'components[2].text',
		);
		await refusedComponents(s, [PLAIN_BODY, { type: 'FOOTER' }], 'components[1].text');
	});
});

describe('create a template: buttons', () => {
	const url = (extra: Component = {}): Component => ({
		type: 'URL',
		text: 'Track',
		url: 'https://shop.example.com/track',
		...extra,
	});

	it('holds 1 to 10 buttons', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [
			PLAIN_BODY,
			buttons(
				...Array.from({ length: 10 }, (_, i) => ({ type: 'QUICK_REPLY', text: `Option ${i}` })),
			),
		]);
		await refusedComponents(
			s,
			[
				PLAIN_BODY,
				buttons(
					...Array.from({ length: 11 }, (_, i) => ({ type: 'QUICK_REPLY', text: `Option ${i}` })),
				),
			],
			'components[1].buttons',
		);
		await refusedComponents(s, [PLAIN_BODY, buttons()], 'components[1].buttons');
		await refusedComponents(s, [PLAIN_BODY, { type: 'BUTTONS' }], 'components[1].buttons');
	});

	it('refuses an unknown button type and unknown button fields', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(QUICK, { type: 'OTP', text: 'Copy' })],
			'components[1].buttons[1].type',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons('QUICK_REPLY' as unknown as Component)],
			'components[1].buttons[0]',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ ...QUICK, url: 'https://x.example.com' })],
			'components[1].buttons[0].url',
		);
	});

	it('QUICK_REPLY needs a text of at most 25 characters', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [
			PLAIN_BODY,
			buttons({ type: 'QUICK_REPLY', text: 'q'.repeat(25) }),
		]);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'QUICK_REPLY', text: 'q'.repeat(26) })],
			'components[1].buttons[0].text',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'QUICK_REPLY' })],
			'components[1].buttons[0].text',
		);
	});

	it('PHONE_NUMBER needs a phone number in international format', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [
			PLAIN_BODY,
			buttons({ type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+15550123401' }),
		]);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'PHONE_NUMBER', text: 'Call us', phone_number: 'call me' })],
			'components[1].buttons[0].phone_number',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'PHONE_NUMBER', text: 'Call us' })],
			'components[1].buttons[0].phone_number',
		);
	});

	it('URL button: a static URL, or {{1}} at its end with one sample URL', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [PLAIN_BODY, buttons(url())]);
		await acceptedComponents(s, [
			PLAIN_BODY,
			buttons(
				url({
					url: 'https://shop.example.com/o/{{1}}',
					example: ['https://shop.example.com/o/1001'],
				}),
			),
		]);
	});

	it('URL button: refuses a placeholder not at the end, other than {{1}}, or more than one', async () => {
		const s = sandbox.current;
		const sample = { example: ['https://shop.example.com/o/1001'] };
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: 'https://shop.example.com/{{1}}/track', ...sample }))],
			'components[1].buttons[0].url',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: 'https://shop.example.com/o/{{2}}', ...sample }))],
			'components[1].buttons[0].url',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: 'https://shop.example.com/{{1}}/{{2}}', ...sample }))],
			'components[1].buttons[0].url',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: 'https://shop.example.com/o/{{id}}', ...sample }))],
			'components[1].buttons[0].url',
		);
	});

	it('URL button: refuses a missing, non-http URL and a missing text', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: 'ftp://shop.example.com' }))],
			'components[1].buttons[0].url',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'URL', text: 'Track' })],
			'components[1].buttons[0].url',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'URL', url: 'https://shop.example.com' })],
			'components[1].buttons[0].text',
		);
	});

	it('URL button: the sample is required for {{1}}, one full URL, and refused without {{1}}', async () => {
		const s = sandbox.current;
		const dynamic = 'https://shop.example.com/o/{{1}}';
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(QUICK, url({ url: dynamic }))],
			'components[1].buttons[1].example',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: dynamic, example: [] }))],
			'components[1].buttons[0].example',
		);
		await refusedComponents(
			s,
			[
				PLAIN_BODY,
				buttons(
					url({
						url: dynamic,
						example: ['https://shop.example.com/o/1', 'https://shop.example.com/o/2'],
					}),
				),
			],
			'components[1].buttons[0].example',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: dynamic, example: ['1001'] }))],
			'components[1].buttons[0].example',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ url: dynamic, example: 'https://shop.example.com/o/1001' }))],
			'components[1].buttons[0].example',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url({ example: ['https://shop.example.com/track'] }))],
			'components[1].buttons[0].example',
		);
	});

	it('allows at most 2 URL buttons', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [PLAIN_BODY, buttons(url(), url({ text: 'Shop' }), QUICK)]);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons(url(), url({ text: 'Shop' }), url({ text: 'Help' }))],
			'components[1].buttons',
		);
	});

	it('COPY_CODE needs one sample code of at most 15 characters', async () => {
		const s = sandbox.current;
		await acceptedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: ['WELCOME15'] })],
			'MARKETING',
		);
		await acceptedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: ['C'.repeat(15)] })],
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: ['C'.repeat(16)] })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE' })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: [] })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: ['A1', 'B2'] })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, buttons({ type: 'COPY_CODE', example: [''] })],
			'components[1].buttons[0].example',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[
				PLAIN_BODY,
				buttons({ type: 'COPY_CODE', example: ['A1'] }, { type: 'COPY_CODE', example: ['B2'] }),
			],
			'components[1].buttons',
			'MARKETING',
		);
	});
});

describe('create a template: limited-time offer', () => {
	const offer = (extra: Component = {}): Component => ({
		type: 'LIMITED_TIME_OFFER',
		limited_time_offer: { text: 'Expiring offer!', has_expiration: true, ...extra },
	});

	it('is accepted on a MARKETING template', async () => {
		const s = sandbox.current;
		await acceptedComponents(s, [offer(), PLAIN_BODY], 'MARKETING');
	});

	it('needs category MARKETING', async () => {
		const s = sandbox.current;
		await refusedComponents(s, [PLAIN_BODY, offer()], 'components[1].type', 'UTILITY');
		await refusedComponents(s, [PLAIN_BODY, offer()], 'components[1].type', 'AUTHENTICATION');
	});

	it('needs text of at most 16 characters and a boolean has_expiration', async () => {
		const s = sandbox.current;
		await refusedComponents(
			s,
			[PLAIN_BODY, offer({ text: 'o'.repeat(17) })],
			'components[1].limited_time_offer.text',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, offer({ has_expiration: 'yes' })],
			'components[1].limited_time_offer.has_expiration',
			'MARKETING',
		);
		await refusedComponents(
			s,
			[PLAIN_BODY, { type: 'LIMITED_TIME_OFFER' }],
			'components[1].limited_time_offer',
			'MARKETING',
		);
	});
});

// ---------------------------------------------------------------------------------------------
// review
// ---------------------------------------------------------------------------------------------

describe('template review (3.1)', () => {
	it('starts PENDING and is APPROVED once the review delay has passed', async () => {
		const s = sandbox.current;
		const id = await createOk(s, draft('plain_update'));
		assert.equal(await statusOf(s, id), 'PENDING');
		await s.advance(REVIEW_MS - 10 * SECOND);
		assert.equal(await statusOf(s, id), 'PENDING');
		await s.advance(10 * SECOND);
		const { body: got } = await getTemplate(s, id);
		assert.equal(got.status, 'APPROVED');
		assert.equal(got.rejected_reason, undefined);
	});

	it('rejects a name starting with reject_, with the configured reason', async () => {
		const s = sandbox.current;
		const id = await createOk(s, draft('reject_me'));
		await s.control('POST', '/config', { rejectedReason: 'TAG_CONTENT_MISMATCH' });
		const other = await createOk(s, draft('reject_me_too'));
		await s.advance(REVIEW_MS);
		const first = (await getTemplate(s, id)).body;
		assert.equal(first.status, 'REJECTED');
		assert.equal(typeof first.rejected_reason, 'string');
		assert.equal((await getTemplate(s, other)).body.rejected_reason, 'TAG_CONTENT_MISMATCH');
	});

	it('rejects a UTILITY template that reads like marketing as INCORRECT_CATEGORY', async () => {
		const s = sandbox.current;
		const percent = await createOk(
			s,
			draft(fresh(), { components: [body('Get 50% off your next order!')] }),
		);
		const sale = await createOk(
			s,
			draft(fresh(), { components: [body('Our big sale starts {{1}}', 'Monday')] }),
		);
		const inFooter = await createOk(
			s,
			draft(fresh(), { components: [PLAIN_BODY, { type: 'FOOTER', text: 'Use coupon ACME' }] }),
		);
		const marketing = await createOk(
			s,
			draft(fresh(), {
				category: 'MARKETING',
				components: [body('Our big sale starts {{1}}, 50% off', 'Monday')],
			}),
		);
		const utility = await createOk(
			s,
			draft(fresh(), { components: [body('Your order {{1}} has shipped', '1001')] }),
		);
		await s.advance(REVIEW_MS);
		for (const id of [percent, sale, inFooter]) {
			const { body: got } = await getTemplate(s, id);
			assert.equal(got.status, 'REJECTED', `template ${id}`);
			assert.equal(got.rejected_reason, 'INCORRECT_CATEGORY');
		}
		assert.equal(await statusOf(s, marketing), 'APPROVED');
		assert.equal(await statusOf(s, utility), 'APPROVED');
	});

	it('follows a forced outcome from the config', async () => {
		const s = sandbox.current;
		await s.control('POST', '/config', { reviewOutcome: 'REJECTED' });
		const rejected = await createOk(s, draft('plain_one'));
		await s.advance(REVIEW_MS);
		const { body: got } = await getTemplate(s, rejected);
		assert.equal(got.status, 'REJECTED');
		assert.equal(got.rejected_reason, 'INCORRECT_CATEGORY');

		await s.control('POST', '/config', { reviewOutcome: 'APPROVED' });
		const approved = await createOk(s, draft('reject_but_forced'));
		await s.advance(REVIEW_MS);
		assert.equal(await statusOf(s, approved), 'APPROVED');
	});

	it('decides at once through POST /_sandbox/templates/:id/review, and the later review does not change it', async () => {
		const s = sandbox.current;
		const a = await createOk(s, draft(fresh()));
		const b = await createOk(s, draft(fresh()));
		const c = await createOk(s, draft('reject_auto'));
		const decided = await s.control('POST', `/templates/${a}/review`, {
			outcome: 'REJECTED',
			reason: 'INVALID_FORMAT',
		});
		assert.deepEqual(decided.body, {
			id: a,
			status: 'REJECTED',
			rejected_reason: 'INVALID_FORMAT',
		});
		await s.control('POST', `/templates/${b}/review`, { outcome: 'APPROVED' });
		await s.control('POST', `/templates/${c}/review`, {});
		assert.equal(await statusOf(s, b), 'APPROVED');
		assert.equal(await statusOf(s, c), 'REJECTED');
		await s.advance(REVIEW_MS);
		const got = (await getTemplate(s, a)).body;
		assert.equal(got.status, 'REJECTED');
		assert.equal(got.rejected_reason, 'INVALID_FORMAT');
		assert.equal(await statusOf(s, b), 'APPROVED');
	});

	it('an edit restarts the review delay (an earlier scheduled review does not decide the edit)', async () => {
		const s = sandbox.current;
		const id = await createOk(s, draft(fresh()));
		await s.control('POST', `/templates/${id}/review`, { outcome: 'APPROVED' });
		await s.advance(REVIEW_MS / 2);
		await editOk(s, id, { components: [PLAIN_BODY] });
		await s.advance(REVIEW_MS / 2 + SECOND); // the create's review falls due now
		assert.equal(await statusOf(s, id), 'PENDING');
		await s.advance(REVIEW_MS / 2);
		assert.equal(await statusOf(s, id), 'APPROVED');
	});

	it('delivers a template status event to the webhook', async () => {
		const s = sandbox.current;
		const receiver = await new WebhookReceiver().start();
		try {
			await s.control('PUT', '/webhook', { url: receiver.url });
			const approved = await createOk(s, draft('event_approved', { language: 'en' }));
			const rejected = await createOk(s, draft('reject_event'));
			await s.advance(REVIEW_MS);
			const payloads = await receiver.waitFor(2);
			const values = new Map<string, WebhookEvent['entry'][number]['changes'][number]['value']>();
			for (const payload of payloads) {
				assert.equal(payload.object, 'whatsapp_business_account');
				assert.equal(payload.entry.length, 1);
				assert.equal(payload.entry[0].id, s.accountId);
				assert.equal(payload.entry[0].changes.length, 1);
				assert.equal(payload.entry[0].changes[0].field, 'message_template_status_update');
				const value = payload.entry[0].changes[0].value;
				values.set(String(value.message_template_id), value);
			}
			assert.deepEqual(
				{
					...values.get(approved),
					message_template_id: String(values.get(approved)?.message_template_id),
				},
				{
					event: 'APPROVED',
					message_template_id: approved,
					message_template_name: 'event_approved',
					message_template_language: 'en',
					reason: 'NONE',
				},
			);
			const no = values.get(rejected);
			assert.ok(no, 'the rejection was delivered');
			assert.equal(no.event, 'REJECTED');
			assert.equal(no.message_template_name, 'reject_event');
			assert.equal(no.message_template_language, 'en_US');
			assert.equal(no.reason, 'INCORRECT_CATEGORY');

			// an edit is reviewed again and tells the webhook again
			await editOk(s, approved, { components: [PLAIN_BODY] });
			await s.advance(REVIEW_MS);
			const after = await receiver.waitFor(3);
			const value = after[2].entry[0].changes[0].value;
			assert.equal(value.event, 'APPROVED');
			assert.equal(String(value.message_template_id), approved);
		} finally {
			await receiver.stop();
		}
	});

	it('sends no decision for a template deleted before its review', async () => {
		const s = sandbox.current;
		const receiver = await new WebhookReceiver().start();
		try {
			await s.control('PUT', '/webhook', { url: receiver.url });
			await createOk(s, draft('short_lived'));
			assert.equal((await remove(s, { name: 'short_lived' })).status, 200);
			await s.advance(REVIEW_MS);
			await s.control('POST', '/webhook/flush');
			assert.equal(
				(await s.control<Listed<Delivery>>('GET', '/webhook/deliveries')).body.data.length,
				0,
			);
			assert.equal(receiver.received.length, 0);
		} finally {
			await receiver.stop();
		}
	});
});

// ---------------------------------------------------------------------------------------------
// list
// ---------------------------------------------------------------------------------------------

const SEED_COUNT = 7;

/** Creates `count` templates named page_<i> (oldest first); returns their ids. */
async function createMany(s: TestSandbox, count: number, prefix = 'page'): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 1; i <= count; i++) ids.push(await createOk(s, draft(`${prefix}_${i}`)));
	return ids;
}

describe('list templates (4.3)', () => {
	it('returns every template of the account, newest first, with every field', async () => {
		const s = sandbox.current;
		const ids = await createMany(s, 3);
		const { status, body: page } = await list(s);
		assert.equal(status, 200);
		assert.equal(page.data.length, SEED_COUNT + 3);
		assert.deepEqual(
			page.data.slice(0, 3).map((t) => t.id),
			[...ids].reverse(),
		);
		assert.deepEqual(
			page.data.slice(0, 3).map((t) => t.name),
			['page_3', 'page_2', 'page_1'],
		);
		assert.equal(
			page.data.at(-1)?.name,
			'hello_world',
			'the oldest (first seeded) template comes last',
		);
		assert.deepEqual(Object.keys(page.data[0]).sort(), [
			'category',
			'components',
			'id',
			'language',
			'name',
			'status',
		]);
		const rejected = page.data.find((t) => t.name === 'payment_reminder');
		assert.equal(rejected?.rejected_reason, 'INCORRECT_CATEGORY');
		assert.ok(
			!page.data.some((t) => t.name === 'other_hello'),
			"another account's template is not listed",
		);
		assert.equal(page.paging.cursors.after, undefined);
	});

	it('filters by status and refuses an unknown status', async () => {
		const s = sandbox.current;
		const approved = await list(s, { status: 'APPROVED' });
		assert.deepEqual(approved.body.data.map((t) => t.name).sort(), [
			'hello_world',
			'order_confirmation',
			'order_confirmation',
			'welcome_offer',
		]);
		const id = await createOk(s, draft('new_one'));
		const pending = await list(s, { status: 'PENDING' });
		assert.deepEqual(
			pending.body.data.map((t) => t.id),
			[id, (await s.templateByName('spring_sale')).id],
		);
		assert.deepEqual(
			(await list(s, { status: 'PAUSED' })).body.data.map((t) => t.name),
			['loyalty_update'],
		);
		assert.deepEqual((await list(s, { status: 'DISABLED' })).body.data, []);
		expectInvalid(await list(s, { status: 'approved' }), 'status');
		expectInvalid(await list(s, { status: 'ACTIVE' }), 'status');
	});

	it('returns only the requested fields, always with the id', async () => {
		const s = sandbox.current;
		const named = await list(s, { fields: 'name,status' });
		assert.equal(named.status, 200);
		for (const t of named.body.data)
			assert.deepEqual(Object.keys(t).sort(), ['id', 'name', 'status']);
		const onlyName = await list(s, { fields: 'name' });
		for (const t of onlyName.body.data) assert.deepEqual(Object.keys(t).sort(), ['id', 'name']);
		const onlyId = await list(s, { fields: 'id' });
		for (const t of onlyId.body.data) assert.deepEqual(Object.keys(t), ['id']);
		const withReason = await list(s, { fields: 'rejected_reason', status: 'REJECTED' });
		assert.deepEqual(withReason.body.data, [
			{
				id: (await s.templateByName('payment_reminder')).id,
				rejected_reason: 'INCORRECT_CATEGORY',
			},
		]);
	});

	it('refuses an unknown field', async () => {
		const s = sandbox.current;
		const error = expectInvalid(await list(s, { fields: 'name,owner' }), 'fields');
		assert.match(error.message, /owner/);
	});

	it('pages with limit: default 25, an explicit limit, and refuses 0, negative and non-numeric limits', async () => {
		const s = sandbox.current;
		await createMany(s, 30);
		const total = SEED_COUNT + 30;
		const standard = await list(s);
		assert.equal(standard.body.data.length, 25);
		assert.equal(typeof standard.body.paging.cursors.after, 'string');
		assert.equal((await list(s, { limit: 5 })).body.data.length, 5);
		assert.equal((await list(s, { limit: 1 })).body.data.length, 1);
		const all = await list(s, { limit: 100 });
		assert.equal(all.body.data.length, total);
		assert.equal(all.body.paging.cursors.after, undefined);
		for (const limit of ['0', 'abc', '-1', '2.5', '10x'])
			expectInvalid(await list(s, { limit }), 'limit');
	});

	it('clamps a limit above 100 to 100', async () => {
		const s = sandbox.current;
		await createMany(s, 100);
		const total = SEED_COUNT + 100;
		const big = await list(s, { limit: 1000, fields: 'name' });
		assert.equal(big.status, 200);
		assert.equal(big.body.data.length, 100);
		const rest = await list(s, {
			limit: 1000,
			fields: 'name',
			after: big.body.paging.cursors.after,
		});
		assert.equal(rest.body.data.length, total - 100);
		assert.equal(rest.body.paging.cursors.after, undefined);
	});

	it('walks every page with after: each template exactly once, in order, and no after on the last page', async () => {
		const s = sandbox.current;
		await createMany(s, 30);
		const expected = (await list(s, { limit: 100, fields: 'id' })).body.data.map((t) => t.id);
		assert.equal(expected.length, SEED_COUNT + 30);
		const seen: string[] = [];
		const pages: Page<TemplateView>[] = [];
		let after: string | undefined;
		do {
			const { status, body: page } = await list(s, { limit: 10, fields: 'id', after });
			assert.equal(status, 200);
			pages.push(page);
			seen.push(...page.data.map((t) => t.id));
			after = page.paging.cursors.after;
			assert.ok(pages.length <= 10, 'paging does not end');
		} while (after !== undefined);
		assert.equal(pages.length, 4);
		assert.deepEqual(
			pages.map((p) => p.data.length),
			[10, 10, 10, 7],
		);
		assert.deepEqual(seen, expected);
		assert.equal(new Set(seen).size, seen.length);
		assert.ok(!('after' in pages[3].paging.cursors), 'the last page has no after cursor');
		for (const page of pages.slice(0, 3)) assert.equal(typeof page.paging.cursors.after, 'string');
	});

	it('returns the previous page with before', async () => {
		const s = sandbox.current;
		await createMany(s, 30);
		const first = await list(s, { limit: 10, fields: 'id' });
		const second = await list(s, {
			limit: 10,
			fields: 'id',
			after: first.body.paging.cursors.after,
		});
		const third = await list(s, {
			limit: 10,
			fields: 'id',
			after: second.body.paging.cursors.after,
		});
		const back = await list(s, {
			limit: 10,
			fields: 'id',
			before: third.body.paging.cursors.before,
		});
		assert.equal(back.status, 200);
		assert.deepEqual(back.body.data, second.body.data);
		assert.equal(back.body.paging.cursors.after, second.body.paging.cursors.after);
		const backAgain = await list(s, {
			limit: 10,
			fields: 'id',
			before: back.body.paging.cursors.before,
		});
		assert.deepEqual(backAgain.body.data, first.body.data);
		const beforeFirst = await list(s, {
			limit: 10,
			fields: 'id',
			before: first.body.paging.cursors.before,
		});
		assert.deepEqual(beforeFirst.body.data, []);
	});

	it('keeps paging stable when templates are created between pages', async () => {
		const s = sandbox.current;
		await createMany(s, 30);
		const expected = (await list(s, { limit: 100, fields: 'id' })).body.data.map((t) => t.id);
		const first = await list(s, { limit: 10, fields: 'id' });
		await createOk(s, draft('late_arrival'));
		const seen = first.body.data.map((t) => t.id);
		let after = first.body.paging.cursors.after;
		while (after) {
			const page = await list(s, { limit: 10, fields: 'id', after });
			seen.push(...page.body.data.map((t) => t.id));
			after = page.body.paging.cursors.after;
		}
		assert.deepEqual(seen, expected);
	});

	it("refuses an invalid cursor and a cursor from another account's list", async () => {
		const s = sandbox.current;
		expectInvalid(await list(s, { after: 'not-a-cursor' }), 'after');
		expectInvalid(await list(s, { before: 'not-a-cursor' }), 'before');
		expectInvalid(
			await list(s, { after: Buffer.from('{"l":"templates:1","r":-1}').toString('base64url') }),
			'after',
		);
		const others = await list(s, { limit: 1 }, OTHER_API_KEY, OTHER_ACCOUNT_ID);
		assert.equal(others.status, 200);
		const foreign = others.body.paging.cursors.before;
		assert.equal(typeof foreign, 'string');
		expectInvalid(await list(s, { after: foreign }), 'after');
		expectInvalid(await list(s, { before: foreign }), 'before');
		const products = await s.api<Page<ProductView>>('GET', `/${s.catalogId}/products`, {
			query: { limit: 2 },
		});
		assert.equal(products.status, 200, products.text);
		expectInvalid(await list(s, { after: products.body.paging.cursors.after }), 'after');
	});

	it('refuses after and before together', async () => {
		const s = sandbox.current;
		const first = await list(s, { limit: 2 });
		const response = await list(s, {
			limit: 2,
			after: first.body.paging.cursors.after,
			before: first.body.paging.cursors.before,
		});
		expectInvalid(response, 'before');
	});

	it('filters by name and by language', async () => {
		const s = sandbox.current;
		const byName = await list(s, { name: 'order_confirmation' });
		assert.deepEqual(
			byName.body.data.map((t) => `${t.name}/${t.language}`),
			['order_confirmation/es_ES', 'order_confirmation/en_US'],
		);
		const byLanguage = await list(s, { language: 'es_ES' });
		assert.deepEqual(
			byLanguage.body.data.map((t) => `${t.name}/${t.language}`),
			['order_confirmation/es_ES'],
		);
		const both = await list(s, { name: 'order_confirmation', language: 'en_US' });
		assert.deepEqual(
			both.body.data.map((t) => `${t.name}/${t.language}`),
			['order_confirmation/en_US'],
		);
		assert.deepEqual((await list(s, { name: 'no_such_template' })).body.data, []);
		assert.deepEqual((await list(s, { name: 'hello_world', language: 'es_ES' })).body.data, []);
	});
});

// ---------------------------------------------------------------------------------------------
// get by id
// ---------------------------------------------------------------------------------------------

describe('retrieve a template (4.3)', () => {
	it('returns id, name, language, status, category and components', async () => {
		const s = sandbox.current;
		const listed = await s.templateByName('order_confirmation', 'es_ES');
		const { status, body: got } = await getTemplate(s, listed.id);
		assert.equal(status, 200);
		assert.deepEqual(got, {
			id: listed.id,
			name: 'order_confirmation',
			language: 'es_ES',
			status: 'APPROVED',
			category: 'UTILITY',
			components: [
				{
					type: 'BODY',
					text: 'Hola {{1}}, gracias por tu pedido de {{2}}.',
					example: { body_text: [['María', '2 bolsas de café']] },
				},
			],
		});
		const rejected = await getTemplate(s, (await s.templateByName('payment_reminder')).id);
		assert.equal(rejected.body.status, 'REJECTED');
		assert.equal(rejected.body.rejected_reason, 'INCORRECT_CATEGORY');
	});

	it("answers another key's template and an unknown id as not found", async () => {
		const s = sandbox.current;
		const mine = await s.templateByName('hello_world');
		expectError(await getTemplate(s, mine.id, OTHER_API_KEY), 404, 803);
		const theirs = (await list(s, {}, OTHER_API_KEY, OTHER_ACCOUNT_ID)).body.data[0];
		assert.equal(theirs.name, 'other_hello');
		expectError(await getTemplate(s, theirs.id), 404, 803);
		expectError(await getTemplate(s, '999999999999999'), 404, 803);
	});
});

// ---------------------------------------------------------------------------------------------
// edit
// ---------------------------------------------------------------------------------------------

describe('edit a template (4.3 rule 5)', () => {
	it('edits APPROVED, REJECTED and PAUSED templates', async () => {
		const s = sandbox.current;
		for (const name of ['hello_world', 'payment_reminder', 'loyalty_update']) {
			const template = await s.templateByName(name);
			await editOk(s, template.id, { components: [body('Edited {{1}}', 'text')] });
			const { body: got } = await getTemplate(s, template.id);
			assert.equal(got.status, 'PENDING', name);
			assert.equal(got.rejected_reason, undefined, name);
			assert.deepEqual(got.components, [body('Edited {{1}}', 'text')]);
			assert.equal(got.name, name, 'the name is kept');
			assert.equal(got.language, 'en_US', 'the language is kept');
		}
	});

	it('refuses PENDING, DISABLED, IN_APPEAL and PENDING_DELETION templates with code 2388040', async () => {
		const s = sandbox.current;
		const id = await createOk(s, draft('not_editable'));
		for (const status of ['PENDING', 'DISABLED', 'IN_APPEAL', 'PENDING_DELETION']) {
			if (status !== 'PENDING') await setStatus(s, id, status);
			expectError(await edit(s, id, { components: [PLAIN_BODY] }), 400, 2388040);
			const { body: got } = await getTemplate(s, id);
			assert.equal(got.status, status, 'the refused edit changes nothing');
			assert.deepEqual(got.components, [BODY]);
		}
		// the seeded PENDING template too
		expectError(
			await edit(s, (await s.templateByName('spring_sale')).id, { category: 'MARKETING' }),
			400,
			2388040,
		);
		// and each editable status again is accepted
		for (const status of ['APPROVED', 'REJECTED', 'PAUSED']) {
			await setStatus(s, id, status);
			await editOk(s, id, { components: [PLAIN_BODY] });
		}
	});

	it('refuses a name or language in the body', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		expectInvalid(await edit(s, id, { name: 'hello_world', components: [PLAIN_BODY] }), 'name');
		expectInvalid(await edit(s, id, { name: 'renamed' }), 'name');
		expectInvalid(await edit(s, id, { language: 'en_US', components: [PLAIN_BODY] }), 'language');
		assert.equal(await statusOf(s, id), 'APPROVED');
	});

	it('refuses an empty body, a non-JSON body and unknown fields', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		expectInvalid(await edit(s, id, {}), 'components');
		expectInvalid(await s.api('POST', `/${id}`), 'body');
		expectInvalid(
			await s.api('POST', `/${id}`, {
				raw: 'components=x',
				contentType: 'application/x-www-form-urlencoded',
			}),
			'body',
		);
		expectInvalid(await edit(s, id, { components: [PLAIN_BODY], status: 'APPROVED' }), 'status');
		assert.equal(await statusOf(s, id), 'APPROVED');
	});

	it('validates components and category as create does, and a refused edit changes nothing', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		const before = (await getTemplate(s, id)).body;
		expectInvalid(await edit(s, id, { components: [] }), 'components');
		expectInvalid(
			await edit(s, id, { components: [textHeader('Hi'), body('{{1}} {{3}}', 'a', 'b')] }),
			'components[1].text',
		);
		expectInvalid(
			await edit(s, id, { components: [textHeader('Hi'), body('{{1}} {{2}}', 'a')] }),
			'components[1].example.body_text[0]',
		);
		expectInvalid(
			await edit(s, id, { components: [PLAIN_BODY, { type: 'FOOTER', text: 'f'.repeat(61) }] }),
			'components[1].text',
		);
		expectInvalid(
			await edit(s, id, { components: [mediaHeader('IMAGE', 'invented'), PLAIN_BODY] }),
			'components[0].example.header_handle[0]',
		);
		expectInvalid(await edit(s, id, { category: 'PROMOTIONAL' }), 'category');
		// a limited-time offer needs MARKETING: the current category (UTILITY) counts when none is sent
		const offer = {
			type: 'LIMITED_TIME_OFFER',
			limited_time_offer: { text: 'Ends soon', has_expiration: false },
		};
		expectInvalid(await edit(s, id, { components: [PLAIN_BODY, offer] }), 'components[1].type');
		assert.deepEqual((await getTemplate(s, id)).body, before);
		// refused edits did not use up the daily edit
		await editOk(s, id, { category: 'MARKETING', components: [PLAIN_BODY, offer] });
		const after = (await getTemplate(s, id)).body;
		assert.equal(after.category, 'MARKETING');
		assert.equal(after.status, 'PENDING');
	});

	it('validates media header handles of the edit against this key', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		const others = await uploadHandle(s, 'image/png', OTHER_API_KEY);
		expectInvalid(
			await edit(s, id, { components: [mediaHeader('IMAGE', others), PLAIN_BODY] }),
			'components[0].example.header_handle[0]',
		);
		await editOk(s, id, {
			components: [mediaHeader('IMAGE', await uploadHandle(s, 'image/png')), PLAIN_BODY],
		});
	});

	it('changes the category alone, keeping the components', async () => {
		const s = sandbox.current;
		const template = await s.templateByName('payment_reminder');
		await editOk(s, template.id, { category: 'MARKETING' });
		const { body: got } = await getTemplate(s, template.id);
		assert.equal(got.category, 'MARKETING');
		assert.deepEqual(got.components, template.components);
		assert.equal(got.rejected_reason, undefined);
		await s.advance(REVIEW_MS);
		assert.equal(
			await statusOf(s, template.id),
			'APPROVED',
			'a marketing text in MARKETING is approved',
		);
	});

	it('puts the template back in review: it cannot be sent until approved again', async () => {
		const s = sandbox.current;
		assert.equal((await send(s, 'hello_world')).status, 200);
		const { id } = await s.templateByName('hello_world');
		await editOk(s, id, { components: [textHeader('Hello again'), PLAIN_BODY] });
		assert.equal(await statusOf(s, id), 'PENDING');
		expectError(await send(s, 'hello_world'), 400, 132001);
		await s.advance(REVIEW_MS);
		assert.equal(await statusOf(s, id), 'APPROVED');
		const sent = await send(s, 'hello_world');
		assert.equal(sent.status, 200, sent.text);
		assert.match(sent.body.messages[0].id, /^wamid\./);
	});

	it('refuses sending a template that is not APPROVED', async () => {
		const s = sandbox.current;
		await createOk(s, draft('fresh_plain', { components: [PLAIN_BODY] }));
		expectError(await send(s, 'fresh_plain'), 400, 132001);
		expectError(await send(s, 'spring_sale'), 400, 132001);
		expectError(await send(s, 'loyalty_update'), 400, 132001);
		expectError(await send(s, 'payment_reminder'), 400, 132001);
		await s.advance(REVIEW_MS);
		assert.equal((await send(s, 'fresh_plain')).status, 200);
	});
});

describe('edit limits of an approved template (section 8)', () => {
	/** Edits, lets the review approve it and checks it is APPROVED again. */
	async function editAndApprove(s: TestSandbox, id: string, n: number): Promise<void> {
		await editOk(s, id, { components: [body(`Edit number ${n}`)] });
		await s.advance(REVIEW_MS);
		assert.equal(await statusOf(s, id), 'APPROVED');
	}

	it('allows one edit a day: a second the same day is refused with 2388041, the next day it is allowed', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		await editAndApprove(s, id, 1);
		expectError(await edit(s, id, { components: [body('Second today')] }), 400, 2388041);
		await s.advance(DAY - REVIEW_MS - MINUTE);
		expectError(await edit(s, id, { components: [body('Almost a day later')] }), 400, 2388041);
		assert.equal(await statusOf(s, id), 'APPROVED', 'the refused edit changes nothing');
		await s.advance(2 * MINUTE);
		await editAndApprove(s, id, 2);
	});

	it('allows at most 10 edits in 30 days, even a day apart, until the oldest leaves the window', async () => {
		const s = sandbox.current;
		const { id } = await s.templateByName('hello_world');
		const start = await clockNow(s); // just before the first edit
		for (let n = 1; n <= 10; n++) {
			await editAndApprove(s, id, n);
			await s.advance(DAY - REVIEW_MS + MINUTE); // a day (and a minute) after the previous edit
		}
		// about 10 days after the first edit, and more than a day after the last one
		expectError(await edit(s, id, { components: [body('Edit number 11')] }), 400, 2388041);
		await s.advance(start + 30 * DAY - MINUTE - (await clockNow(s)));
		// a minute before the first edit is 30 days old
		expectError(await edit(s, id, { components: [body('Edit number 11')] }), 400, 2388041);
		assert.equal(await statusOf(s, id), 'APPROVED', 'the refused edit changes nothing');
		await s.advance(2 * MINUTE);
		// the first edit left the 30-day window
		await editAndApprove(s, id, 11);
	});

	it('does not count edits of REJECTED or PAUSED templates', async () => {
		const s = sandbox.current;
		const id = await createOk(s, draft('often_edited'));
		for (let n = 1; n <= 12; n++) {
			await setStatus(s, id, n % 2 === 0 ? 'REJECTED' : 'PAUSED');
			await editOk(s, id, { components: [body(`Edit number ${n}`)] });
		}
		// approved now: the first approved edit of the day is allowed, the second is not
		await setStatus(s, id, 'APPROVED');
		await editOk(s, id, { components: [body('Approved edit')] });
		await setStatus(s, id, 'PAUSED');
		await editOk(s, id, { components: [body('Paused edit the same day')] });
		await setStatus(s, id, 'APPROVED');
		expectError(
			await edit(s, id, { components: [body('Second approved edit today')] }),
			400,
			2388041,
		);
	});

	it('counts the edits of each template separately', async () => {
		const s = sandbox.current;
		const hello = await s.templateByName('hello_world');
		const welcome = await s.templateByName('welcome_offer');
		await editAndApprove(s, hello.id, 1);
		await editOk(s, welcome.id, { components: [body('Welcome edit')] });
	});
});

// ---------------------------------------------------------------------------------------------
// delete
// ---------------------------------------------------------------------------------------------

describe('delete templates (4.3 rule 6)', () => {
	it('by name removes every language', async () => {
		const s = sandbox.current;
		const en = await s.templateByName('order_confirmation', 'en_US');
		const es = await s.templateByName('order_confirmation', 'es_ES');
		const response = await remove(s, { name: 'order_confirmation' });
		assert.equal(response.status, 200, response.text);
		assert.deepEqual(response.body, { success: true });
		assert.equal(await s.findTemplate('order_confirmation', 'en_US'), undefined);
		assert.equal(await s.findTemplate('order_confirmation', 'es_ES'), undefined);
		expectError(await getTemplate(s, en.id), 404, 803);
		expectError(await getTemplate(s, es.id), 404, 803);
		assert.equal((await list(s)).body.data.length, SEED_COUNT - 2);
	});

	it('by name and hsm_id removes only that language', async () => {
		const s = sandbox.current;
		const en = await s.templateByName('order_confirmation', 'en_US');
		const es = await s.templateByName('order_confirmation', 'es_ES');
		const response = await remove(s, { name: 'order_confirmation', hsm_id: es.id });
		assert.deepEqual(response.body, { success: true });
		assert.equal(await s.findTemplate('order_confirmation', 'es_ES'), undefined);
		assert.equal((await s.templateByName('order_confirmation', 'en_US')).id, en.id);
		assert.equal((await getTemplate(s, en.id)).status, 200);
	});

	it('answers an unknown name, or an hsm_id of another name, as not found', async () => {
		const s = sandbox.current;
		expectError(await remove(s, { name: 'no_such_template' }), 404, 803);
		const hello = await s.templateByName('hello_world');
		expectError(await remove(s, { name: 'order_confirmation', hsm_id: hello.id }), 404, 803);
		expectError(
			await remove(s, { name: 'order_confirmation', hsm_id: '999999999999999' }),
			404,
			803,
		);
		assert.equal((await list(s)).body.data.length, SEED_COUNT, 'nothing was deleted');
	});

	it('requires the name', async () => {
		const s = sandbox.current;
		expectInvalid(await remove(s, {}), 'name');
		expectInvalid(await remove(s, { name: '' }), 'name');
		expectInvalid(await remove(s, { hsm_id: (await s.templateByName('hello_world')).id }), 'name');
		assert.equal((await list(s)).body.data.length, SEED_COUNT);
	});

	it('blocks a deleted name for 30 days in every language (code 2388023), then allows it', async () => {
		const s = sandbox.current;
		const before = await clockNow(s);
		assert.equal((await remove(s, { name: 'order_confirmation' })).status, 200);
		const after = await clockNow(s);
		const error = expectError(await create(s, draft('order_confirmation')), 400, 2388023);
		assert.match(error.message, /order_confirmation/);
		assert.equal(error.error_data?.field, 'name');
		// the message tells until when: exactly 30 days after the delete
		const until = Date.parse(/until (\S+)$/.exec(error.message)?.[1] ?? '');
		assert.ok(
			until >= before + 30 * DAY && until <= after + 30 * DAY,
			`blocked until ${new Date(until).toISOString()}`,
		);
		expectError(await create(s, draft('order_confirmation', { language: 'es_ES' })), 400, 2388023);
		expectError(await create(s, draft('order_confirmation', { language: 'fr' })), 400, 2388023);
		await createOk(s, draft('order_confirmation_v2'));

		await s.advance(30 * DAY - MINUTE);
		expectError(await create(s, draft('order_confirmation')), 400, 2388023);
		await s.advance(2 * MINUTE);
		await createOk(s, draft('order_confirmation'));
		await createOk(s, draft('order_confirmation', { language: 'es_ES' }));
	});

	it('deleting one language blocks only that language', async () => {
		const s = sandbox.current;
		const en = await s.templateByName('order_confirmation', 'en_US');
		assert.equal((await remove(s, { name: 'order_confirmation', hsm_id: en.id })).status, 200);
		expectError(await create(s, draft('order_confirmation')), 400, 2388023);
		await createOk(s, draft('order_confirmation', { language: 'fr' }));
		// es_ES still exists: creating it again is a duplicate, not a block
		expectError(await create(s, draft('order_confirmation', { language: 'es_ES' })), 400, 2388024);
		await s.advance(30 * DAY + MINUTE);
		await createOk(s, draft('order_confirmation'));
	});

	it('blocks a name deleted by one account only for that account', async () => {
		const s = sandbox.current;
		assert.equal((await remove(s, { name: 'hello_world' })).status, 200);
		const response = await s.api('POST', `/${OTHER_ACCOUNT_ID}/message_templates`, {
			key: OTHER_API_KEY,
			body: draft('hello_world'),
		});
		assert.equal(response.status, 200, response.text);
	});
});

// ---------------------------------------------------------------------------------------------
// isolation
// ---------------------------------------------------------------------------------------------

describe("another key cannot reach this account's templates", () => {
	it('cannot list, create, get, edit or delete them (404)', async () => {
		const s = sandbox.current;
		const hello = await s.templateByName('hello_world');
		expectError(await list(s, {}, OTHER_API_KEY), 404, 803);
		expectError(await create(s, draft('intruder'), OTHER_API_KEY), 404, 803);
		expectError(await getTemplate(s, hello.id, OTHER_API_KEY), 404, 803);
		expectError(await edit(s, hello.id, { components: [PLAIN_BODY] }, OTHER_API_KEY), 404, 803);
		expectError(await remove(s, { name: 'hello_world' }, OTHER_API_KEY), 404, 803);
		expectError(
			await remove(s, { name: 'hello_world', hsm_id: hello.id }, OTHER_API_KEY),
			404,
			803,
		);
		const got = (await getTemplate(s, hello.id)).body;
		assert.equal(got.status, 'APPROVED', 'the refused edit changed nothing');
		assert.equal(got.components.length, 3);
		assert.equal((await list(s)).body.data.length, SEED_COUNT);
		assert.equal(await s.findTemplate('intruder'), undefined);
	});

	it("and this key cannot reach the other account's templates", async () => {
		const s = sandbox.current;
		expectError(await list(s, {}, undefined, OTHER_ACCOUNT_ID), 404, 803);
		expectError(
			await s.api('DELETE', `/${OTHER_ACCOUNT_ID}/message_templates`, {
				query: { name: 'other_hello' },
			}),
			404,
			803,
		);
		const theirs = (await list(s, {}, OTHER_API_KEY, OTHER_ACCOUNT_ID)).body.data[0];
		expectError(await edit(s, theirs.id, { components: [PLAIN_BODY] }), 404, 803);
		assert.equal((await list(s, {}, OTHER_API_KEY, OTHER_ACCOUNT_ID)).body.data.length, 1);
	});
});
