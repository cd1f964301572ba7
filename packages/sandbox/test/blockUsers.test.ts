import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { customerWrites, message } from './conversationSupport';
import { expectError, OTHER_API_KEY, useSandbox, type TestSandbox } from './helpers';
import { CUSTOMER, DEMO_NUMBER, send } from './msgWebhookSupport';

/** The Block Users API (rules/blockUsers.ts), one test per rule of Meta's page. */
const sandbox = useSandbox();
const DAY_MS = 24 * 60 * 60 * 1000;

interface BlockAnswer {
	messaging_product?: string;
	block_users?: {
		added_users?: Array<{ input: string; wa_id?: string }>;
		removed_users?: Array<{ input: string; wa_id?: string }>;
		failed_users?: Array<{
			input: string;
			wa_id?: string;
			errors: Array<{ code: number; error_data: { details: string } }>;
		}>;
	};
	error?: { code: number; message: string };
}

const body = (...users: string[]) => ({
	messaging_product: 'whatsapp',
	block_users: users.map((user) => ({ user })),
});
const block = (s: TestSandbox, ...users: string[]) =>
	s.api<BlockAnswer>('POST', `/${DEMO_NUMBER}/block_users`, { body: body(...users) });
const unblock = (s: TestSandbox, ...users: string[]) =>
	s.api<BlockAnswer>('DELETE', `/${DEMO_NUMBER}/block_users`, { body: body(...users) });
const blocked = async (s: TestSandbox, query: Record<string, string | number> = {}) =>
	(
		await s.api<{ data: Array<{ wa_id: string }>; paging?: { cursors?: { after?: string } } }>(
			'GET',
			`/${DEMO_NUMBER}/block_users`,
			{ query },
		)
	).body;

describe('Block Users API', () => {
	it('blocks a customer who wrote in the last 24 hours, by number with or without +, and lists them', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const answer = await block(s, `+${CUSTOMER}`);
		assert.equal(answer.status, 200, answer.text);
		assert.deepEqual(answer.body, {
			messaging_product: 'whatsapp',
			block_users: { added_users: [{ input: `+${CUSTOMER}`, wa_id: CUSTOMER }] },
		});
		assert.deepEqual((await blocked(s)).data, [{ messaging_product: 'whatsapp', wa_id: CUSTOMER }]);
		// Blocking again keeps one entry.
		assert.equal((await block(s, CUSTOMER)).status, 200);
		assert.equal((await blocked(s)).data.length, 1);
	});

	it('refuses, per user, one who has not written in the last 24 hours (131047), with 139100 for the request', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		await s.advance(DAY_MS + 1000);
		await customerWrites(s, '14155550111');
		const answer = await block(s, CUSTOMER, '14155550111', '14155550199');
		const error = expectError(answer, 400, 139100, 'Failed to block/unblock users');
		assert.ok(error);
		assert.deepEqual(answer.body.block_users?.added_users, [
			{ input: '14155550111', wa_id: '14155550111' },
		]);
		const failed = answer.body.block_users?.failed_users ?? [];
		assert.deepEqual(
			failed.map((f) => [f.input, f.errors[0].code, f.errors[0].error_data.details]),
			[
				[CUSTOMER, 131047, 'User has not messaged in the last 24 hours'],
				['14155550199', 131047, 'User has not messaged in the last 24 hours'],
			],
		);
		assert.equal(failed[0].wa_id, CUSTOMER);
	});

	it('refuses a user that is neither a number nor a WhatsApp ID, naming the user', async () => {
		const failed = (await block(sandbox.current, 'not-a-number')).body.block_users?.failed_users;
		assert.equal(failed?.[0].input, 'not-a-number');
		assert.equal(failed?.[0].errors[0].code, 100);
		assert.equal(failed?.[0].wa_id, undefined);
	});

	it('takes at most 1,000 users per request, and a well-formed body', async () => {
		const s = sandbox.current;
		const many = Array.from({ length: 1001 }, (_, i) => String(14155560000 + i));
		expectError(await block(s, ...many), 400, 100, 'at most 1000 users');
		expectError(
			await s.api('POST', `/${DEMO_NUMBER}/block_users`, {
				body: { block_users: [{ user: CUSTOMER }] },
			}),
			400,
			100,
			'messaging_product',
		);
		expectError(
			await s.api('POST', `/${DEMO_NUMBER}/block_users`, {
				body: { messaging_product: 'whatsapp', block_users: [] },
			}),
			400,
			100,
			'block_users',
		);
		expectError(
			await s.api('POST', `/${DEMO_NUMBER}/block_users`, {
				body: { messaging_product: 'whatsapp', block_users: [{ user: CUSTOMER, name: 'x' }] },
			}),
			400,
			100,
			'name',
		);
	});

	it('holds at most 64,000 blocked users per number (139101), and blocks none of a request past it', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		// The 64,000 already there, written into the store as the API would have left them.
		const list = new Map(Array.from({ length: 64_000 }, (_, i) => [`filler-${i}`, i]));
		s.running.state.store.blockedUsers.set(DEMO_NUMBER, list);
		expectError(await block(s, CUSTOMER), 400, 139101, 'Blocklist limit reached');
		assert.equal(s.running.state.store.blockedUsers.get(DEMO_NUMBER)?.size, 64_000);
	});

	it('a blocked customer cannot write to the number, nor the number to them (130403); unblocked, both can', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		await block(s, CUSTOMER);
		const dropped = await s.control<{ dropped?: string; delivery_id?: string }>(
			'POST',
			'/incoming',
			{
				phone_number_id: DEMO_NUMBER,
				from: CUSTOMER,
				text: 'Still there?',
			},
		);
		assert.equal(dropped.body.dropped, 'blocked by the number');
		assert.equal(dropped.body.delivery_id, undefined);
		expectError(
			await send(s, message('text', { body: 'Hello' })),
			400,
			130403,
			'blocked the end user',
		);
		const answer = await unblock(s, CUSTOMER);
		assert.deepEqual(answer.body.block_users, {
			removed_users: [{ input: CUSTOMER, wa_id: CUSTOMER }],
		});
		assert.deepEqual((await blocked(s)).data, []);
		assert.equal((await send(s, message('text', { body: 'Hello' }))).status, 200);
		// Unblocking one who is not blocked is done already (a delete).
		assert.equal((await unblock(s, CUSTOMER)).status, 200);
	});

	it('lists in pages with cursors, in the order they were blocked', async () => {
		const s = sandbox.current;
		const customers = ['14155550121', '14155550122', '14155550123'];
		for (const customer of customers) await customerWrites(s, customer);
		for (const customer of customers) await block(s, customer);
		const first = await blocked(s, { limit: 2 });
		assert.deepEqual(
			first.data.map((d) => d.wa_id),
			customers.slice(0, 2),
		);
		const after = first.paging?.cursors?.after;
		assert.ok(after);
		assert.deepEqual(
			(await blocked(s, { limit: 2, after })).data.map((d) => d.wa_id),
			customers.slice(2),
		);
	});

	it('answers 404 for a number of another API key', async () => {
		const s = sandbox.current;
		expectError(await s.api('GET', `/${DEMO_NUMBER}/block_users`, { key: OTHER_API_KEY }), 404);
	});
});
