import type { IAuthenticate, IHttpRequestOptions } from 'n8n-workflow';
import { BusinessMessagingApi } from '../credentials/BusinessMessagingApi.credentials';
import { ScriptedServer } from 'business-messaging-testing';
import { useTestBed } from './harness';

const bed = useTestBed();

describe('credential businessMessagingApi', () => {
	it('declares the key as a password and sends it only in the apikey header', async () => {
		const credential = new BusinessMessagingApi();
		expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions).toEqual({
			password: true,
		});
		// A function (no expression to resolve per request): it adds the header and changes nothing else.
		const authenticate = credential.authenticate as Extract<IAuthenticate, CallableFunction>;
		const request: IHttpRequestOptions = {
			url: `${bed.sandbox.baseUrl}/getuserdetails`,
			method: 'POST',
			headers: { accept: 'application/json' },
			qs: { fields: 'id' },
			body: { note: 'kept' },
		};
		const sent = await authenticate(
			{ baseUrl: bed.sandbox.baseUrl, apiKey: bed.sandbox.apiKey },
			structuredClone(request),
		);
		expect(sent).toEqual({
			...request,
			headers: { accept: 'application/json', apikey: bed.sandbox.apiKey },
		});
	});

	it('adds the key only for a request under its Base URL, whoever sends it (the HTTP Request node too)', async () => {
		const authenticate = new BusinessMessagingApi().authenticate as Extract<
			IAuthenticate,
			CallableFunction
		>;
		const base = 'https://api.example.com/v3';
		const credentials = { baseUrl: `${base}/ `, apiKey: 'k-123' };
		const keyFor = async (options: IHttpRequestOptions & { uri?: string }) =>
			((await authenticate(credentials, options)).headers ?? {}).apikey;
		// Under the Base URL: by url, by the HTTP Request node's uri, by baseURL and a path.
		expect(await keyFor({ url: `${base}/12345/messages` })).toBe('k-123');
		expect(await keyFor({ url: '', uri: `${base}/12345/block_users` } as never)).toBe('k-123');
		expect(await keyFor({ baseURL: `${base}/`, url: '/getuserdetails' })).toBe('k-123');
		// Elsewhere: another host, a look-alike host, another version, the base itself, no URL.
		for (const url of [
			'https://evil.example.net/v3/12345/messages',
			'https://api.example.com.evil.net/v3/x',
			'https://api.example.com/v4/x',
			'http://api.example.com/v3/x',
			base,
			'not a url',
		])
			await expect(keyFor({ url })).rejects.toThrow(
				/sends its key only to its Base URL \(https:\/\/api\.example\.com\/v3\/?\)/,
			);
		// An absolute URL goes where it names, whatever the baseURL says.
		await expect(keyFor({ baseURL: base, url: 'https://evil.example.net/v3/x' })).rejects.toThrow(
			/this request goes to https:\/\/evil\.example\.net\/v3\/x/,
		);
	});

	it('is read once per run of the node, however many requests the run makes', async () => {
		const harness = bed.harness();
		const [output] = await harness.execute({
			parameters: {
				resource: 'product',
				operation: 'getMany',
				catalogId: { __rl: true, mode: 'id', value: bed.sandbox.catalogId },
				returnAll: true,
				options: { pageSize: 10 },
			},
		});
		expect(output).toHaveLength(50);
		expect(bed.requests().filter((r) => r.url.includes('/products'))).toHaveLength(5);
		expect(harness.credentialsHelper.reads).toBe(1);
		// Every request still carries the key, added by n8n from the credential type.
		for (const request of bed.requests()) expect(request.headers.apikey).toBe('<key:demo>');
		await harness.execute({
			parameters: {
				resource: 'product',
				operation: 'getMany',
				catalogId: { __rl: true, mode: 'id', value: bed.sandbox.catalogId },
				returnAll: false,
				limit: 5,
			},
		});
		expect(harness.credentialsHelper.reads).toBe(2);
	});

	it('tests OK with the demo key, calling GET /getuserdetails with the header', async () => {
		const result = await bed
			.harness()
			.testCredential({ baseUrl: bed.sandbox.baseUrl, apiKey: bed.sandbox.apiKey });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		const [request] = bed.requests();
		expect(request.url).toBe('/v3/getuserdetails');
		expect(request.headers.apikey).toBe('<key:demo>');
	});

	it('accepts a base URL with a trailing slash or spaces', async () => {
		const result = await bed
			.harness()
			.testCredential({ baseUrl: ` ${bed.sandbox.baseUrl}/ `, apiKey: bed.sandbox.apiKey });
		expect(result.status).toBe('OK');
	});

	it('explains a refused key', async () => {
		const result = await bed
			.harness()
			.testCredential({ baseUrl: bed.sandbox.baseUrl, apiKey: 'wrong-key' });
		expect(result.status).toBe('Error');
		expect(result.message).toContain('The API key was refused');
	});

	it('explains a base URL without /v3', async () => {
		const result = await bed.harness().testCredential({
			baseUrl: bed.sandbox.baseUrl.replace(/\/v3$/, ''),
			apiKey: bed.sandbox.apiKey,
		});
		expect(result.status).toBe('Error');
		expect(result.message).toContain('must be the API address ending in /v3');
	});

	it.each([
		[
			400,
			{ error: { message: 'Invalid OAuth access token', code: 190 } },
			'the API key was refused, or the Base URL',
		],
		[403, { message: 'Forbidden' }, 'The API key was refused.'],
	])(
		'explains a key refused with HTTP %p, as other readings of the API answer',
		async (status, body, message) => {
			const provider = new ScriptedServer({
				status,
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			const baseUrl = await provider.start();
			try {
				const result = await bed.harness().testCredential({ baseUrl, apiKey: 'wrong-key-123' });
				expect(result).toEqual({
					status: 'Error',
					message: expect.stringContaining(message),
				});
			} finally {
				await provider.close();
			}
		},
	);
});
