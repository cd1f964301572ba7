import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { expectError, useSandbox } from './helpers';
import {
	controlRaw,
	DEMO_NUMBER,
	expectSent,
	Receivers,
	recordedMessages,
	rejection,
	send,
	sleep,
	statusOf,
	templateMessage,
	timed,
} from './msgWebhookSupport';
import type { FailureIn200, FaultRule, Listed, Refund, UserDetails } from './types';
import { addFaults } from './controlSupport';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

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

	it('leaves no timer behind once a timed-out client hung up: the process running it exits', async () => {
		// In a process of its own, so that nothing else holds it: a 60 s timeout fault, a client that
		// gives up after 150 ms, the sandbox closed; the process must then end by itself.
		const script = `
			const { startSandbox } = require(${JSON.stringify(join(__dirname, '..', 'src', 'index.js'))});
			(async () => {
				const s = await startSandbox({ port: 0 });
				await fetch(s.controlUrl + '/faults', {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ faults: [{ kind: 'timeout', latencyMs: 60000, path: 'getuserdetails' }] }),
				});
				await fetch(s.baseUrl + '/getuserdetails', {
					headers: { apikey: s.apiKey },
					signal: AbortSignal.timeout(150),
				}).catch(() => {});
				await s.close();
				console.log('closed');
			})();`;
		const started = Date.now();
		const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
		let output = '';
		child.stdout.on('data', (chunk) => (output += String(chunk)));
		const code = await new Promise<number | null>((resolve) => {
			const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
			child.on('exit', (exitCode) => {
				clearTimeout(kill);
				resolve(exitCode);
			});
		});
		assert.equal(output.trim(), 'closed');
		assert.equal(code, 0, `the process was still held after ${Date.now() - started} ms`);
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
