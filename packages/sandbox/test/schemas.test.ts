import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { SandboxState } from '../src/sandbox';
import { DEMO_API_KEY, demoSeed } from '../src/seed';
import { schemaProblem } from './schemaCheck';

const ACCOUNT = '102290129340398';
const NUMBER = '106540352242922';
const CATALOG = '215347871556718';
const PNG = '1037543291543636';
const PDF = '1037543291543637';

type Schema = Record<string, unknown>;

/**
 * Every route's schema documents it: a valid request conforms to the request schema, and the
 * answer (success or refusal) to the response schema of its status.
 */
describe('route schemas', () => {
	let app: FastifyInstance;
	const routes = new Set<string>();
	const called = new Set<string>();
	const problems: string[] = [];

	before(async () => {
		app = buildApp(new SandboxState({ seed: demoSeed() }));
		app.addHook('onRoute', (route) => {
			for (const method of ([] as string[]).concat(route.method))
				if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
		});
		app.addHook('preSerialization', async (request, reply, payload) => {
			const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, Schema>;
			const status = reply.statusCode;
			const schema = responses[status] ?? responses[`${String(status)[0]}xx`];
			const where = `${request.method} ${request.routeOptions.url} ${status}`;
			if (!schema) problems.push(`${where}: no response schema`);
			else {
				const problem = schemaProblem(schema, payload);
				if (problem) problems.push(`${where}: ${problem}`);
			}
			return payload;
		});
		app.addHook('onResponse', async (request, reply) => {
			called.add(`${request.method} ${request.routeOptions.url}`);
			if (reply.statusCode < 400 && request.validationError)
				problems.push(
					`${request.method} ${request.url}: a valid request breaks the request schema: ${request.validationError.message}`,
				);
		});
		await app.ready();
	});
	after(() => app.close());

	async function call(
		method: InjectOptions['method'],
		url: string,
		body?: unknown,
		headers: Record<string, string> = {},
	) {
		const response = await app.inject({
			method,
			url,
			headers: { apikey: DEMO_API_KEY, ...headers },
			...(body === undefined ? {} : { payload: body as Buffer | Record<string, unknown> }),
		});
		assert.ok(
			response.statusCode < 400,
			`${method} ${url}: ${response.statusCode} ${response.body}`,
		);
		return String(response.headers['content-type']).startsWith('application/json')
			? (response.json() as Record<string, unknown>)
			: {};
	}

	it('documents what every API route takes and answers', async () => {
		await call('GET', '/v3/getuserdetails');
		await call('GET', `/v3/${ACCOUNT}?fields=name,currency`);
		await call('GET', `/v3/${ACCOUNT}/message_templates?limit=3&fields=name,status`);
		const created = await call('POST', `/v3/${ACCOUNT}/message_templates`, {
			name: 'schema_check',
			language: 'en_US',
			category: 'UTILITY',
			components: [
				{ type: 'BODY', text: 'Your order {{1}} ships today', example: { body_text: [['A1']] } },
			],
		});
		await call('GET', `/v3/${String(created.id)}`);
		await call('POST', `/_sandbox/templates/${String(created.id)}/review`, { outcome: 'APPROVED' });
		await call('POST', `/v3/${String(created.id)}`, { category: 'UTILITY' });
		await call('POST', `/_sandbox/templates/${String(created.id)}/status`, { status: 'PAUSED' });
		await call('DELETE', `/v3/${ACCOUNT}/message_templates?name=schema_check`);

		const session = await call('POST', '/v3/app/uploads?file_length=3&file_type=image/png');
		await call('POST', `/v3/${String(session.id)}`, Buffer.from('abc'), {
			'content-type': 'application/octet-stream',
		});

		await call('GET', `/v3/${CATALOG}/products?summary=true&limit=2`);
		await call('GET', `/v3/${CATALOG}/products?fields=${encodeURIComponent('["name","url"]')}`);
		const batch = await call('POST', `/v3/${CATALOG}/batch`, {
			requests: [{ method: 'UPDATE', retailer_id: 'SKU-00001', data: { name: 'Renamed' } }],
		});
		await call(
			'GET',
			`/v3/${CATALOG}/check_batch_request_status?handle=${(batch.handles as string[])[0]}`,
		);

		const media = await call('GET', `/v3/${PNG}?phone_number_id=${NUMBER}`);
		await call('GET', String(media.url).replace(/^http:\/\/[^/]+/, ''));
		await call('POST', `/v3/downloadMedia/${PNG}?phone_number_id=${NUMBER}`);
		await call('DELETE', `/v3/${PDF}?phone_number_id=${NUMBER}`);
		const boundary = 'schema-check';
		await call(
			'POST',
			`/v3/${NUMBER}/media`,
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="messaging_product"\r\n\r\nwhatsapp\r\n` +
					`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ntext/plain\r\n` +
					`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
			),
			{ 'content-type': `multipart/form-data; boundary=${boundary}` },
		);

		await call('POST', `/v3/${NUMBER}/messages`, {
			messaging_product: 'whatsapp',
			to: '15551234567',
			type: 'template',
			template: { name: 'hello_world', language: { code: 'en_US' } },
		});
		const incoming = await call('POST', `/_sandbox/incoming`, {
			phone_number_id: NUMBER,
			from: '15551234567',
		});
		await call('POST', `/v3/${NUMBER}/messages`, {
			messaging_product: 'whatsapp',
			recipient_type: 'individual',
			to: '15551234567',
			type: 'text',
			text: { body: 'Thanks!', preview_url: false },
		});
		const cloudApiMessages: Record<string, unknown>[] = [
			{ type: 'image', image: { id: PNG, caption: 'Latte art' } },
			{ type: 'document', document: { link: 'https://example.com/a.pdf', filename: 'a.pdf' } },
			{ type: 'location', location: { latitude: 52.5, longitude: 13.4, name: 'Shop' } },
			{
				type: 'contacts',
				contacts: [{ name: { formatted_name: 'Ana' }, phones: [{ phone: '+1' }] }],
			},
			{ type: 'reaction', reaction: { message_id: incoming.message_id, emoji: '👍' } },
			{
				type: 'interactive',
				interactive: {
					type: 'button',
					header: { type: 'text', text: 'Order' },
					body: { text: 'Ship it?' },
					footer: { text: 'Acme' },
					action: { buttons: [{ type: 'reply', reply: { id: 'yes', title: 'Yes' } }] },
				},
				context: { message_id: incoming.message_id },
			},
		];
		for (const content of cloudApiMessages)
			await call('POST', `/v3/${NUMBER}/messages`, {
				messaging_product: 'whatsapp',
				to: '15551234567',
				...content,
			});
		await call('POST', `/v3/${NUMBER}/messages`, {
			messaging_product: 'whatsapp',
			status: 'read',
			message_id: incoming.message_id,
			typing_indicator: { type: 'text' },
		});
		// A customer known only by a user ID, answered by it.
		await call('POST', '/_sandbox/incoming', {
			phone_number_id: NUMBER,
			user_id: 'US.13491208655302741918',
			parent_user_id: 'US.ENT.11815799212886844830',
			username: '@sheena',
			name: 'Sheena',
		});
		await call('POST', `/v3/${NUMBER}/messages`, {
			messaging_product: 'whatsapp',
			recipient_type: 'individual',
			recipient: 'US.13491208655302741918',
			type: 'text',
			text: { body: 'Blue and green too.' },
		});
		await call('POST', `/v3/${NUMBER}/payments_refund`, {
			reference_id: 'order-1001',
			payment_config_id: 'acme-payments',
			speed: 'instant',
			amount: { currency: 'USD', value: 5, offset: 1 },
		});
	});

	it('documents what every control route takes and answers', async () => {
		await call('GET', '/_sandbox/');
		await call('GET', '/_sandbox/clock');
		await call('POST', '/_sandbox/clock/advance', { minutes: 1 });
		await call('GET', '/_sandbox/config');
		await call('POST', '/_sandbox/config', {
			webhookRetryDelaysMs: [],
			receiptDelaysMs: { sent: 10 },
		});
		await call('PUT', '/_sandbox/webhook', {
			url: 'http://127.0.0.1:9/hook',
			headers: { 'x-token': 'abc' },
			secret: 's3cret',
		});
		await call('GET', '/_sandbox/webhook');
		await call('POST', '/_sandbox/webhook/deliver', { payload: { object: 'test' } });
		await call('POST', '/_sandbox/webhook/deliver', { wrong: 'signature' });
		await call('POST', '/_sandbox/webhook/flush');
		const listed = await call('GET', '/_sandbox/webhook/deliveries');
		const [first] = (listed as unknown as { data: Array<{ id: string }> }).data;
		await call('POST', '/_sandbox/webhook/redeliver', { id: first.id });
		await call('POST', '/_sandbox/webhook/flush');
		await call('DELETE', '/_sandbox/webhook');
		await call('GET', '/_sandbox/webhook');
		await call('POST', '/_sandbox/incoming', {
			phone_number_id: NUMBER,
			from: '15551234567',
			type: 'document',
			media: { mime_type: 'application/pdf', text: 'a file', file_name: 'a.pdf' },
			caption: 'see attached',
		});
		await call(
			'POST',
			`/_sandbox/media?phone_number_id=${NUMBER}&file_name=a.txt`,
			Buffer.from('hi'),
			{
				'content-type': 'text/plain',
			},
		);
		await call('POST', '/_sandbox/incoming', {
			phone_number_id: NUMBER,
			from: '15551234567',
			user_id: 'US.555',
			type: 'flow',
			response: { size: 'M' },
			flow_token: 'tok-1',
		});
		await call('POST', '/_sandbox/config', { withheldNumber: 'empty' });
		await call('POST', '/_sandbox/preferences', {
			phone_number_id: NUMBER,
			user_id: 'US.555',
			value: 'stop',
		});
		const connected = await call('POST', '/_sandbox/calls', {
			phone_number_id: NUMBER,
			from: '15551234567',
			event: 'connect',
		});
		await call('POST', '/_sandbox/calls', {
			phone_number_id: NUMBER,
			event: 'terminate',
			call_id: connected.call_id,
			status: 'COMPLETED',
			duration: 30,
		});
		await call('POST', '/_sandbox/echoes', {
			phone_number_id: NUMBER,
			to: '15551234567',
			text: 'Hi',
		});
		await call('POST', '/_sandbox/user-id-change', {
			phone_number_id: NUMBER,
			user_id: 'US.555',
			new_user_id: 'US.556',
			new_parent_user_id: 'US.ENT.557',
			new_from: '15551234568',
		});
		await call('POST', '/_sandbox/media/synthetic', {
			phone_number_id: NUMBER,
			size: 10,
			seed: 2,
			mime_type: 'video/mp4',
		});
		await call('POST', `/_sandbox/catalogs/${CATALOG}/products`, { count: 60 });
		await call('GET', '/_sandbox/demo/products.csv?rows=2');
		await call('POST', '/_sandbox/faults', {
			faults: [{ kind: 'status', path: '^/never$', status: 503, retryAfter: 1, count: 1 }],
			seed: 3,
		});
		await call('POST', '/_sandbox/faults', { kind: 'latency', path: '^/never$', rate: 0.5 });
		await call('GET', '/_sandbox/faults');
		await call('DELETE', '/_sandbox/faults');
		await call('GET', '/_sandbox/requests?since=1');
		await call('DELETE', '/_sandbox/requests');
		for (const list of ['messages', 'incoming', 'refunds', 'payments', 'templates'])
			await call('GET', `/_sandbox/${list}`);
		await call('POST', '/_sandbox/seed', demoSeed());
		await call('POST', '/_sandbox/reset', { keepConfig: true });
	});

	it('documents the refusals in the one error shape', async () => {
		const refused = await app.inject({ method: 'GET', url: `/v3/${ACCOUNT}/message_templates` });
		assert.equal(refused.statusCode, 401);
		const unknown = await app.inject({
			method: 'POST',
			url: '/_sandbox/clock/advance',
			payload: { weeks: 1 },
		});
		assert.equal(unknown.statusCode, 400);
		// Meta's error_data (messaging_product, details) beside the field
		const authentication = await app.inject({
			method: 'POST',
			url: `/v3/${NUMBER}/messages`,
			headers: { apikey: DEMO_API_KEY },
			payload: {
				messaging_product: 'whatsapp',
				recipient: 'US.13491208655302741918',
				type: 'template',
				template: { name: 'login_code', language: { code: 'en_US' } },
			},
		});
		assert.equal(authentication.statusCode, 400);
		assert.equal(authentication.json().error.code, 131062);
	});

	it('found every route answering as its schema says, and called them all', () => {
		assert.deepEqual(problems, []);
		assert.deepEqual(
			[...routes].filter((route) => !called.has(route)),
			[],
			'routes this test does not call',
		);
	});
});
