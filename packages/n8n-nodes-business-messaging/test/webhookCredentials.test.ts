import type { ICredentialTestFunctions, ICredentialDataDecryptedObject } from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';

/**
 * The Test button of the trigger's webhook credentials, as n8n's CredentialsTester calls a
 * node's `testedBy` method: nothing to call, so it checks what would let forgers in or keep
 * every delivery out.
 */
const test = async (type: string, data: ICredentialDataDecryptedObject) =>
	await new BusinessMessagingTrigger().methods.credentialTest.webhookCredentialTest.call(
		{} as ICredentialTestFunctions,
		{ id: 'c1', name: 'webhook', type, data },
	);
const SIGNATURE = 'businessMessagingSignatureApi';
const TOKEN = 'businessMessagingHeaderTokenApi';
const LONG = 'a3f1c9e07b5d42e8a3f1c9e07b5d42e8';

describe('the webhook credentials’ Test', () => {
	it('passes a signing secret of the dashboard’s length, and says where it is checked', async () => {
		expect(await test(SIGNATURE, { secret: LONG, signatureHeader: 'X-Hub-Signature-256' })).toEqual(
			{
				status: 'OK',
				message:
					'Ready: deliveries must carry a signature made with this secret in X-Hub-Signature-256',
			},
		);
		expect(
			(await test(TOKEN, { token: LONG, headerName: 'X-Webhook-Token', verifyToken: 'vt-1' }))
				.status,
		).toBe('OK');
	});

	it.each<[string, string, ICredentialDataDecryptedObject, RegExp]>([
		[
			'an empty secret',
			SIGNATURE,
			{ secret: '', signatureHeader: 'X-Hub-Signature-256' },
			/Secret has 0 characters/,
		],
		[
			'a short token',
			TOKEN,
			{ token: 'abc123', headerName: 'X-Webhook-Token' },
			/Header Value has 6 characters/,
		],
		[
			'a header name with a space',
			TOKEN,
			{ token: LONG, headerName: 'X Webhook' },
			/Header Name "X Webhook" is not an HTTP header name/,
		],
		[
			'no signature header',
			SIGNATURE,
			{ secret: LONG, signatureHeader: '' },
			/Signature Header "" is not/,
		],
		[
			'a verify token with a space',
			SIGNATURE,
			{ secret: LONG, signatureHeader: 'X-Hub-Signature-256', verifyToken: 'my token' },
			/Verify Token contains a space/,
		],
	])('refuses %s', async (_case, type, data, message) => {
		const result = await test(type, data);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(message);
	});
});
