import { signBody } from 'business-messaging-sandbox';
import type { INodeParameters } from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { expectFailure, useTestBed, type WebhookSecrets } from './harness';
import { messagesDelivery } from './triggerHarness';

/**
 * A refused delivery says why: in n8n's log in production, as the trigger's error while it is
 * tested in the editor. Never silently, never with the secret in the words.
 */
const bed = useTestBed();
const SHARED_VALUE = 'shared-value-1234';
const BODY = { object: 'whatsapp_business_account', entry: [] };
/** The trigger's parameters, and the secrets of its Authentication's credential. */
interface Setup {
	parameters: INodeParameters;
	secrets?: WebhookSecrets;
}
const SIGNED: Setup = {
	parameters: { events: ['incomingMessage'], deliveryAuth: 'signature' },
	secrets: { signatureHeader: 'X-Hub-Signature-256', secret: SHARED_VALUE },
};
const TOKEN: Setup = {
	parameters: { events: ['incomingMessage'], deliveryAuth: 'headerToken' },
	secrets: { headerName: 'X-Webhook-Token', token: SHARED_VALUE },
};
const OPEN: Setup = { parameters: { events: ['incomingMessage'] } };

function deliver(
	setup: Setup,
	headers: Record<string, string>,
	mode: 'webhook' | 'manual' = 'webhook',
	body: unknown = BODY,
) {
	return bed
		.harness({ nodeType: new BusinessMessagingTrigger(), webhookSecrets: setup.secrets })
		.webhook({
			parameters: setup.parameters,
			headers,
			body,
			rawBody: Buffer.from(JSON.stringify(body)),
			mode,
		});
}

const CASES: Array<[string, Setup, Record<string, string>, number, RegExp]> = [
	[
		'a wrong signature',
		SIGNED,
		{ 'x-hub-signature-256': signBody('another-secret', JSON.stringify(BODY)) },
		401,
		/signature does not match: the credential's Secret must be the secret the provider signs with/,
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
		/"X-Webhook-Token" header does not match the credential's Header Value/,
	],
	[
		'no token header',
		TOKEN,
		{},
		401,
		/no "X-Webhook-Token" header: check the credential's Header Name/,
	],
];

describe('trigger: a refused delivery says why', () => {
	it.each(CASES)(
		"%s: answered 401, the reason in n8n's log, no execution",
		async (_name, setup, headers, status, reason) => {
			const { result, response, logs } = await deliver(setup, headers);
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
		async (_name, setup, headers, _status, reason) => {
			const error = await expectFailure(deliver(setup, headers, 'manual'));
			expect(error.message).toMatch(/^The delivery was refused: /);
			expect(error.message).toMatch(reason);
			expect(String(error.description)).toMatch(/In production the provider gets 401/);
			expect(JSON.stringify({ m: error.message, d: error.description })).not.toContain(
				SHARED_VALUE,
			);
		},
	);

	it('a body that is not the webhook JSON: 400, and the reason', async () => {
		const { response, logs } = await deliver(OPEN, {}, 'webhook', { hello: 'world' });
		expect(response.statusCode).toBe(400);
		expect(logs[0].message).toMatch(/The body is not the messaging webhook JSON/);
		const error = await expectFailure(deliver(OPEN, {}, 'manual', { hello: 'world' }));
		expect(error.message).toMatch(/The body is not the messaging webhook JSON/);
	});

	it('the verification handshake with a wrong token: 403, and the reason', async () => {
		const run = (mode: 'webhook' | 'manual') =>
			bed
				.harness({
					nodeType: new BusinessMessagingTrigger(),
					webhookSecrets: { ...SIGNED.secrets, verifyToken: SHARED_VALUE },
				})
				.webhook({
					parameters: SIGNED.parameters,
					method: 'GET',
					webhookName: 'setup',
					query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '42' },
					mode,
				});
		const { response, logs } = await run('webhook');
		expect(response.statusCode).toBe(403);
		expect(logs[0].message).toMatch(/hub.verify_token does not match the Verify Token/);
		const error = await expectFailure(run('manual'));
		expect(error.message).toMatch(/hub.verify_token does not match the Verify Token/);
	});

	it('an authentic delivery logs no warning; one that starts nothing says why at debug level', async () => {
		const body = JSON.stringify(BODY);
		const { response, logs } = await deliver(SIGNED, {
			'x-hub-signature-256': signBody(SHARED_VALUE, body),
		});
		expect(response.statusCode).toBe(200);
		expect(logs.map((l) => [l.level, l.message])).toEqual([
			[
				'debug',
				'Business Messaging Trigger started nothing for a delivery (answered 200): it held no event',
			],
		]);
	});

	it('a delivery of events not chosen says which kinds, at debug level', async () => {
		const receipt = messagesDelivery({
			metadata: { phone_number_id: 'pn-1' },
			statuses: [
				{ id: 'wamid.r', status: 'read', timestamp: '1767225600', recipient_id: '15550009999' },
			],
		});
		const { response, logs } = await deliver(OPEN, {}, 'webhook', receipt);
		expect(response.statusCode).toBe(200);
		expect(logs.map((l) => [l.level, l.message])).toEqual([
			[
				'debug',
				'Business Messaging Trigger started nothing for a delivery (answered 200): 1 not chosen in Events, Message Statuses, Message Types or the numbers (messageStatus)',
			],
		]);
	});

	it.each([
		['Signature', { parameters: SIGNED.parameters }],
		['Header Token', { parameters: TOKEN.parameters }],
	] as Array<[string, Setup]>)(
		'Authentication %s without its credential: 500 (delivered again once fixed), and why',
		async (_name, setup) => {
			const { result, response, logs } = await deliver(setup, {});
			expect(response.statusCode).toBe(500);
			expect(result.workflowData).toBeUndefined();
			expect(logs[0].message).toMatch(/The credential of Authentication could not be read/);
		},
	);

	it('a credential with an empty secret refuses every delivery, signed with it or not', async () => {
		const empty: Setup = { ...SIGNED, secrets: { ...SIGNED.secrets, secret: '' } };
		const { response, logs } = await deliver(empty, {
			'x-hub-signature-256': signBody('', JSON.stringify(BODY)),
		});
		expect(response.statusCode).toBe(401);
		expect(logs[0].message).toMatch(/has no Secret/);
	});

	/** A customer's text in the platform's envelope. */
	const MESSAGE = messagesDelivery({
		messaging_product: 'whatsapp',
		metadata: { display_phone_number: '15550123401', phone_number_id: 'pn-1' },
		contacts: [{ wa_id: '15550009999', profile: { name: 'Ana' } }],
		messages: [
			{
				from: '15550009999',
				id: 'wamid.no-content-type',
				timestamp: '1767225600',
				type: 'text',
				text: { body: 'Hi' },
			},
		],
	});
	/** Each Authentication, with the headers that authenticate `raw`. */
	const AUTHENTIC: Array<[string, Setup, (raw: string) => Record<string, string>]> = [
		['Signature', SIGNED, (raw) => ({ 'x-hub-signature-256': signBody(SHARED_VALUE, raw) })],
		['Header Token', TOKEN, () => ({ 'x-webhook-token': SHARED_VALUE })],
		['None', OPEN, () => ({})],
	];
	/** A delivery n8n did not parse (no JSON Content-Type): only its raw bytes reach the node. */
	const unparsed = (setup: Setup, raw: string, headers: Record<string, string>) =>
		bed
			.harness({ nodeType: new BusinessMessagingTrigger(), webhookSecrets: setup.secrets })
			.webhook({
				parameters: setup.parameters,
				headers,
				rawBody: Buffer.from(raw),
				unparsedBody: true,
			});

	it.each(AUTHENTIC)(
		'Authentication %s: a delivery without a JSON Content-Type is read from its raw body and taken',
		async (_name, setup, authenticate) => {
			const raw = JSON.stringify(MESSAGE);
			const { result, logs } = await unparsed(setup, raw, authenticate(raw));
			expect(result.workflowData?.[0].map((item) => item.json.messageId)).toEqual([
				'wamid.no-content-type',
			]);
			expect(logs).toEqual([]);
		},
	);

	it.each(
		AUTHENTIC.flatMap(([name, setup, authenticate]) =>
			[
				['an empty body', ''],
				['a body that is not JSON', 'object=whatsapp_business_account'],
				['JSON cut short', JSON.stringify(MESSAGE).slice(0, 40)],
				['a JSON list', '[1, 2]'],
			].map(([what, raw]) => [name, what, setup, raw, authenticate(raw)] as const),
		),
	)(
		'Authentication %s, %s and no Content-Type: 400 with the reason, nothing started',
		async (_name, _what, setup, raw, headers) => {
			const { result, response, logs } = await unparsed(setup, raw, headers);
			expect(response.statusCode).toBe(400);
			expect(result.workflowData).toBeUndefined();
			expect(logs[0].message).toMatch(/The body is not the messaging webhook JSON/);
		},
	);

	it("a fault of the trigger's own is answered 500 with no execution (n8n would start one with the error), logged", async () => {
		// A body whose reading fails: the fault is planted where the trigger first reads it.
		const faulty = {
			get object(): string {
				throw new Error('planted fault');
			},
			entry: [],
		};
		const run = (mode: 'webhook' | 'manual') =>
			bed.harness({ nodeType: new BusinessMessagingTrigger() }).webhook({
				parameters: OPEN.parameters,
				body: faulty,
				rawBody: Buffer.from('{}'),
				mode,
			});
		const { result, response, logs } = await run('webhook');
		expect(response.statusCode).toBe(500);
		expect(result.workflowData).toBeUndefined();
		expect(result.noWebhookResponse).toBe(true);
		expect(logs.map((l) => l.level)).toEqual(['error']);
		expect(logs[0].message).toMatch(
			/could not take a delivery \(500, delivered again by the platform\): planted fault/,
		);
		// Tested in the editor, it stays the trigger's error.
		expect((await expectFailure(run('manual'))).message).toBe('planted fault');
	});

	describe('Options › Report Refusals', () => {
		const reporting = (setup: Setup): Setup => ({
			...setup,
			parameters: { ...setup.parameters, options: { reportRefusals: true } },
		});
		const clock = (at: number) => jest.spyOn(Date, 'now').mockReturnValue(at);
		// The minute is counted per trigger, in this process: each test starts an hour on.
		const t0 = Date.UTC(2026, 10, 27, 12, 0, 0);
		afterEach(() => jest.restoreAllMocks());

		it('a refusal starts the workflow with why and what to fix, at most once a minute; the ones between are counted in the next', async () => {
			const setup = reporting(TOKEN);
			clock(t0);
			const first = await deliver(setup, { 'x-webhook-token': 'not-it' });
			expect(first.response.statusCode).toBe(401);
			expect(first.result.workflowData?.[0].map((i) => i.json)).toEqual([
				{
					eventType: 'refusal',
					status: 401,
					reason: expect.stringMatching(/"X-Webhook-Token" header does not match/),
					fix: expect.stringMatching(/^Make the Authentication credential of the trigger hold/),
					at: new Date(t0).toISOString(),
					refusedBefore: 0,
				},
			]);
			expect(JSON.stringify(first.result)).not.toContain(SHARED_VALUE);
			// Within the minute: refused, counted, nothing started.
			clock(t0 + 10_000);
			const second = await deliver(setup, {});
			expect(second.response.statusCode).toBe(401);
			expect(second.result.workflowData).toBeUndefined();
			clock(t0 + 20_000);
			expect(
				(await deliver(setup, {}, 'webhook', { not: 'it' })).result.workflowData,
			).toBeUndefined();
			// A minute on: the next refusal reports, with the two between.
			clock(t0 + 61_000);
			const later = await deliver(setup, { 'x-webhook-token': 'not-it' });
			expect(later.result.workflowData?.[0][0].json).toMatchObject({
				status: 401,
				refusedBefore: 2,
				refusedBeforeSince: new Date(t0 + 10_000).toISOString(),
			});
		});

		it('a body that is not the webhook JSON is reported as a 400, with its fix', async () => {
			clock(t0 + 3_600_000);
			const { result, response } = await deliver(reporting(OPEN), {}, 'webhook', { hello: 'x' });
			expect(response.statusCode).toBe(400);
			expect(result.workflowData?.[0][0].json).toMatchObject({
				eventType: 'refusal',
				status: 400,
				fix: expect.stringMatching(/Only the platform’s webhook deliveries are taken/),
			});
		});

		it('a 5xx is never reported: the platform delivers it again, so it starts nothing', async () => {
			// Signature chosen, and no credential: 500.
			clock(t0 + 7_200_000);
			const { result, response } = await deliver(reporting({ parameters: SIGNED.parameters }), {});
			expect(response.statusCode).toBe(500);
			expect(result.workflowData).toBeUndefined();
		});
	});

	describe('version 1.2: reported by default, on the Refusals output', () => {
		const clock = (at: number) => jest.spyOn(Date, 'now').mockReturnValue(at);
		// Hours after the tests above, so each starts a minute of its own.
		const t0 = Date.UTC(2026, 10, 28, 12, 0, 0);
		afterEach(() => jest.restoreAllMocks());
		/** A delivery signed with another secret, to a trigger of `typeVersion` with `options`. */
		const wronglySigned = (typeVersion: number, options?: INodeParameters) =>
			bed
				.harness({
					nodeType: new BusinessMessagingTrigger(),
					webhookSecrets: SIGNED.secrets,
					typeVersion,
				})
				.webhook({
					parameters: { ...SIGNED.parameters, ...(options ? { options } : {}) },
					headers: { 'x-hub-signature-256': signBody('the-api-key', JSON.stringify(BODY)) },
					body: BODY,
					rawBody: Buffer.from(JSON.stringify(BODY)),
				});

		it('a wrong secret, no option chosen: 401, and the report alone on the second output', async () => {
			clock(t0);
			const { result, response } = await wronglySigned(1.2);
			expect(response.statusCode).toBe(401);
			const [events, refusals] = result.workflowData ?? [];
			expect(events).toEqual([]);
			expect(refusals.map((i) => i.json)).toEqual([
				expect.objectContaining({
					eventType: 'refusal',
					status: 401,
					reason: expect.stringMatching(/signature does not match/),
				}),
			]);
		});

		it('Report Refusals turned off: refused, nothing started', async () => {
			clock(t0 + 3_600_000);
			const { result, response } = await wronglySigned(1.2, { reportRefusals: false });
			expect(response.statusCode).toBe(401);
			expect(result.workflowData).toBeUndefined();
		});

		it('version 1.1 keeps its behaviour: off by default, on the events output when on', async () => {
			clock(t0 + 7_200_000);
			expect((await wronglySigned(1.1)).result.workflowData).toBeUndefined();
			clock(t0 + 10_800_000);
			const { result } = await wronglySigned(1.1, { reportRefusals: true });
			expect(result.workflowData).toHaveLength(1);
			expect(result.workflowData?.[0][0].json).toMatchObject({ eventType: 'refusal' });
		});

		it("an authentic delivery's events leave on the first output", async () => {
			const { result } = await bed
				.harness({
					nodeType: new BusinessMessagingTrigger(),
					webhookSecrets: SIGNED.secrets,
					typeVersion: 1.2,
				})
				.webhook({
					parameters: SIGNED.parameters,
					headers: { 'x-hub-signature-256': signBody(SHARED_VALUE, JSON.stringify(MESSAGE)) },
					body: MESSAGE,
					rawBody: Buffer.from(JSON.stringify(MESSAGE)),
				});
			expect(result.workflowData?.[0].map((i) => i.json.messageId)).toEqual([
				'wamid.no-content-type',
			]);
			expect(result.workflowData?.[1] ?? []).toEqual([]);
		});
	});
});
