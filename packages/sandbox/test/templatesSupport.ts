import assert from 'node:assert/strict';
import { expectError, type ApiResponse, type TestSandbox } from './helpers';
import type {
	ClockView,
	CreatedTemplate,
	ErrorObject,
	Page,
	SendAnswer,
	TemplateView,
	UploadHandle,
	UploadSession,
} from './types';
/**
 * Helpers of the template tests (templates-*.test.ts): spec 2.2, 3.1, 4.3, 7, 8, create rules
 * (name, category, language, components), review, listing and paging, retrieval, edit rules and
 * limits, delete and name blocking, isolation between keys. Every refusal is checked for the
 * field it names.
 */

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** FAST_CONFIG.reviewDelayMs */
export const REVIEW_MS = 60 * SECOND;
export const OTHER_ACCOUNT_ID = '102290129340999';

export type Component = Record<string, unknown>;

/** A valid BODY with two placeholders. */
export const BODY: Component = {
	type: 'BODY',
	text: 'Hi {{1}}, your order {{2}} is ready.',
	example: { body_text: [['Maria', '1001']] },
};
export const PLAIN_BODY: Component = { type: 'BODY', text: 'Your order is ready for pickup.' };

export function body(text: string, ...values: string[]): Component {
	return values.length === 0
		? { type: 'BODY', text }
		: { type: 'BODY', text, example: { body_text: [values] } };
}

export function textHeader(text: string, ...values: string[]): Component {
	return values.length === 0
		? { type: 'HEADER', format: 'TEXT', text }
		: { type: 'HEADER', format: 'TEXT', text, example: { header_text: values } };
}

export function buttons(...list: Component[]): Component {
	return { type: 'BUTTONS', buttons: list };
}

export const QUICK: Component = { type: 'QUICK_REPLY', text: 'Talk to us' };

export function draft(
	name: string,
	overrides: Record<string, unknown> = {},
): Record<string, unknown> {
	return { name, language: 'en_US', category: 'UTILITY', components: [BODY], ...overrides };
}

export let counter = 0;
/** A fresh valid template name. */
export function fresh(prefix = 'tpl'): string {
	counter += 1;
	return `${prefix}_${counter}`;
}

export function create(
	s: TestSandbox,
	payload: unknown,
	key?: string,
): Promise<ApiResponse<CreatedTemplate>> {
	return s.api('POST', `/${s.accountId}/message_templates`, { body: payload, key });
}

/** Creates a template and asserts the documented answer; returns its id. */
export async function createOk(s: TestSandbox, payload: Record<string, unknown>): Promise<string> {
	const response = await create(s, payload);
	assert.equal(response.status, 200, `create ${JSON.stringify(payload.name)}: ${response.text}`);
	assert.deepEqual(Object.keys(response.body).sort(), ['category', 'id', 'status']);
	assert.match(response.body.id, /^\d+$/);
	assert.equal(response.body.status, 'PENDING');
	assert.equal(response.body.category, payload.category);
	return response.body.id;
}

/** Creates a template with these components and expects a 400 naming `field`. */
export async function refusedComponents(
	s: TestSandbox,
	components: unknown,
	field: string,
	category = 'UTILITY',
): Promise<void> {
	expectInvalid(await create(s, draft(fresh(), { components, category })), field);
}

/** Creates a template with these components and expects it accepted. */
export async function acceptedComponents(
	s: TestSandbox,
	components: unknown,
	category = 'UTILITY',
): Promise<string> {
	return createOk(s, draft(fresh(), { components, category }));
}

/** A 400 (code 100) whose message starts with the exact field path and whose error_data names it. */
export function expectInvalid(response: ApiResponse, field: string): ErrorObject {
	const error = expectError(response, 400, 100);
	assert.ok(
		error.message.startsWith(`${field}: `),
		`expected the message to name ${field}, got: ${error.message}`,
	);
	assert.equal(error.error_data?.field, field, `error_data.field of ${response.text}`);
	return error;
}

export async function getTemplate(
	s: TestSandbox,
	id: string,
	key?: string,
): Promise<ApiResponse<TemplateView>> {
	return s.api('GET', `/${id}`, { key });
}

export async function statusOf(s: TestSandbox, id: string): Promise<string> {
	const response = await getTemplate(s, id);
	assert.equal(response.status, 200, response.text);
	return response.body.status;
}

export function list(
	s: TestSandbox,
	query: Record<string, string | number | undefined> = {},
	key?: string,
	accountId = s.accountId,
): Promise<ApiResponse<Page<TemplateView>>> {
	return s.api('GET', `/${accountId}/message_templates`, { query, key });
}

export function edit(
	s: TestSandbox,
	id: string,
	payload: unknown,
	key?: string,
): Promise<ApiResponse> {
	return s.api('POST', `/${id}`, { body: payload, key });
}

export async function editOk(s: TestSandbox, id: string, payload: unknown): Promise<void> {
	const response = await edit(s, id, payload);
	assert.equal(response.status, 200, `edit ${id}: ${response.text}`);
	assert.deepEqual(response.body, { success: true });
}

export function remove(
	s: TestSandbox,
	query: Record<string, string | undefined>,
	key?: string,
): Promise<ApiResponse> {
	return s.api('DELETE', `/${s.accountId}/message_templates`, { query, key });
}

export function setStatus(s: TestSandbox, id: string, status: string): Promise<ApiResponse> {
	return s.control('POST', `/templates/${id}/status`, { status });
}

export function send(
	s: TestSandbox,
	name: string,
	code = 'en_US',
): Promise<ApiResponse<SendAnswer>> {
	return s.api('POST', `/${s.numberId}/messages`, {
		body: {
			messaging_product: 'whatsapp',
			to: '14155550100',
			type: 'template',
			template: { name, language: { code } },
		},
	});
}

export async function clockNow(s: TestSandbox): Promise<number> {
	return (await s.control<ClockView>('GET', '/clock')).body.now;
}

/** The two-step sample upload (4.5); returns the handle `h`. */
export async function uploadHandle(
	s: TestSandbox,
	fileType: string,
	key?: string,
): Promise<string> {
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

export function mediaHeader(format: string, ...handles: unknown[]): Component {
	return { type: 'HEADER', format, example: { header_handle: handles } };
}

/** Templates the demo seed gives the account. */
export const SEED_COUNT = 14;

/** Creates `count` templates named page_<i> (oldest first); returns their ids. */
export async function createMany(
	s: TestSandbox,
	count: number,
	prefix = 'page',
): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 1; i <= count; i++) ids.push(await createOk(s, draft(`${prefix}_${i}`)));
	return ids;
}
