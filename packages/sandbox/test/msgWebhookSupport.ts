import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { parseResponse, WebhookReceiver, type ApiResponse, type TestSandbox } from './helpers';
import type {
	IncomingMessage,
	Listed,
	Message,
	Refund,
	RefundAnswer,
	SendAnswer,
	StatusEntry,
	WebhookEvent,
} from './types';

export { parseResponse };

/**
 * Helpers shared by the messages, payments, webhook, fault and control API tests.
 */

export const DEMO_NUMBER = '106540352242922';
export const SECOND_NUMBER = '106540352242923';
export const OTHER_NUMBER = '106540352249999';
export const CUSTOMER = '14155550100';

/** A control request that may fail (TestSandbox.control asserts success). */
export async function controlRaw<T = unknown>(
	s: TestSandbox,
	method: string,
	path: string,
	body?: unknown,
): Promise<ApiResponse<T>> {
	const response = await fetch(s.running.controlUrl + path, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return parseResponse<T>(response);
}

/** The messages the sandbox recorded (GET /_sandbox/messages). */
export async function recordedMessages(s: TestSandbox): Promise<Message[]> {
	return (await s.control<Listed<Message>>('GET', '/messages')).body.data;
}

export async function recordedRefunds(s: TestSandbox): Promise<Refund[]> {
	return (await s.control<Listed<Refund>>('GET', '/refunds')).body.data;
}

/** A send request (4.2); tests change its fields to break one rule at a time. */
export interface SendBody {
	messaging_product?: unknown;
	to?: unknown;
	type?: unknown;
	template: { name?: unknown; language?: unknown; components?: unknown; [key: string]: unknown };
	[key: string]: unknown;
}

/** A component of a send's template (Cloud API parameter form). */
export interface SendComponent {
	type: string;
	sub_type?: string;
	index?: string | number;
	parameters: Record<string, unknown>[];
	[key: string]: unknown;
}

export function templateMessage(
	name: string,
	language = 'en_US',
	components?: unknown,
	to = CUSTOMER,
): SendBody {
	return {
		messaging_product: 'whatsapp',
		to,
		type: 'template',
		template: {
			name,
			language: { code: language },
			...(components === undefined ? {} : { components }),
		},
	};
}

export function send<T = SendAnswer>(
	s: TestSandbox,
	body: unknown,
	numberId = DEMO_NUMBER,
	key?: string | null,
): Promise<ApiResponse<T>> {
	return s.api('POST', `/${numberId}/messages`, { body, key: key === undefined ? undefined : key });
}

/** Cloud API parameters that fit the en_US order_confirmation template exactly. */
export function orderConfirmationComponents(): SendComponent[] {
	return [
		{ type: 'header', parameters: [{ type: 'text', text: '#1001' }] },
		{
			type: 'body',
			parameters: [
				{ type: 'text', text: 'Maria' },
				{ type: 'text', text: '2 bags of Ethiopia Yirgacheffe' },
				{ type: 'text', text: 'Monday' },
			],
		},
		{ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '1001' }] },
	];
}

/** Asserts a successful send and returns the message ID. */
export function expectSent(response: ApiResponse<SendAnswer>, to = CUSTOMER): string {
	assert.equal(response.status, 200, `send answered ${response.status}: ${response.text}`);
	assert.equal(response.body.messaging_product, 'whatsapp');
	assert.deepEqual(response.body.contacts, [{ input: to, wa_id: to }]);
	assert.ok(
		Array.isArray(response.body.messages) && response.body.messages.length === 1,
		response.text,
	);
	const id = response.body.messages[0].id;
	assert.equal(typeof id, 'string');
	assert.match(id, /^wamid\.[A-Za-z0-9_-]+$/);
	return id;
}

export function refund(
	s: TestSandbox,
	body: unknown,
	numberId = DEMO_NUMBER,
	key?: string,
): Promise<ApiResponse<RefundAnswer>> {
	return s.api('POST', `/${numberId}/payments_refund`, { body, key });
}

/** Starts a webhook receiver and registers it; `stopAll` in afterEach cleans up. */
export class Receivers {
	private readonly started: WebhookReceiver[] = [];

	async start(
		s: TestSandbox,
		registration: Record<string, unknown> = {},
	): Promise<WebhookReceiver> {
		const receiver = await new WebhookReceiver().start();
		this.started.push(receiver);
		await s.control('PUT', '/webhook', { url: receiver.url, ...registration });
		return receiver;
	}

	async startUnregistered(): Promise<WebhookReceiver> {
		const receiver = await new WebhookReceiver().start();
		this.started.push(receiver);
		return receiver;
	}

	async stopAll(s: TestSandbox): Promise<void> {
		await controlRaw(s, 'DELETE', '/webhook');
		await Promise.all(this.started.splice(0).map((r) => r.stop()));
	}
}

/** The messages[0] entry of an incoming message webhook payload. */
export function messageOf(payload: WebhookEvent): IncomingMessage {
	return payload.entry[0].changes[0].value.messages![0];
}

/** The statuses[0] entry of a message status webhook payload. */
export function statusOf(payload: WebhookEvent): StatusEntry {
	return payload.entry[0].changes[0].value.statuses![0];
}

export function hmacHex(secret: string, body: string): string {
	return createHmac('sha256', secret).update(body).digest('hex');
}

export async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
	const start = performance.now();
	const value = await run();
	return { value, ms: performance.now() - start };
}

/** Resolves with the error a promise rejects with; fails the test when it resolves. */
export async function rejection(promise: Promise<unknown>, what: string): Promise<Error> {
	try {
		const value = await promise;
		assert.fail(
			`${what}: expected the request to fail, got ${value instanceof Response ? value.status : String(value)}`,
		);
	} catch (error) {
		if (error instanceof assert.AssertionError) throw error;
		return error as Error;
	}
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits a little and asserts that no further deliveries arrived. */
export async function expectNoMore(
	receiver: WebhookReceiver,
	count: number,
	waitMs = 150,
): Promise<void> {
	await sleep(waitMs);
	assert.equal(
		receiver.received.length,
		count,
		`expected no more than ${count} deliveries: ${receiver.received.map((r) => r.body).join('\n')}`,
	);
}
