import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { expectError, FAST_CONFIG, useSandbox } from './helpers';
import {
	controlRaw,
	expectNoMore,
	expectSent,
	hmacHex,
	Receivers,
	send,
	statusOf,
	templateMessage,
	messageOf,
} from './msgWebhookSupport';
import type { Delivery, Listed, Refusal, SandboxConfig, WebhookView } from './types';
import { incoming } from './controlSupport';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

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
		// Each answer waits until all 12 are open (at most 1.5 s): a limit on deliveries in flight
		// keeps them from ever being open together (a fixed 300 ms raced the 12 sends under load).
		receiver.holdUntilOpen = 12;
		for (let i = 0; i < 12; i++) await incoming(s, { text: `burst ${i}` });
		await receiver.waitFor(12, 10_000);
		assert.equal(receiver.mostOpen, 12);
	});

	it('sends a deliberately wrong delivery on request: another secret, other header values, or a body that is not the envelope; once, not retried', async () => {
		const s = sandbox.current;
		const secret = 'webhook-secret-42';
		const receiver = await receivers.start(s, { secret, headers: { 'x-token': 'tok-1' } });
		receiver.failNext = 100;
		for (const wrong of ['signature', 'headers', 'body'])
			await s.control('POST', '/webhook/deliver', { wrong });
		await receiver.waitFor(3);
		await expectNoMore(receiver, 3, 300);
		const [signature, headers, body] = receiver.received;
		assert.notEqual(
			signature.headers['x-hub-signature-256'],
			`sha256=${hmacHex(secret, signature.body)}`,
		);
		assert.equal(signature.headers['x-token'], 'tok-1');
		assert.equal(headers.headers['x-hub-signature-256'], `sha256=${hmacHex(secret, headers.body)}`);
		assert.notEqual(headers.headers['x-token'], 'tok-1');
		assert.deepEqual(JSON.parse(body.body), { not: 'the webhook envelope' });
		assert.equal(body.headers['x-hub-signature-256'], `sha256=${hmacHex(secret, body.body)}`);
		expectError(await controlRaw(s, 'POST', '/webhook/deliver', { wrong: 'everything' }), 400);
	});

	it('redelivers a delivery as the platform does: the same delivery ID and the same body', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const { delivery_id: deliveryId } = await incoming(s, { text: 'once' });
		await receiver.waitFor(1);
		await s.control('POST', '/webhook/redeliver', { id: deliveryId });
		await receiver.waitFor(2);
		const [first, again] = receiver.received;
		assert.equal(again.body, first.body);
		assert.equal(again.headers['x-sandbox-delivery-id'], deliveryId);
		expectError(await controlRaw(s, 'POST', '/webhook/redeliver', { id: 'nope' }), 400, 100, 'id');
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
});
