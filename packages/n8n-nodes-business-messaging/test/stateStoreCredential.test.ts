import type { IAuthenticate, IHttpRequestOptions } from 'n8n-workflow';
import { BusinessMessagingN8nApi } from '../credentials/BusinessMessagingN8nApi.credentials';

/**
 * The State Store credential holds a key to n8n's own API: it must reach nothing but that API.
 * What the store does with it is proven in a real n8n (e2e/store.mjs).
 */
describe('credential businessMessagingN8nApi (the trigger state in n8n’s database)', () => {
	const authenticate = new BusinessMessagingN8nApi().authenticate as Extract<
		IAuthenticate,
		CallableFunction
	>;
	const base = 'http://127.0.0.1:5678/api/v1';
	const keyFor = async (options: IHttpRequestOptions & { uri?: string }) =>
		((await authenticate({ baseUrl: `${base}/`, apiKey: 'n8n-key' }, options)).headers ?? {})[
			'X-N8N-API-KEY'
		];

	it('declares the key as a password', () => {
		expect(
			new BusinessMessagingN8nApi().properties.find((p) => p.name === 'apiKey')?.typeOptions,
		).toEqual({ password: true });
	});

	it("sends the key in n8n's header, only under the n8n API URL", async () => {
		expect(await keyFor({ url: `${base}/data-tables/abc/rows` })).toBe('n8n-key');
		expect(await keyFor({ baseURL: base, url: '/data-tables' })).toBe('n8n-key');
		for (const url of [
			'http://127.0.0.1:5678/rest/workflows',
			'http://127.0.0.1:5678/webhook/x/webhook',
			'http://127.0.0.1:5679/api/v1/data-tables',
			'https://evil.example.net/api/v1/data-tables',
			base,
			'not a url',
		])
			await expect(keyFor({ url })).rejects.toThrow(/sends its key only to its n8n API URL/);
	});

	it('tests on the data tables, with a message for each way it fails', () => {
		const { test } = new BusinessMessagingN8nApi();
		expect(test.request.url).toBe('/data-tables');
		const said = Object.fromEntries(
			(test.rules ?? []).map((rule) => [
				(rule.properties as { value: number }).value,
				(rule.properties as { message: string }).message,
			]),
		);
		expect(said[401]).toMatch(/refused/);
		expect(said[403]).toMatch(/data table scopes/);
		expect(said[404]).toMatch(/N8N_PUBLIC_API_DISABLED.*older than 2\.7/);
	});
});
