import { signBody } from 'business-messaging-sandbox';
import type { IDataObject } from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { useTestBed, type WebhookSecrets } from './harness';

const bed = useTestBed();
const trigger = (webhookSecrets?: WebhookSecrets) =>
	bed.harness({ nodeType: new BusinessMessagingTrigger(), webhookSecrets });
const SECRET = 'app-secret';

/** Deliveries the sandbox made (to an address where nothing listens: it records them anyway). */
function captureDeliveries() {
	bed.sandbox.state.config.webhookRetryDelaysMs = [];
	bed.sandbox.state.webhooks.target = {
		url: 'http://127.0.0.1:9/hook',
		headers: {},
		secret: SECRET,
	};
	return () => bed.sandbox.state.webhooks.deliveries.map((d) => d.payload as IDataObject);
}

async function deliver(
	body: unknown,
	parameters: IDataObject = {},
	headers: Record<string, string> = {},
	rawBody?: Buffer,
	secrets?: WebhookSecrets,
) {
	const raw = rawBody ?? Buffer.from(JSON.stringify(body));
	return trigger(secrets).webhook({
		parameters: { events: ['incomingMessage', 'messageStatus', 'templateStatus'], ...parameters },
		body,
		rawBody: raw,
		headers,
	});
}

const items = (result: Awaited<ReturnType<typeof deliver>>) =>
	(result.result.workflowData?.[0] ?? []).map((i) => i.json);

async function incoming(body: IDataObject) {
	const response = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			phone_number_id: bed.sandbox.phoneNumberIds[0],
			from: '14155550100',
			name: 'Maria',
			...body,
		}),
	});
	return (await response.json()) as { message_id: string; media_id?: string };
}

describe('trigger: events from the sandbox become one clean item each', () => {
	it('a template review decision', async () => {
		const deliveries = captureDeliveries();
		const template = [...bed.sandbox.state.store.templates.values()].find(
			(t) => t.name === 'spring_sale',
		)!;
		bed.sandbox.state.decideReview(template, 'APPROVED');
		const [event] = items(await deliver(deliveries()[0]));
		expect(event).toMatchObject({
			eventType: 'templateStatus',
			status: 'APPROVED',
			templateId: template.id,
			templateName: 'spring_sale',
			language: 'en_US',
			reason: 'NONE',
			businessAccountId: bed.sandbox.businessAccountId,
			timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
		});
		expect(event.raw).toEqual(
			expect.objectContaining({ event: 'APPROVED', message_template_name: 'spring_sale' }),
		);
	});

	it('sent, delivered and read receipts of a send', async () => {
		const deliveries = captureDeliveries();
		const [sent] = await bed.harness().execute({
			parameters: {
				resource: 'message',
				operation: 'sendTemplate',
				phoneNumberId: { __rl: true, mode: 'id', value: bed.sandbox.phoneNumberIds[0] },
				recipient: '+1 415 555 0100',
				template: {
					__rl: true,
					mode: 'id',
					value: [...bed.sandbox.state.store.templates.values()].find(
						(t) => t.name === 'hello_world',
					)!.id,
				},
				variables: { mappingMode: 'defineBelow', value: {} },
			},
		});
		bed.sandbox.state.advanceClock(bed.sandbox.state.config.receiptDelaysMs.read);
		const events = [];
		for (const payload of deliveries()) events.push(...items(await deliver(payload)));
		expect(
			events.map((e) => [e.eventType, e.status, e.messageId, e.recipient, e.phoneNumberId]),
		).toEqual(
			['sent', 'delivered', 'read'].map((status) => [
				'messageStatus',
				status,
				sent[0].json.messageId,
				'14155550100',
				bed.sandbox.phoneNumberIds[0],
			]),
		);
	});

	it('a failed delivery carries its errors', async () => {
		const deliveries = captureDeliveries();
		await bed.harness().execute({
			parameters: {
				resource: 'message',
				operation: 'sendTemplate',
				phoneNumberId: { __rl: true, mode: 'id', value: bed.sandbox.phoneNumberIds[0] },
				recipient: '14155550000',
				template: {
					__rl: true,
					mode: 'id',
					value: [...bed.sandbox.state.store.templates.values()].find(
						(t) => t.name === 'hello_world',
					)!.id,
				},
				variables: { mappingMode: 'defineBelow', value: {} },
			},
		});
		bed.sandbox.state.advanceClock(bed.sandbox.state.config.receiptDelaysMs.read);
		const failed = items(await deliver(deliveries()[1]))[0];
		expect(failed).toMatchObject({
			status: 'failed',
			errors: [expect.objectContaining({ code: 131026 })],
		});
	});

	it('incoming text and media messages, with the sender and the media ID', async () => {
		const deliveries = captureDeliveries();
		await incoming({ type: 'text', text: 'Is my order on its way?' });
		const image = await incoming({ type: 'image', caption: 'the receipt' });
		await incoming({
			type: 'document',
			media: { mime_type: 'application/pdf', file_name: 'invoice.pdf', text: '%PDF-1.4 tiny' },
		});
		const [text] = items(await deliver(deliveries()[0]));
		const [photo] = items(await deliver(deliveries()[1]));
		const [doc] = items(await deliver(deliveries()[2]));
		expect(text).toMatchObject({
			eventType: 'incomingMessage',
			messageType: 'text',
			text: 'Is my order on its way?',
			from: '14155550100',
			contactName: 'Maria',
		});
		expect(photo).toMatchObject({
			messageType: 'image',
			mediaId: image.media_id,
			mimeType: 'image/png',
			caption: 'the receipt',
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
		});
		expect(doc).toMatchObject({
			messageType: 'document',
			fileName: 'invoice.pdf',
			mimeType: 'application/pdf',
		});
	});

	it('a delivery with 3 statuses and 2 messages gives 5 items', async () => {
		const value = {
			messaging_product: 'whatsapp',
			metadata: {
				display_phone_number: '15550123401',
				phone_number_id: bed.sandbox.phoneNumberIds[0],
			},
			statuses: ['sent', 'delivered', 'read'].map((status, i) => ({
				id: `wamid.${i}`,
				status,
				timestamp: '1763769600',
				recipient_id: '14155550100',
			})),
			contacts: [{ profile: { name: 'Maria' }, wa_id: '14155550100' }],
			messages: [
				{
					from: '14155550100',
					id: 'wamid.in1',
					timestamp: '1763769601',
					type: 'text',
					text: { body: 'hi' },
				},
				{
					from: '14155550100',
					id: 'wamid.in2',
					timestamp: '1763769602',
					type: 'interactive',
					interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
				},
			],
		};
		const body = {
			object: 'whatsapp_business_account',
			entry: [{ id: bed.sandbox.businessAccountId, changes: [{ field: 'messages', value }] }],
		};
		const events = items(await deliver(body));
		expect(events.map((e) => e.eventType)).toEqual([
			'messageStatus',
			'messageStatus',
			'messageStatus',
			'incomingMessage',
			'incomingMessage',
		]);
		expect(events[4]).toMatchObject({
			messageType: 'interactive',
			reply: { id: 'yes', title: 'Yes' },
		});
		expect(events[0].timestamp).toBe('2025-11-22T00:00:00.000Z');
	});
});

describe('trigger: filters', () => {
	const receipts = (...statuses: string[]) => ({
		object: 'whatsapp_business_account',
		entry: [
			{
				id: '1',
				changes: [
					{
						field: 'messages',
						value: {
							metadata: { phone_number_id: '2' },
							statuses: statuses.map((status, i) => ({ id: `w${i}`, status, timestamp: '1' })),
						},
					},
				],
			},
		],
	});

	it('keeps only the chosen statuses', async () => {
		const events = items(
			await deliver(receipts('sent', 'delivered', 'read'), { statuses: ['read'] }),
		);
		expect(events.map((e) => e.status)).toEqual(['read']);
	});

	it('starts no execution when every event is filtered out, and still answers 200', async () => {
		const result = await deliver(receipts('sent', 'read'), { events: ['incomingMessage'] });
		expect(result.result.workflowData).toBeUndefined();
		expect(result.result.noWebhookResponse).toBe(true);
		expect(result.response.statusCode).toBe(200);
	});

	it('answers 400 to a body that is not the expected JSON, starting nothing', async () => {
		for (const body of [{ hello: 'world' }, { entry: [{ changes: 'x' }] }, 'text']) {
			const result = await deliver(body);
			expect(result.response.statusCode).toBe(400);
			expect(result.result.workflowData).toBeUndefined();
		}
	});
});

describe('trigger: authentication of deliveries', () => {
	const body = {
		object: 'whatsapp_business_account',
		entry: [
			{
				id: '1',
				changes: [
					{
						field: 'messages',
						value: {
							metadata: { phone_number_id: '2' },
							statuses: [{ id: 'w', status: 'read', timestamp: '1' }],
						},
					},
				],
			},
		],
	};
	const raw = Buffer.from(JSON.stringify(body));
	const signature = { deliveryAuth: 'signature' };
	const signatureSecrets = { secret: SECRET, signatureHeader: 'X-Hub-Signature-256' };

	it('accepts a delivery signed by the sandbox, in the sha256= form or as bare hex', async () => {
		const signed = signBody(SECRET, raw.toString());
		expect(
			items(
				await deliver(body, signature, { 'X-Hub-Signature-256': signed }, raw, signatureSecrets),
			),
		).toHaveLength(1);
		expect(
			items(
				await deliver(
					body,
					signature,
					{ 'x-hub-signature-256': signed.slice('sha256='.length) },
					raw,
					signatureSecrets,
				),
			),
		).toHaveLength(1);
	});

	it.each([
		['missing', {}],
		['wrong', { 'X-Hub-Signature-256': signBody('other-secret', raw.toString()) }],
		['wrong length', { 'X-Hub-Signature-256': signBody(SECRET, raw.toString()).slice(0, 40) }],
		['not hex', { 'X-Hub-Signature-256': 'sha256=' + 'z'.repeat(64) }],
	])('answers 401 to a %s signature and starts nothing', async (_case, headers) => {
		const result = await deliver(
			body,
			signature,
			headers as Record<string, string>,
			raw,
			signatureSecrets,
		);
		expect(result.response.statusCode).toBe(401);
		expect(result.result.workflowData).toBeUndefined();
	});

	it('answers 401 to a valid signature over an altered body', async () => {
		const signed = signBody(SECRET, raw.toString());
		const altered = Buffer.from(raw.toString().replace('"read"', '"sent"'));
		const result = await deliver(
			JSON.parse(altered.toString()),
			signature,
			{ 'X-Hub-Signature-256': signed },
			altered,
			signatureSecrets,
		);
		expect(result.response.statusCode).toBe(401);
	});

	it('checks a header token', async () => {
		const token = { deliveryAuth: 'headerToken' };
		const secrets = { headerName: 'X-Webhook-Token', token: 's3cret' };
		expect(
			items(await deliver(body, token, { 'X-Webhook-Token': 's3cret' }, undefined, secrets)),
		).toHaveLength(1);
		for (const headers of [
			{},
			{ 'X-Webhook-Token': 's3cre' },
			{ 'X-Webhook-Token': 's3cret ' },
			{ 'X-Other': 's3cret' },
		] as Array<Record<string, string>>) {
			expect((await deliver(body, token, headers, undefined, secrets)).response.statusCode).toBe(
				401,
			);
		}
	});

	it('accepts none of 1,000 forged signatures', async () => {
		let accepted = 0;
		const secret = signBody(SECRET, raw.toString()).slice('sha256='.length);
		for (let i = 0; i < 1000; i++) {
			// flip one hex digit, truncate, sign another body, or sign with another key
			const forged = [
				`sha256=${secret.slice(0, i % 64)}${((parseInt(secret[i % 64], 16) + 1) % 16).toString(16)}${secret.slice((i % 64) + 1)}`,
				`sha256=${secret.slice(0, i % 64)}`,
				signBody(SECRET, `${raw.toString()} `),
				signBody(`${SECRET}${i}`, raw.toString()),
			][i % 4];
			const result = await deliver(
				body,
				signature,
				{ 'X-Hub-Signature-256': forged },
				raw,
				signatureSecrets,
			);
			if (result.result.workflowData) accepted++;
		}
		expect(accepted).toBe(0);
	});
});

describe('trigger: verification handshake', () => {
	/** The verify token lives in the credential of the trigger's Authentication. */
	const handshake = (secrets: WebhookSecrets, query: Record<string, string>) =>
		trigger({ secret: 'handshake-signing-secret', ...secrets }).webhook({
			parameters: { events: ['incomingMessage'], deliveryAuth: 'signature' },
			method: 'GET',
			query,
			webhookName: 'setup',
		});

	it('answers the challenge for the right verify token', async () => {
		const { response, result } = await handshake(
			{ verifyToken: 'vt' },
			{ 'hub.mode': 'subscribe', 'hub.verify_token': 'vt', 'hub.challenge': '1158201444' },
		);
		expect([response.statusCode, response.body]).toEqual([200, '1158201444']);
		// Plain text that no browser sniffs into a page.
		expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
		expect(response.headers['x-content-type-options']).toBe('nosniff');
		expect(result.workflowData).toBeUndefined();
	});

	it.each(['<script>alert(1)</script>', 'a b', '1'.repeat(257), '"quoted"', '', 'x\ny'])(
		'echoes no challenge of another shape than the platform’s: %j',
		async (challenge) => {
			const { response } = await handshake(
				{ verifyToken: 'vt' },
				{ 'hub.mode': 'subscribe', 'hub.verify_token': 'vt', 'hub.challenge': challenge },
			);
			expect(response.statusCode).toBe(400);
			expect(String(response.body)).not.toContain(challenge || 'never');
		},
	);

	it('answers 403 to a wrong token, or when no token is set', async () => {
		expect(
			(
				await handshake(
					{ verifyToken: 'vt' },
					{ 'hub.mode': 'subscribe', 'hub.verify_token': 'no', 'hub.challenge': '1' },
				)
			).response.statusCode,
		).toBe(403);
		expect(
			(
				await handshake(
					{},
					{ 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' },
				)
			).response.statusCode,
		).toBe(403);
	});
});

describe('trigger: incoming media download', () => {
	it('puts the file of an incoming image into the item, with the credential', async () => {
		const deliveries = captureDeliveries();
		const image = await incoming({ type: 'image' });
		const result = await deliver(deliveries()[0], { options: { downloadMedia: true } });
		const [item] = result.result.workflowData![0];
		const stored = bed.sandbox.state.store.media.get(image.media_id!)!;
		expect(item.binary!.data.mimeType).toBe('image/png');
		expect(Buffer.from(item.binary!.data.data, 'base64').length).toBe(stored.size);
		expect(item.json.mediaId).toBe(image.media_id);
	});

	it('keeps the event, saying why, when the file cannot be downloaded', async () => {
		const deliveries = captureDeliveries();
		const image = await incoming({ type: 'image' });
		bed.sandbox.state.store.media.get(image.media_id!)!.deletedAt = 1;
		const [item] = (await deliver(deliveries()[0], { options: { downloadMedia: true } })).result
			.workflowData![0];
		expect(item.json.mediaError).toContain('was deleted');
		expect(item.binary).toBeUndefined();
	});

	it('asks nothing when the delivery names no phone number ID, and says so', async () => {
		const deliveries = captureDeliveries();
		await incoming({ type: 'image' });
		const delivery = deliveries()[0] as {
			entry: Array<{ changes: Array<{ value: Record<string, unknown> }> }>;
		};
		delete delivery.entry[0].changes[0].value.metadata;
		const before = bed.requests().length;
		const [item] = (await deliver(delivery, { options: { downloadMedia: true } })).result
			.workflowData![0];
		expect(item.json.mediaError).toMatch(/names no phone number ID/);
		expect(bed.requests()).toHaveLength(before);
	});
});
