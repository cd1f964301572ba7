import { signBody } from 'business-messaging-sandbox';
import type { INodeParameters } from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { expectFailure, useTestBed } from './harness';

/**
 * A refused delivery says why: in n8n's log in production, as the trigger's error while it is
 * tested in the editor. Never silently, never with the secret in the words.
 */
const bed = useTestBed();
const SHARED_VALUE = 'shared-value-1234';
const BODY = { object: 'whatsapp_business_account', entry: [] };
const SIGNED: INodeParameters = {
	events: ['incomingMessage'],
	deliveryAuth: 'signature',
	signatureHeader: 'X-Hub-Signature-256',
	signatureSecret: SHARED_VALUE,
};
const TOKEN: INodeParameters = {
	events: ['incomingMessage'],
	deliveryAuth: 'headerToken',
	headerName: 'X-Webhook-Token',
	tokenValue: SHARED_VALUE,
};

function deliver(
	parameters: INodeParameters,
	headers: Record<string, string>,
	mode: 'webhook' | 'manual' = 'webhook',
	body: unknown = BODY,
) {
	return bed.harness({ nodeType: new BusinessMessagingTrigger() }).webhook({
		parameters,
		headers,
		body,
		rawBody: Buffer.from(JSON.stringify(body)),
		mode,
	});
}

const CASES: Array<[string, INodeParameters, Record<string, string>, number, RegExp]> = [
	[
		'a wrong signature',
		SIGNED,
		{ 'x-hub-signature-256': signBody('another-secret', JSON.stringify(BODY)) },
		401,
		/signature does not match: Secret must be the secret the provider signs with/,
	],
	['no signature header', SIGNED, {}, 401, /no "X-Hub-Signature-256" signature header/],
	[
		'a signature that is not one',
		SIGNED,
		{ 'x-hub-signature-256': 'sha256=zz' },
		401,
		/is not an HMAC-SHA256 signature/,
	],
	[
		'a wrong token',
		TOKEN,
		{ 'x-webhook-token': 'not-it' },
		401,
		/"X-Webhook-Token" header does not match Header Value/,
	],
	['no token header', TOKEN, {}, 401, /no "X-Webhook-Token" header: check Header Name/],
];

describe('trigger: a refused delivery says why', () => {
	it.each(CASES)(
		"%s: answered 401, the reason in n8n's log, no execution",
		async (_name, parameters, headers, status, reason) => {
			const { result, response, logs } = await deliver(parameters, headers);
			expect(response.statusCode).toBe(status);
			expect(result.workflowData).toBeUndefined();
			expect(logs).toHaveLength(1);
			expect(logs[0].level).toBe('warn');
			expect(logs[0].message).toMatch(reason);
			expect(logs[0].meta).toEqual({
				workflowId: 'test-workflow',
				node: 'Business Messaging Trigger',
			});
			expect(JSON.stringify(logs)).not.toContain(SHARED_VALUE);
		},
	);

	it.each(CASES)(
		'%s: while tested in the editor, the trigger fails with the reason',
		async (_name, parameters, headers, _status, reason) => {
			const error = await expectFailure(deliver(parameters, headers, 'manual'));
			expect(error.message).toMatch(/^The delivery was refused: /);
			expect(error.message).toMatch(reason);
			expect(String(error.description)).toMatch(/In production the provider gets 401/);
			expect(JSON.stringify({ m: error.message, d: error.description })).not.toContain(
				SHARED_VALUE,
			);
		},
	);

	it('a body that is not the webhook JSON: 400, and the reason', async () => {
		const { response, logs } = await deliver({ events: ['incomingMessage'] }, {}, 'webhook', {
			hello: 'world',
		});
		expect(response.statusCode).toBe(400);
		expect(logs[0].message).toMatch(/The body is not the messaging webhook JSON/);
		const error = await expectFailure(
			deliver({ events: ['incomingMessage'] }, {}, 'manual', { hello: 'world' }),
		);
		expect(error.message).toMatch(/The body is not the messaging webhook JSON/);
	});

	it('the verification handshake with a wrong token: 403, and the reason', async () => {
		const run = (mode: 'webhook' | 'manual') =>
			bed.harness({ nodeType: new BusinessMessagingTrigger() }).webhook({
				parameters: { events: ['incomingMessage'], verifyToken: SHARED_VALUE },
				method: 'GET',
				webhookName: 'setup',
				query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '42' },
				mode,
			});
		const { response, logs } = await run('webhook');
		expect(response.statusCode).toBe(403);
		expect(logs[0].message).toMatch(/hub.verify_token does not match Verify Token/);
		const error = await expectFailure(run('manual'));
		expect(error.message).toMatch(/hub.verify_token does not match Verify Token/);
	});

	it('an authentic delivery logs nothing', async () => {
		const body = JSON.stringify(BODY);
		const { response, logs } = await deliver(SIGNED, {
			'x-hub-signature-256': signBody(SHARED_VALUE, body),
		});
		expect(response.statusCode).toBe(200);
		expect(logs).toEqual([]);
	});
});
