import { BusinessMessagingApi } from '../credentials/BusinessMessagingApi.credentials';
import { ScriptedServer } from 'business-messaging-testing';
import { useTestBed } from './harness';

const bed = useTestBed();

describe('credential businessMessagingApi', () => {
	it('declares the key as a password and sends it only in the apikey header', () => {
		const credential = new BusinessMessagingApi();
		expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions).toEqual({
			password: true,
		});
		expect(credential.authenticate).toEqual({
			type: 'generic',
			properties: { headers: { apikey: '={{$credentials.apiKey}}' } },
		});
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
