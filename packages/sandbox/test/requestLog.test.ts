import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OTHER_API_KEY, useSandbox } from './helpers';
import { DEMO_NUMBER, send, templateMessage } from './msgWebhookSupport';
import type { Listed, LoggedRequest, Message } from './types';
import { addFaults } from './controlSupport';

const sandbox = useSandbox();

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
