import type { ICredentialTestFunctions, ICredentialDataDecryptedObject } from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { expectFailure, useTestBed, type WebhookSecrets } from './harness';

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
			'a secret pasted with a line break after it',
			SIGNATURE,
			{ secret: `${LONG}\n`, signatureHeader: 'X-Hub-Signature-256' },
			/Secret starts or ends with a space or a line break/,
		],
		[
			'a token pasted with a space before it',
			TOKEN,
			{ token: ` ${LONG}`, headerName: 'X-Webhook-Token' },
			/Header Value starts or ends with a space/,
		],
		[
			'a Meta access token in place of the app secret',
			SIGNATURE,
			{ secret: `EAAG${'x1Y2'.repeat(30)}`, signatureHeader: 'X-Hub-Signature-256' },
			/looks like an access token or API key, not the secret deliveries are signed with/,
		],
		[
			'a JWT in place of the app secret',
			SIGNATURE,
			{
				// Three base64url parts, made here: a JWT's shape.
				secret: ['header', 'payload', 'signature']
					.map((part) => Buffer.from(part).toString('base64url'))
					.join('.'),
				signatureHeader: 'X-Hub-Signature-256',
			},
			/looks like an access token/,
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

describe('publishing the trigger with the API key as its secret', () => {
	const bed = useTestBed();
	const publish = async (secrets: WebhookSecrets, deliveryAuth = 'signature') =>
		await bed
			.harness({ nodeType: new BusinessMessagingTrigger(), webhookSecrets: secrets })
			.publish({ parameters: { events: ['incomingMessage'], deliveryAuth, numberRouting: 'all' } });

	it('stops, naming the field and where the right secret comes from', async () => {
		const error = await expectFailure(publish({ secret: bed.sandbox.apiKey }));
		expect(error.message).toBe('The Secret of the Authentication credential is the API key');
		expect((error as { description?: string }).description).toMatch(
			/signed with the app secret .*every delivery would be refused \(401\)/,
		);
	});

	it('stops for a header token that is the API key too', async () => {
		const error = await expectFailure(
			publish({ token: bed.sandbox.apiKey, headerName: 'X-Webhook-Token' }, 'headerToken'),
		);
		expect(error.message).toBe('The Header Value of the Authentication credential is the API key');
	});

	it('publishes with a secret of its own', async () => {
		await expect(publish({ secret: LONG })).resolves.toBeDefined();
	});
});
