import assert from 'node:assert/strict';
import type { DialectView, SandboxConfig } from '../src/index';
import { addFaults } from './controlSupport';
import type { ApiResponse, TestSandbox } from './helpers';
import type { Page } from './types';

/** Helpers of the dialect tests (dialects-*.test.ts). */

/** GET /_sandbox/config: the settings and the dialect in force. */
export type ConfigView = SandboxConfig & { dialect: DialectView };

export const PNG_SEED_ID = '1037543291543636';
export const OTHER_ACCOUNT = '102290129340999';

/** Changes the dialect (a name, or knobs) through the control API; returns what it answers. */
export async function setDialect(s: TestSandbox, dialect: unknown): Promise<ConfigView> {
	return (await s.control<ConfigView>('POST', '/config', { dialect })).body;
}

export async function configOf(s: TestSandbox): Promise<ConfigView> {
	return (await s.control<ConfigView>('GET', '/config')).body;
}

/** The demo key's IDs as the sandbox has them now (GET /_sandbox/), in the style in force. */
export async function demoIds(s: TestSandbox) {
	const { body } = await s.control<{
		keys: {
			label: string;
			businessAccountIds: string[];
			phoneNumberIds: string[];
			catalogIds: string[];
			mediaIds: string[];
		}[];
	}>('GET', '/');
	const demo = body.keys.find((k) => k.label === 'demo')!;
	const other = body.keys.find((k) => k.label === 'other')!;
	return {
		accountId: demo.businessAccountIds[0],
		numberIds: demo.phoneNumberIds,
		catalogId: demo.catalogIds[0],
		mediaIds: demo.mediaIds,
		otherAccountId: other.businessAccountIds[0],
	};
}

/** A request that ends in a known refusal, and what its Graph-style error says. */
export interface Refusal {
	name: string;
	status: number;
	code: number;
	subcode?: number;
	message: RegExp;
	/** A header the refusal carries in every shape. */
	header?: [string, string];
	request(s: TestSandbox): Promise<ApiResponse>;
}

/** One refusal of each kind: a rule, the key, an unknown ID and path, bad JSON, injected faults. */
export const REFUSALS: Refusal[] = [
	{
		name: 'a field breaks a rule',
		status: 400,
		code: 100,
		message: /^name: must be 1 to 512 lowercase letters/,
		request: (s) =>
			s.api('POST', `/${s.accountId}/message_templates`, {
				body: {
					name: 'Bad Name',
					language: 'en_US',
					category: 'UTILITY',
					components: [{ type: 'BODY', text: 'Hi' }],
				},
			}),
	},
	{
		name: 'a rule of the platform refuses',
		status: 400,
		code: 132001,
		message: /^Template spring_sale \(en_US\) is PENDING/,
		request: (s) =>
			s.api('POST', `/${s.numberId}/messages`, {
				body: {
					messaging_product: 'whatsapp',
					to: '15551234567',
					type: 'template',
					template: { name: 'spring_sale', language: { code: 'en_US' } },
				},
			}),
	},
	{
		name: 'no API key',
		status: 401,
		code: 190,
		subcode: 1,
		message: /^Missing API key/,
		request: (s) => s.api('GET', '/getuserdetails', { key: null }),
	},
	{
		name: 'an unknown ID',
		status: 404,
		code: 803,
		message: /^Object "999" does not exist or is not visible to this API key$/,
		request: (s) => s.api('GET', '/999'),
	},
	{
		name: 'an unknown path',
		status: 404,
		code: 803,
		message: /^Unknown path: GET \/v3\/no\/such\/path$/,
		request: (s) => s.api('GET', '/no/such/path'),
	},
	{
		name: 'a body that is not JSON',
		status: 400,
		code: 100,
		message: /^body: is not valid JSON$/,
		request: (s) =>
			s.api('POST', `/${s.numberId}/messages`, { raw: '{"to":', contentType: 'application/json' }),
	},
	{
		name: 'an injected 429',
		status: 429,
		code: 4,
		message: /^Too many requests/,
		header: ['retry-after', '7'],
		request: async (s) => {
			await addFaults(s, [{ kind: 'status', status: 429, retryAfter: 7, count: 1 }]);
			return s.api('GET', '/getuserdetails');
		},
	},
	{
		name: 'an injected 503',
		status: 503,
		code: 2,
		message: /^Service temporarily unavailable$/,
		request: async (s) => {
			await addFaults(s, [{ kind: 'status', status: 503, count: 1 }]);
			return s.api('GET', `/${s.accountId}`);
		},
	},
];

/** Real Cloud API errors call these transient: retrying may succeed. */
export function transient(status: number): boolean {
	return status === 429 || status >= 500;
}

/** The JSON body of an answer, which must be JSON. */
export function json(response: ApiResponse): Record<string, unknown> {
	assert.match(response.headers.get('content-type') ?? '', /^application\/json/, response.text);
	return response.body as Record<string, unknown>;
}

/** Follows `after` from the first page to the last; every page's answer, in order. */
export async function allPages<T>(
	s: TestSandbox,
	path: string,
	query: Record<string, string | number> = {},
): Promise<Page<T>[]> {
	const pages: Page<T>[] = [];
	let after: string | undefined;
	do {
		const response = await s.api<Page<T>>('GET', path, { query: { ...query, after } });
		assert.equal(response.status, 200, response.text);
		pages.push(response.body);
		after = response.body.paging?.cursors.after;
		assert.ok(pages.length < 100, 'paging never ends');
	} while (after !== undefined);
	return pages;
}
