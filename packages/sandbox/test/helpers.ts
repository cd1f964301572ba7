import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach } from 'node:test';
import { startSandbox, type RunningSandbox, type StartOptions } from '../src/index';
import { OTHER_API_KEY } from '../src/demoSeed';
import type { ErrorObject, Page, TemplateView, WebhookEvent } from './types';

export { OTHER_API_KEY };

export interface ApiResponse<T = unknown> {
	status: number;
	headers: Headers;
	body: T;
	text: string;
}

export interface RequestOptions {
	query?: Record<string, string | number | boolean | undefined>;
	body?: unknown;
	/** Raw body (sent as is, with `contentType`). */
	raw?: Buffer | string;
	contentType?: string;
	headers?: Record<string, string>;
	/** The API key for the `apikey` header; `null` sends none. Defaults to the demo key. */
	key?: string | null;
}

/**
 * A sandbox on a free port for one test file (started with `options`, e.g. a dialect), reset to
 * the demo seed (with instant background work) before every test.
 */
export function useSandbox(options: StartOptions = {}): { readonly current: TestSandbox } {
	const holder: { current: TestSandbox } = { current: undefined as unknown as TestSandbox };
	before(async () => {
		holder.current = new TestSandbox(await startSandbox({ ...options, port: 0 }));
	});
	beforeEach(async () => {
		await holder.current.control('POST', '/reset');
		await holder.current.control('POST', '/config', FAST_CONFIG);
	});
	after(async () => {
		await holder.current?.running.close();
	});
	return holder;
}

/** Background work waits for the clock (tests advance it); webhooks retry quickly. */
export const FAST_CONFIG = {
	reviewDelayMs: 60_000,
	batchDelayMs: 60_000,
	receiptDelaysMs: { sent: 1_000, delivered: 2_000, read: 3_000, played: 4_000 },
	refundDelayMs: 60_000,
	webhookRetryDelaysMs: [50, 100, 200],
	webhookTimeoutMs: 2_000,
};

export class TestSandbox {
	constructor(readonly running: RunningSandbox) {}

	get baseUrl(): string {
		return this.running.baseUrl;
	}
	get key(): string {
		return this.running.apiKey;
	}
	get accountId(): string {
		return this.running.businessAccountId;
	}
	get numberId(): string {
		return this.running.phoneNumberIds[0];
	}
	get catalogId(): string {
		return this.running.catalogId;
	}

	/** A request to the API (`path` after /v3). */
	async api<T = unknown>(
		method: string,
		path: string,
		options: RequestOptions = {},
	): Promise<ApiResponse<T>> {
		const url = new URL(this.baseUrl + path);
		for (const [name, value] of Object.entries(options.query ?? {}))
			if (value !== undefined) url.searchParams.set(name, String(value));
		const headers: Record<string, string> = { ...options.headers };
		if (options.key !== null) headers.apikey = options.key ?? this.key;
		let body: Buffer | string | undefined;
		if (options.raw !== undefined) {
			body = options.raw;
			if (options.contentType) headers['content-type'] = options.contentType;
		} else if (options.body !== undefined) {
			body = JSON.stringify(options.body);
			headers['content-type'] = 'application/json';
		}
		return parseResponse<T>(await fetch(url, { method, headers, body }));
	}

	/** A request to the control API (`path` after /_sandbox). */
	async control<T = unknown>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<ApiResponse<T>> {
		const response = await fetch(this.running.controlUrl + path, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const parsed = await parseResponse<T>(response);
		assert.ok(
			parsed.status < 400,
			`control ${method} ${path} answered ${parsed.status}: ${parsed.text}`,
		);
		return parsed;
	}

	async advance(ms: number): Promise<void> {
		await this.control('POST', '/clock/advance', { ms });
	}

	/** The key's template of this name and language, if there is one. */
	async findTemplate(name: string, language = 'en_US'): Promise<TemplateView | undefined> {
		const { body } = await this.api<Page<TemplateView>>(
			'GET',
			`/${this.accountId}/message_templates`,
			{
				query: { name, limit: 100 },
			},
		);
		return body.data.find((t) => t.name === name && t.language === language);
	}

	/** The key's template of this name and language, which must exist. */
	async templateByName(name: string, language = 'en_US'): Promise<TemplateView> {
		const template = await this.findTemplate(name, language);
		assert.ok(template, `no template ${name} (${language})`);
		return template;
	}
}

/** Reads a fetch response: the JSON body when it is JSON, else the text. */
export async function parseResponse<T = unknown>(response: Response): Promise<ApiResponse<T>> {
	const text = await response.text();
	let body: unknown = text;
	if ((response.headers.get('content-type') ?? '').includes('json')) {
		try {
			body = JSON.parse(text);
		} catch {
			body = text;
		}
	}
	return { status: response.status, headers: response.headers, body: body as T, text };
}

/** Asserts the documented error shape and returns its `error` object. */
export function expectError(
	response: ApiResponse,
	status: number,
	code?: number,
	messagePart?: RegExp | string,
): ErrorObject {
	assert.equal(
		response.status,
		status,
		`expected ${status}, got ${response.status}: ${response.text}`,
	);
	const error = (response.body as { error?: ErrorObject } | undefined)?.error;
	assert.ok(error, `no error object in ${response.text}`);
	assert.equal(typeof error.message, 'string');
	assert.equal(typeof error.type, 'string');
	assert.equal(typeof error.code, 'number');
	assert.match(error.fbtrace_id, /^[A-Za-z0-9_-]{8,}$/);
	if (code !== undefined) assert.equal(error.code, code, `code: ${response.text}`);
	if (messagePart !== undefined)
		assert.match(
			error.message,
			typeof messagePart === 'string' ? new RegExp(escape(messagePart)) : messagePart,
		);
	return error;
}

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Received {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: string;
}

/** A local webhook receiver that records what arrives; it can fail the first deliveries, or answer slowly. */
export class WebhookReceiver {
	readonly received: Received[] = [];
	failNext = 0;
	/** Delay before each answer; `open`/`mostOpen`: deliveries being answered now / at most at once. */
	answerAfterMs = 0;
	/**
	 * Holds every answer until this many deliveries are open at once (or 1.5 s passed, below the
	 * tests' 2 s webhook timeout, after which the sandbox would open new attempts): proves they
	 * can all be in flight together, however slow the machine is to send them.
	 */
	holdUntilOpen = 0;
	open = 0;
	mostOpen = 0;
	private server: Server | undefined;
	url = '';

	async start(): Promise<this> {
		this.server = createServer((request, response) => {
			const chunks: Buffer[] = [];
			this.open += 1;
			this.mostOpen = Math.max(this.mostOpen, this.open);
			response.on('finish', () => (this.open -= 1));
			request.on('data', (c: Buffer) => chunks.push(c));
			request.on('end', async () => {
				if (this.answerAfterMs > 0) await new Promise((r) => setTimeout(r, this.answerAfterMs));
				for (
					const until = Date.now() + 1_500;
					this.holdUntilOpen > 0 && this.mostOpen < this.holdUntilOpen && Date.now() < until;

				)
					await new Promise((r) => setTimeout(r, 5));
				const url = new URL(request.url ?? '/', 'http://x');
				if (request.method === 'GET') {
					const ok = url.searchParams.get('hub.verify_token') === 'right-token';
					response
						.writeHead(ok ? 200 : 403)
						.end(ok ? (url.searchParams.get('hub.challenge') ?? '') : 'forbidden');
					return;
				}
				this.received.push({
					method: request.method ?? '',
					url: request.url ?? '',
					headers: request.headers,
					body: Buffer.concat(chunks).toString('utf8'),
				});
				if (this.failNext > 0) {
					this.failNext -= 1;
					response.writeHead(500).end('fail');
					return;
				}
				response.writeHead(200).end('ok');
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
		return this;
	}

	payloads(): WebhookEvent[] {
		return this.received.map((r) => JSON.parse(r.body) as WebhookEvent);
	}

	/** Waits until `count` deliveries arrived (or fails after `timeoutMs`). */
	async waitFor(count: number, timeoutMs = 3_000): Promise<WebhookEvent[]> {
		const deadline = Date.now() + timeoutMs;
		while (this.received.length < count) {
			if (Date.now() > deadline)
				assert.fail(`expected ${count} webhook deliveries, got ${this.received.length}`);
			await new Promise((r) => setTimeout(r, 10));
		}
		return this.payloads();
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolve) => this.server?.close(() => resolve()));
	}
}
