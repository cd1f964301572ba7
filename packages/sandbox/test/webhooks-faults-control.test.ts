import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { afterEach, describe, it } from 'node:test';
import { demoSeed } from '../src/seed';
import { expectError, FAST_CONFIG, OTHER_API_KEY, useSandbox, type TestSandbox } from './helpers';
import {
	controlRaw,
	CUSTOMER,
	DEMO_NUMBER,
	expectNoMore,
	expectSent,
	hmacHex,
	Receivers,
	recordedMessages,
	rejection,
	SECOND_NUMBER,
	send,
	sleep,
	statusOf,
	templateMessage,
	timed,
	messageOf,
} from './msg-webhook-support';
import type {
	ClockView,
	CreatedTemplate,
	Delivery,
	FailureIn200,
	FaultRule,
	IncomingAnswer,
	Listed,
	LoggedRequest,
	Message,
	Payment,
	Refund,
	RefundAnswer,
	Refusal,
	SandboxConfig,
	SendAnswer,
	UserDetails,
	WebhookView,
} from './types';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

async function addFaults(s: TestSandbox, faults: unknown[], seed?: number): Promise<FaultRule[]> {
	return (
		await s.control<Listed<FaultRule>>(
			'POST',
			'/faults',
			seed === undefined ? { faults } : { faults, seed },
		)
	).body.data;
}

/** A customer message through the control API; its webhook is emitted at once. */
async function incoming(
	s: TestSandbox,
	body: Record<string, unknown> = {},
): Promise<IncomingAnswer> {
	return (
		await s.control<IncomingAnswer>('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			text: 'Hello',
			...body,
		})
	).body;
}

function sha256Hex(data: Buffer): string {
	return createHash('sha256').update(data).digest('hex');
}

describe('webhook deliveries', () => {
	it('signs every delivery with X-Hub-Signature-256 = HMAC-SHA256 of the raw body', async () => {
		const s = sandbox.current;
		const secret = 'webhook-secret-42';
		const receiver = await receivers.start(s, { secret });
		await incoming(s);
		const id = expectSent(await send(s, templateMessage('hello_world')));
		await s.advance(1_000);
		await receiver.waitFor(2);
		for (const delivery of receiver.received) {
			const signature = delivery.headers['x-hub-signature-256'];
			assert.equal(typeof signature, 'string');
			assert.match(signature as string, /^sha256=[0-9a-f]{64}$/);
			assert.equal(signature, `sha256=${hmacHex(secret, delivery.body)}`);
			assert.notEqual(signature, `sha256=${hmacHex('another-secret', delivery.body)}`);
			assert.equal(delivery.method, 'POST');
			assert.match(String(delivery.headers['content-type']), /^application\/json/);
		}
		assert.equal(statusOf(JSON.parse(receiver.received[1].body)).id, id);
		// the secret is not shown back by the control API
		const target = (await s.control<WebhookView>('GET', '/webhook')).body.target;
		assert.equal(target?.url, receiver.url);
		assert.ok(!JSON.stringify(target).includes(secret));
	});

	it('sends no signature without a secret', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await incoming(s);
		await receiver.waitFor(1);
		assert.equal(receiver.received[0].headers['x-hub-signature-256'], undefined);
	});

	it('sends the static headers given at registration with every delivery', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s, {
			headers: { 'x-shared-token': 'tok-123', 'x-tenant': 'acme' },
		});
		await incoming(s);
		expectSent(await send(s, templateMessage('hello_world')));
		await s.advance(1_000);
		await receiver.waitFor(2);
		for (const delivery of receiver.received) {
			assert.equal(delivery.headers['x-shared-token'], 'tok-123');
			assert.equal(delivery.headers['x-tenant'], 'acme');
			assert.match(String(delivery.headers['x-sandbox-delivery-id']), /^[0-9a-f-]{36}$/);
		}
		assert.notEqual(
			receiver.received[0].headers['x-sandbox-delivery-id'],
			receiver.received[1].headers['x-sandbox-delivery-id'],
		);
	});

	it('refuses headers that are not strings and URLs that are not http(s)', async () => {
		const s = sandbox.current;
		expectError(
			await controlRaw(s, 'PUT', '/webhook', {
				url: 'http://127.0.0.1:9/hook',
				headers: { 'x-n': 5 },
			}),
			400,
			100,
			'headers',
		);
		expectError(
			await controlRaw(s, 'PUT', '/webhook', { url: 'ftp://127.0.0.1/hook' }),
			400,
			100,
			'url',
		);
		expectError(await controlRaw(s, 'PUT', '/webhook', {}), 400, 100, 'url');
		assert.equal((await s.control<WebhookView>('GET', '/webhook')).body.target, null);
	});

	it('retries a failing receiver with the same delivery ID and body until it accepts (at least once)', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s, { secret: 's3cret' });
		receiver.failNext = 2;
		const { delivery_id: deliveryId, message_id: messageId } = await incoming(s, {
			text: 'Is my order shipped?',
		});
		assert.equal(typeof deliveryId, 'string');
		await receiver.waitFor(3);
		await expectNoMore(receiver, 3, 400);
		const ids = receiver.received.map((r) => r.headers['x-sandbox-delivery-id']);
		assert.deepEqual(ids, [deliveryId, deliveryId, deliveryId]);
		assert.equal(
			new Set(receiver.received.map((r) => r.body)).size,
			1,
			'every attempt carries the same body',
		);
		assert.equal(new Set(receiver.received.map((r) => r.headers['x-hub-signature-256'])).size, 1);
		const payload = receiver.payloads()[2];
		assert.equal(messageOf(payload).id, messageId);
		assert.equal(messageOf(payload).text?.body, 'Is my order shipped?');
		const delivery = (
			await s.control<Listed<Delivery>>('GET', '/webhook/deliveries')
		).body.data.find((d) => d.id === deliveryId);
		assert.ok(delivery, `delivery ${deliveryId} is listed`);
		assert.equal(delivery.attempts, 3);
		assert.equal(delivery.status, 'delivered');
	});

	it('has at most webhookConcurrency deliveries in flight; the others wait their turn, each delivered once', async () => {
		const s = sandbox.current;
		await s.control<SandboxConfig>('POST', '/config', { webhookConcurrency: 3 });
		const receiver = await receivers.start(s);
		receiver.answerAfterMs = 100;
		const sent: string[] = [];
		for (let i = 0; i < 12; i++) sent.push((await incoming(s, { text: `burst ${i}` })).message_id);
		await receiver.waitFor(12, 5_000);
		await s.control('POST', '/webhook/flush');
		assert.equal(receiver.mostOpen, 3);
		// Started in order; with 3 at once, two started together may finish in either order.
		assert.deepEqual(
			receiver
				.payloads()
				.map((p) => messageOf(p).id)
				.sort(),
			[...sent].sort(),
		);
		const deliveries = (await s.control<Listed<Delivery>>('GET', '/webhook/deliveries')).body.data;
		assert.deepEqual(
			deliveries.map((d) => [d.status, d.attempts]),
			sent.map(() => ['delivered', 1]),
		);
	});

	it('with webhookConcurrency 0, sends every delivery at once', async () => {
		const s = sandbox.current;
		await s.control<SandboxConfig>('POST', '/config', { webhookConcurrency: 0 });
		const receiver = await receivers.start(s);
		receiver.answerAfterMs = 300;
		for (let i = 0; i < 12; i++) await incoming(s, { text: `burst ${i}` });
		await receiver.waitFor(12, 5_000);
		assert.equal(receiver.mostOpen, 12);
	});

	it('gives up after the configured retries', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		receiver.failNext = 100;
		const { delivery_id: deliveryId } = await incoming(s);
		// 1 attempt + one per retry delay (50, 100, 200 ms)
		await receiver.waitFor(1 + FAST_CONFIG.webhookRetryDelaysMs.length);
		await expectNoMore(receiver, 1 + FAST_CONFIG.webhookRetryDelaysMs.length, 400);
		const delivery = (
			await s.control<Listed<Delivery>>('GET', '/webhook/deliveries')
		).body.data.find((d) => d.id === deliveryId);
		assert.ok(delivery, `delivery ${deliveryId} is listed`);
		assert.equal(delivery.status, 'failed');
		assert.equal(delivery.lastStatus, 500);
	});

	it('performs the hub.challenge handshake when registering with a verify token', async () => {
		const s = sandbox.current;
		const receiver = await receivers.startUnregistered();
		const wrong = await controlRaw<Refusal>(s, 'PUT', '/webhook', {
			url: receiver.url,
			verifyToken: 'wrong-token',
		});
		expectError(wrong, 400, 100, 'verifyToken');
		assert.match(wrong.body.error.message, /403/);
		assert.equal(
			(await s.control<WebhookView>('GET', '/webhook')).body.target,
			null,
			'a refused registration registers nothing',
		);
		await s.control('PUT', '/webhook', { url: receiver.url, verifyToken: 'right-token' });
		assert.equal((await s.control<WebhookView>('GET', '/webhook')).body.target?.url, receiver.url);
		await incoming(s);
		await receiver.waitFor(1);
		assert.equal(receiver.received[0].method, 'POST');
	});

	it('refuses a verify-token registration when the receiver cannot be reached', async () => {
		const s = sandbox.current;
		const receiver = await receivers.startUnregistered();
		const url = receiver.url;
		await receiver.stop();
		expectError(
			await controlRaw(s, 'PUT', '/webhook', { url, verifyToken: 'right-token' }),
			400,
			100,
			'url',
		);
	});

	it('delivers an incoming text message with its contact in the Meta envelope', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const answer = await incoming(s, { text: 'Do you ship to Lisbon?', name: 'Ana' });
		const [payload] = await receiver.waitFor(1);
		assert.equal(payload.object, 'whatsapp_business_account');
		assert.equal(payload.entry.length, 1);
		assert.equal(payload.entry[0].id, s.accountId);
		assert.equal(typeof payload.entry[0].time, 'number');
		assert.equal(payload.entry[0].changes.length, 1);
		assert.equal(payload.entry[0].changes[0].field, 'messages');
		const value = payload.entry[0].changes[0].value;
		assert.equal(value.messaging_product, 'whatsapp');
		assert.deepEqual(value.metadata, {
			display_phone_number: '15550123401',
			phone_number_id: DEMO_NUMBER,
		});
		assert.deepEqual(value.contacts, [{ profile: { name: 'Ana' }, wa_id: CUSTOMER }]);
		const message = messageOf(payload);
		assert.equal(message.id, answer.message_id);
		assert.match(message.id, /^wamid\./);
		assert.equal(message.from, CUSTOMER);
		assert.equal(message.type, 'text');
		assert.deepEqual(message.text, { body: 'Do you ship to Lisbon?' });
		assert.match(message.timestamp, /^\d{10}$/);
	});

	it('delivers an incoming image without given media: its media ID downloads, matching the sha256', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const answer = await incoming(s, { type: 'image', text: undefined });
		const [payload] = await receiver.waitFor(1);
		const message = messageOf(payload);
		assert.equal(message.type, 'image');
		assert.equal(typeof message.image?.id, 'string');
		assert.equal(message.image?.id, answer.media_id);
		assert.equal(message.image?.mime_type, 'image/png');
		const download = await fetch(
			`${s.baseUrl}/downloadMedia/${message.image?.id}?phone_number_id=${DEMO_NUMBER}`,
			{ method: 'POST', headers: { apikey: s.key } },
		);
		assert.equal(download.status, 200);
		assert.equal(download.headers.get('content-type'), 'image/png');
		const bytes = Buffer.from(await download.arrayBuffer());
		assert.ok(bytes.length > 0);
		assert.deepEqual(bytes.subarray(0, 8), Buffer.from('89504e470d0a1a0a', 'hex'), 'a PNG file');
		assert.equal(sha256Hex(bytes), message.image?.sha256);
	});

	it('delivers an incoming image with given media, which downloads byte for byte by the receiving number only', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const content = Buffer.from([
			0xff,
			0xd8,
			0xff,
			0xe0,
			...Buffer.from('fake jpeg from a customer'),
			0xff,
			0xd9,
		]);
		await incoming(s, {
			type: 'image',
			media: { mime_type: 'image/jpeg', base64: content.toString('base64') },
			caption: 'my latte',
		});
		const [payload] = await receiver.waitFor(1);
		const image = messageOf(payload).image;
		assert.ok(image, 'an image message');
		assert.equal(image.mime_type, 'image/jpeg');
		assert.equal(image.caption, 'my latte');
		assert.equal(image.sha256, sha256Hex(content));
		const download = await fetch(
			`${s.baseUrl}/downloadMedia/${image.id}?phone_number_id=${DEMO_NUMBER}`,
			{ method: 'POST', headers: { apikey: s.key } },
		);
		assert.equal(download.status, 200);
		assert.equal(download.headers.get('content-type'), 'image/jpeg');
		assert.deepEqual(Buffer.from(await download.arrayBuffer()), content);
		expectError(
			await s.api('POST', `/downloadMedia/${image.id}`, {
				query: { phone_number_id: SECOND_NUMBER },
			}),
			404,
		);
		expectError(
			await s.api('POST', `/downloadMedia/${image.id}`, {
				query: { phone_number_id: DEMO_NUMBER },
				key: OTHER_API_KEY,
			}),
			404,
		);
	});

	it('delivers a template status event after the review', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const created = await s.api<CreatedTemplate>('POST', `/${s.accountId}/message_templates`, {
			body: {
				name: 'roast_news',
				language: 'en_US',
				category: 'UTILITY',
				components: [{ type: 'BODY', text: 'Your beans were roasted today.' }],
			},
		});
		assert.equal(created.status, 200, created.text);
		await s.advance(FAST_CONFIG.reviewDelayMs);
		const [payload] = await receiver.waitFor(1);
		assert.equal(payload.object, 'whatsapp_business_account');
		assert.equal(payload.entry[0].id, s.accountId);
		assert.equal(payload.entry[0].changes[0].field, 'message_template_status_update');
		const value = payload.entry[0].changes[0].value;
		assert.equal(value.event, 'APPROVED');
		assert.equal(String(value.message_template_id), created.body.id);
		assert.equal(value.message_template_name, 'roast_news');
	});

	it('sends nothing once the webhook is removed', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await s.control('DELETE', '/webhook');
		await incoming(s);
		expectSent(await send(s, templateMessage('hello_world')));
		await s.advance(5_000);
		await expectNoMore(receiver, 0);
	});
});

describe('fault injection', () => {
	it('answers 429 with Retry-After and the error shape (code 4)', async () => {
		const s = sandbox.current;
		await addFaults(s, [{ kind: 'status', status: 429, retryAfter: 7 }]);
		const response = await s.api('GET', '/getuserdetails');
		const error = expectError(response, 429, 4);
		assert.equal(response.headers.get('retry-after'), '7');
		assert.equal(typeof error.type, 'string');
		// a refused send is not processed
		expectError(await send(s, templateMessage('hello_world')), 429, 4);
		assert.equal((await recordedMessages(s)).length, 0);
	});

	it('answers 500 and 503 with the error shape', async () => {
		const s = sandbox.current;
		await addFaults(s, [
			{ kind: 'status', status: 500, count: 1 },
			{ kind: 'status', status: 503, count: 1 },
		]);
		const first = await s.api('GET', '/getuserdetails');
		expectError(first, 500, 1);
		assert.equal(first.headers.get('retry-after'), null);
		expectError(await s.api('GET', '/getuserdetails'), 503, 2);
		assert.equal((await s.api('GET', '/getuserdetails')).status, 200);
	});

	it('fires a rule only count times, then answers normally', async () => {
		const s = sandbox.current;
		await addFaults(s, [{ kind: 'status', status: 500, count: 2 }]);
		const statuses: number[] = [];
		for (let i = 0; i < 4; i++) statuses.push((await s.api('GET', '/getuserdetails')).status);
		assert.deepEqual(statuses, [500, 500, 200, 200]);
		const [rule] = (await s.control<Listed<FaultRule>>('GET', '/faults')).body.data;
		assert.equal(rule.hits, 2);
	});

	it('matches by path and method', async () => {
		const s = sandbox.current;
		await addFaults(s, [
			{ kind: 'status', status: 503, method: 'POST', path: '/payments_refund$' },
			{ kind: 'status', status: 500, method: 'GET', path: '/messages$' },
		]);
		const refundBody = { reference_id: 'order-1001', payment_config_id: 'acme-payments' };
		expectError(
			await s.api('POST', `/${DEMO_NUMBER}/payments_refund`, { body: refundBody }),
			503,
			2,
		);
		assert.equal(
			(await s.control<Listed<Refund>>('GET', '/refunds')).body.data.length,
			0,
			'the refund was not processed',
		);
		// the GET rule does not catch the POST send, and other paths are untouched
		expectSent(await send(s, templateMessage('hello_world')));
		assert.equal((await s.api('GET', '/getuserdetails')).status, 200);
		assert.equal((await s.api('GET', `/${s.accountId}`)).status, 200);
		// the path is matched without the query string
		expectError(
			await s.api('POST', `/${DEMO_NUMBER}/payments_refund`, {
				body: refundBody,
				query: { x: '1' },
			}),
			503,
		);
	});

	it('fires about half the time at rate 0.5, repeatably for a seed', async () => {
		const s = sandbox.current;
		const run = async (count: number) => {
			const statuses: number[] = [];
			for (let i = 0; i < count; i++) statuses.push((await s.api('GET', '/getuserdetails')).status);
			return statuses;
		};
		await addFaults(s, [{ kind: 'status', status: 503, rate: 0.5 }], 42);
		const statuses = await run(200);
		const failed = statuses.filter((x) => x === 503).length;
		assert.ok(statuses.every((x) => x === 200 || x === 503));
		assert.ok(failed >= 70 && failed <= 130, `rate 0.5 fired ${failed} of 200 times`);
		assert.equal((await s.control<Listed<FaultRule>>('GET', '/faults')).body.data[0].hits, failed);
		await s.control('DELETE', '/faults');
		await addFaults(s, [{ kind: 'status', status: 503, rate: 0.5 }], 42);
		assert.deepEqual(
			await run(40),
			statuses.slice(0, 40),
			'the same seed fires on the same requests',
		);
	});

	it('resets the connection before processing: the client fails and nothing is sent', async () => {
		const s = sandbox.current;
		await addFaults(s, [{ kind: 'reset', path: '/messages$', count: 1 }]);
		await rejection(send(s, templateMessage('hello_world')), 'reset');
		await sleep(100);
		assert.equal(
			(await recordedMessages(s)).length,
			0,
			'a reset before processing must not process the send',
		);
		expectSent(await send(s, templateMessage('hello_world')));
	});

	it('times out: no answer for latencyMs, then the connection closes, and nothing is sent', async () => {
		const s = sandbox.current;
		await addFaults(s, [{ kind: 'timeout', latencyMs: 300, path: '/messages$' }]);
		const { value: error, ms } = await timed(() =>
			rejection(
				fetch(`${s.baseUrl}/${DEMO_NUMBER}/messages`, {
					method: 'POST',
					headers: { apikey: s.key, 'content-type': 'application/json' },
					body: JSON.stringify(templateMessage('hello_world')),
					signal: AbortSignal.timeout(5_000),
				}),
				'timeout',
			),
		);
		assert.ok(error instanceof Error);
		assert.ok(ms >= 250, `the connection closed after ${ms} ms, before latencyMs`);
		await sleep(100);
		assert.equal(
			(await recordedMessages(s)).length,
			0,
			'a timeout before processing must not process the send',
		);
	});

	it('lets a client time out first with AbortSignal.timeout', async () => {
		const s = sandbox.current;
		await addFaults(s, [{ kind: 'timeout', latencyMs: 600, path: 'getuserdetails' }]);
		const { value: error, ms } = await timed(() =>
			rejection(
				fetch(`${s.baseUrl}/getuserdetails`, {
					headers: { apikey: s.key },
					signal: AbortSignal.timeout(150),
				}),
				'timeout',
			),
		);
		assert.equal(error.name, 'TimeoutError');
		assert.ok(ms < 550, `aborted after ${ms} ms`);
	});

	it('resets after processing (after: true): the client fails but the message was sent (outcome unknown)', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await addFaults(s, [{ kind: 'reset', after: true, path: '/messages$', count: 1 }]);
		await rejection(send(s, templateMessage('hello_world')), 'reset after');
		const messages = await recordedMessages(s);
		assert.equal(messages.length, 1, 'the send was processed before the connection closed');
		await s.advance(1_000);
		const [payload] = await receiver.waitFor(1);
		assert.equal(statusOf(payload).id, messages[0].id, 'its receipts still arrive');
	});

	it('answers a truncated JSON body with 200 for malformed_json, after processing', async () => {
		const s = sandbox.current;
		await addFaults(s, [{ kind: 'malformed_json', path: '/messages$' }]);
		const response = await send(s, templateMessage('hello_world'));
		assert.equal(response.status, 200);
		assert.ok(response.text.length > 0);
		assert.throws(() => JSON.parse(response.text), SyntaxError);
		assert.ok(response.text.startsWith('{"messaging_product"'), response.text);
		assert.equal((await recordedMessages(s)).length, 1);
	});

	it('answers HTTP 200 with an error body for error_in_200, before processing', async () => {
		const s = sandbox.current;
		await addFaults(s, [{ kind: 'error_in_200', path: '/messages$' }]);
		const response = await send<FailureIn200>(s, templateMessage('hello_world'));
		assert.equal(response.status, 200);
		assert.equal(response.body.code, 500);
		assert.equal(response.body.status, 'error');
		assert.equal(typeof response.body.error.message, 'string');
		assert.equal(typeof response.body.error.type, 'string');
		assert.equal(typeof response.body.error.code, 'number');
		assert.match(response.body.error.fbtrace_id, /^[A-Za-z0-9_-]{8,}$/);
		assert.equal(response.body.messages, undefined);
		assert.equal((await recordedMessages(s)).length, 0);
	});

	it('sends the body slowly for slow_body', async () => {
		const s = sandbox.current;
		const path = `/${s.accountId}/message_templates`;
		const normal = await timed(() => s.api('GET', path, { query: { limit: 100 } }));
		assert.ok(normal.value.text.length >= 2_000, `the body is ${normal.value.text.length} bytes`);
		await addFaults(s, [{ kind: 'slow_body', bytesPerSecond: 2_000, path: 'message_templates' }]);
		const slow = await timed(() => s.api('GET', path, { query: { limit: 100 } }));
		assert.equal(slow.value.status, 200);
		assert.equal(slow.value.text, normal.value.text, 'the body arrives whole');
		// about 1.2 s for ~2.4 KB at 2000 bytes/s
		assert.ok(slow.ms > 700, `slow_body took ${slow.ms} ms`);
		assert.ok(normal.ms < slow.ms - 500);
	});

	it('delays the answer for latency, then answers normally', async () => {
		const s = sandbox.current;
		await addFaults(s, [{ kind: 'latency', latencyMs: 300, count: 1 }]);
		const slow = await timed(() => s.api<UserDetails>('GET', '/getuserdetails'));
		assert.equal(slow.value.status, 200);
		assert.equal(slow.value.body.data.length, 2);
		assert.ok(slow.ms >= 280, `latency took ${slow.ms} ms`);
		const fast = await timed(() => s.api('GET', '/getuserdetails'));
		assert.ok(fast.ms < 250, `after count, no latency: ${fast.ms} ms`);
	});

	it('clears every rule with DELETE /_sandbox/faults', async () => {
		const s = sandbox.current;
		await addFaults(s, [
			{ kind: 'status', status: 500 },
			{ kind: 'reset', path: 'messages' },
		]);
		expectError(await s.api('GET', '/getuserdetails'), 500);
		await s.control('DELETE', '/faults');
		assert.deepEqual((await s.control<Listed<FaultRule>>('GET', '/faults')).body.data, []);
		assert.equal((await s.api('GET', '/getuserdetails')).status, 200);
		expectSent(await send(s, templateMessage('hello_world')));
	});

	it('refuses invalid rules', async () => {
		const s = sandbox.current;
		expectError(
			await controlRaw(s, 'POST', '/faults', { faults: [{ kind: 'explode' }] }),
			400,
			100,
			'faults[0].kind',
		);
		expectError(
			await controlRaw(s, 'POST', '/faults', { faults: [{ kind: 'status', rate: 0 }] }),
			400,
			100,
			'rate',
		);
		expectError(
			await controlRaw(s, 'POST', '/faults', { faults: [{ kind: 'status', rate: 1.5 }] }),
			400,
			100,
			'rate',
		);
		expectError(
			await controlRaw(s, 'POST', '/faults', { faults: [{ kind: 'status', status: 200 }] }),
			400,
			100,
			'status',
		);
		expectError(
			await controlRaw(s, 'POST', '/faults', { faults: [{ kind: 'status', path: '(' }] }),
			400,
			100,
			'path',
		);
		assert.deepEqual((await s.control<Listed<FaultRule>>('GET', '/faults')).body.data, []);
	});
});

describe('request log', () => {
	it('lists method, URL, redacted key, JSON body and status of each API request', async () => {
		const s = sandbox.current;
		const message = templateMessage('hello_world');
		await s.api('GET', `/${s.accountId}`, { query: { fields: 'name' } });
		await send(s, message);
		await send(s, templateMessage('spring_sale'));
		await s.api('GET', '/getuserdetails', { key: OTHER_API_KEY });
		await s.api('GET', '/getuserdetails', { key: 'not-a-key' });
		await s.control<Listed<Message>>('GET', '/messages'); // the control API is not logged
		const log = (await s.control<Listed<LoggedRequest>>('GET', '/requests')).body.data;
		assert.equal(log.length, 5);
		assert.deepEqual(
			log.map((e) => [e.method, e.url, e.status, e.headers.apikey]),
			[
				['GET', `/v3/${s.accountId}?fields=name`, 200, '<key:demo>'],
				['POST', `/v3/${DEMO_NUMBER}/messages`, 200, '<key:demo>'],
				['POST', `/v3/${DEMO_NUMBER}/messages`, 400, '<key:demo>'],
				['GET', '/v3/getuserdetails', 200, '<key:other>'],
				['GET', '/v3/getuserdetails', 401, '<unknown key>'],
			],
		);
		assert.deepEqual(JSON.parse(log[1].body ?? ''), message);
		assert.equal(log[0].body, undefined);
		const seqs = log.map((e) => e.seq);
		assert.deepEqual(
			[...seqs].sort((a, b) => a - b),
			seqs,
		);
		const text = JSON.stringify(log);
		assert.ok(
			!text.includes(s.key) && !text.includes(OTHER_API_KEY) && !text.includes('not-a-key'),
			'no key is written to the log',
		);
	});

	it('records a text/plain body by size and marks injected faults', async () => {
		const s = sandbox.current;
		const raw = JSON.stringify(templateMessage('hello_world'));
		await s.api('POST', `/${DEMO_NUMBER}/messages`, { raw, contentType: 'text/plain' });
		await addFaults(s, [{ kind: 'status', status: 503, count: 1 }]);
		await s.api('GET', '/getuserdetails');
		const log = (await s.control<Listed<LoggedRequest>>('GET', '/requests')).body.data;
		assert.equal(log[0].status, 400);
		assert.equal(log[0].bodyBytes, Buffer.byteLength(raw));
		assert.equal(log[1].status, 503);
		assert.equal(log[1].fault, 'status');
	});

	it('filters with since= and clears with DELETE', async () => {
		const s = sandbox.current;
		await s.api('GET', '/getuserdetails');
		await s.api('GET', '/getuserdetails');
		const first = (await s.control<Listed<LoggedRequest>>('GET', '/requests')).body.data;
		assert.equal(first.length, 2);
		const since = first[1].seq;
		await s.api('GET', `/${s.accountId}`);
		await send(s, templateMessage('hello_world'));
		const later = (await s.control<Listed<LoggedRequest>>('GET', `/requests?since=${since}`)).body
			.data;
		assert.deepEqual(
			later.map((e) => e.method),
			['GET', 'POST'],
		);
		assert.ok(later.every((e) => e.seq > since));
		assert.equal(
			(await s.control<Listed<LoggedRequest>>('GET', `/requests?since=${first[0].seq}`)).body.data
				.length,
			3,
		);
		await s.control('DELETE', '/requests');
		assert.deepEqual((await s.control<Listed<LoggedRequest>>('GET', '/requests')).body.data, []);
		await s.api('GET', '/getuserdetails');
		const after = (await s.control<Listed<LoggedRequest>>('GET', '/requests')).body.data;
		assert.equal(after.length, 1);
		assert.ok(after[0].seq > later[1].seq, 'sequence numbers keep growing after a clear');
	});
});

describe('control API', () => {
	const refundAll = (s: TestSandbox) =>
		s.api<RefundAnswer>('POST', `/${DEMO_NUMBER}/payments_refund`, {
			body: { reference_id: 'order-1001', payment_config_id: 'acme-payments' },
		});

	it('reset restores the seed, the clock, the config and clears faults and logs', async () => {
		const s = sandbox.current;
		const template = await s.templateByName('spring_sale');
		await s.control('POST', `/templates/${template.id}/status`, { status: 'APPROVED' });
		expectSent(await send(s, templateMessage('hello_world')));
		assert.equal((await refundAll(s)).status, 200);
		await s.advance(2 * 86_400_000);
		await addFaults(s, [{ kind: 'latency', latencyMs: 1, path: 'nothing-matches' }]);
		assert.equal((await s.control<ClockView>('GET', '/clock')).body.offsetMs, 2 * 86_400_000);

		await s.control('POST', '/reset');
		assert.deepEqual(await recordedMessages(s), []);
		assert.deepEqual((await s.control<Listed<Refund>>('GET', '/refunds')).body.data, []);
		assert.deepEqual((await s.control<Listed<FaultRule>>('GET', '/faults')).body.data, []);
		assert.deepEqual((await s.control<Listed<LoggedRequest>>('GET', '/requests')).body.data, []);
		const clock = (await s.control<ClockView>('GET', '/clock')).body;
		assert.equal(clock.offsetMs, 0);
		assert.ok(Math.abs(clock.now - Date.now()) < 5_000);
		assert.equal((await s.templateByName('spring_sale')).status, 'PENDING');
		assert.equal((await s.control<SandboxConfig>('GET', '/config')).body.refundDelayMs, 60_000);
		assert.equal(
			(await s.control<SandboxConfig>('GET', '/config')).body.receiptDelaysMs.read,
			4_000,
			'back to the default config',
		);
		const payment = (await s.control<Listed<Payment>>('GET', '/payments')).body.data.find(
			(p) => p.reference_id === 'order-1001',
		);
		assert.equal(payment?.refunded, 0);
		assert.equal((await refundAll(s)).status, 200, 'the payment is refundable again');
	});

	it('reset with keepConfig keeps the config', async () => {
		const s = sandbox.current;
		await s.control('POST', '/reset', { keepConfig: true });
		assert.equal(
			(await s.control<SandboxConfig>('GET', '/config')).body.receiptDelaysMs.read,
			FAST_CONFIG.receiptDelaysMs.read,
		);
	});

	it('loads a custom seed with one tenant, replacing the keys (and reset keeps it)', async () => {
		const s = sandbox.current;
		const key = 'custom-tenant-key';
		const seed = {
			tenants: [
				{
					apiKey: key,
					label: 'custom',
					businessAccounts: [
						{
							id: '900000000000001',
							name: 'Custom Tea House',
							numbers: [{ phone_number_id: '900000000000002', wanumber: '+15550177777' }],
							templates: [
								{
									name: 'tea_ready',
									language: 'en_GB',
									category: 'UTILITY',
									status: 'APPROVED',
									components: [{ type: 'BODY', text: 'Your tea is ready' }],
								},
							],
						},
					],
					payments: [
						{
							reference_id: 'tea-1',
							payment_config_id: 'tea-pay',
							phone_number_id: '900000000000002',
							currency: 'GBP',
							amount: 450,
						},
					],
				},
			],
		};
		try {
			await s.control('POST', '/seed', seed);
			expectError(await s.api('GET', '/getuserdetails'), 401, 190, 'Invalid API key');
			expectError(await s.api('GET', '/getuserdetails', { key: OTHER_API_KEY }), 401, 190);
			const numbers = await s.api<UserDetails>('GET', '/getuserdetails', { key });
			assert.equal(numbers.status, 200);
			assert.deepEqual(numbers.body.data, [
				{
					chat_business_account_id: '900000000000001',
					wanumber: '+15550177777',
					phone_number_id: '900000000000002',
				},
			]);
			const sent = await s.api<SendAnswer>('POST', '/900000000000002/messages', {
				key,
				body: templateMessage('tea_ready', 'en_GB'),
			});
			expectSent(sent);
			const refunded = await s.api('POST', '/900000000000002/payments_refund', {
				key,
				body: {
					reference_id: 'tea-1',
					payment_config_id: 'tea-pay',
					amount: { currency: 'GBP', value: 150, offset: 100 },
				},
			});
			assert.equal(refunded.status, 200, refunded.text);
			// the seed keeps the config, and reset goes back to this seed
			assert.equal(
				(await s.control<SandboxConfig>('GET', '/config')).body.receiptDelaysMs.read,
				FAST_CONFIG.receiptDelaysMs.read,
			);
			await s.control('POST', '/reset');
			assert.deepEqual(await recordedMessages(s), []);
			assert.equal((await s.api('GET', '/getuserdetails', { key })).status, 200);
			expectError(await s.api('GET', '/getuserdetails'), 401, 190);
		} finally {
			await s.control('POST', '/reset', { seed: demoSeed() });
		}
		assert.equal((await s.api('GET', '/getuserdetails')).status, 200);
		expectError(await s.api('GET', '/getuserdetails', { key }), 401, 190);
	});

	it('refuses an invalid seed and keeps the data', async () => {
		const s = sandbox.current;
		expectSent(await send(s, templateMessage('hello_world')));
		expectError(await controlRaw(s, 'POST', '/seed', { accounts: [] }), 400, 100, 'tenants');
		const duplicate = {
			tenants: [
				{ apiKey: 'k1', businessAccounts: [] },
				{ apiKey: 'k1', businessAccounts: [] },
			],
		};
		expectError(await controlRaw(s, 'POST', '/seed', duplicate), 400, 100);
		assert.equal((await s.api('GET', '/getuserdetails')).status, 200);
		assert.equal((await recordedMessages(s)).length, 1);
	});

	it('advances the clock in units', async () => {
		const s = sandbox.current;
		const before = (await s.control<ClockView>('GET', '/clock')).body;
		assert.equal(before.offsetMs, 0);
		const moved = (await s.control<ClockView>('POST', '/clock/advance', { hours: 1, minutes: 30 }))
			.body;
		assert.equal(moved.offsetMs, 90 * 60_000);
		assert.ok(moved.now - before.now >= 90 * 60_000);
		assert.equal(new Date(moved.iso).getTime(), moved.now);
		const more = (
			await s.control<ClockView>('POST', '/clock/advance', { days: 1, seconds: 2, ms: 5 })
		).body;
		assert.equal(more.offsetMs, 90 * 60_000 + 86_400_000 + 2_005);
		expectError(await controlRaw(s, 'POST', '/clock/advance', { weeks: 1 }), 400, 100, 'weeks');
		expectError(await controlRaw(s, 'POST', '/clock/advance', { hours: -1 }), 400, 100, 'hours');
		expectError(
			await controlRaw(s, 'POST', '/clock/advance', { minutes: '5' }),
			400,
			100,
			'minutes',
		);
		assert.equal(
			(await s.control<ClockView>('GET', '/clock')).body.offsetMs,
			more.offsetMs,
			'refused advances move nothing',
		);
	});

	it('runs background work that falls due when the clock moves', async () => {
		const s = sandbox.current;
		const id = (await refundAll(s)).body.id;
		await s.control<ClockView>('POST', '/clock/advance', { minutes: 1 });
		assert.equal(
			(await s.control<Listed<Refund>>('GET', '/refunds')).body.data.find((r) => r.id === id)
				?.status,
			'completed',
		);
	});

	it('changes settings, merging objects', async () => {
		const s = sandbox.current;
		const config = (
			await s.control<SandboxConfig>('POST', '/config', {
				refundDelayMs: 1_234,
				receiptDelaysMs: { read: 9_000 },
				reviewOutcome: 'REJECTED',
			})
		).body;
		assert.equal(config.refundDelayMs, 1_234);
		assert.deepEqual(config.receiptDelaysMs, { sent: 1_000, delivered: 2_000, read: 9_000 });
		assert.equal(config.reviewOutcome, 'REJECTED');
		assert.deepEqual((await s.control<SandboxConfig>('GET', '/config')).body, config);
	});

	it('refuses unknown settings and wrong values, changing nothing', async () => {
		const s = sandbox.current;
		const before = (await s.control<SandboxConfig>('GET', '/config')).body;
		const refused = async (body: unknown, field: string) => {
			const error = expectError(await controlRaw(s, 'POST', '/config', body), 400, 100, field);
			assert.equal(error.error_data?.field, field);
		};
		await refused({ noSuchSetting: 1 }, 'noSuchSetting');
		await refused({ toString: 1 }, 'toString');
		await refused({ refundDelayMs: -1 }, 'refundDelayMs');
		await refused({ refundDelayMs: '5' }, 'refundDelayMs');
		await refused({ receiptDelaysMs: 5 }, 'receiptDelaysMs');
		await refused({ reviewOutcome: 'MAYBE' }, 'reviewOutcome');
		await refused({ receiptDelaysMs: { sent: 'soon' } }, 'receiptDelaysMs.sent');
		await refused({ receiptDelaysMs: { sent: -5 } }, 'receiptDelaysMs.sent');
		await refused({ receiptDelaysMs: { seen: 5 } }, 'receiptDelaysMs.seen');
		await refused({ webhookRetryDelaysMs: 'fast' }, 'webhookRetryDelaysMs');
		await refused({ webhookRetryDelaysMs: [50, -1] }, 'webhookRetryDelaysMs');
		await refused({ rejectedReason: 5 }, 'rejectedReason');
		await refused({ webhookConcurrency: 2.5 }, 'webhookConcurrency');
		await refused({ webhookConcurrency: -1 }, 'webhookConcurrency');
		// a refused request changes nothing, even the settings listed before the bad one
		await refused({ refundDelayMs: 5, noSuchSetting: 1 }, 'noSuchSetting');
		assert.deepEqual((await s.control<SandboxConfig>('GET', '/config')).body, before);
		// and the sandbox still works with the settings it has
		const receiver = await receivers.start(s);
		expectSent(await send(s, templateMessage('hello_world')));
		await s.advance(1_000);
		await receiver.waitFor(1);
	});
});
