import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError, OTHER_API_KEY, useSandbox } from './helpers';
import type { BusinessAccountView, Listed, LoggedRequest, Message, UserDetails } from './types';

const sandbox = useSandbox();

describe('authentication (spec 5)', () => {
	it('refuses a request without the apikey header', async () => {
		expectError(
			await sandbox.current.api('GET', '/getuserdetails', { key: null }),
			401,
			190,
			'Missing API key',
		);
	});

	it('refuses an unknown key', async () => {
		expectError(
			await sandbox.current.api('GET', '/getuserdetails', { key: 'wrong' }),
			401,
			190,
			'Invalid API key',
		);
	});

	it('refuses a key given in the query string, even with the header present', async () => {
		const s = sandbox.current;
		expectError(
			await s.api('GET', '/getuserdetails', { query: { apikey: s.key } }),
			401,
			190,
			'only in the apikey header',
		);
		expectError(
			await s.api('GET', '/getuserdetails', { key: null, query: { api_key: s.key } }),
			401,
			190,
			'only in the apikey header',
		);
	});

	it('refuses a key repeated in the body', async () => {
		const s = sandbox.current;
		const response = await s.api('POST', `/${s.numberId}/messages`, {
			body: {
				messaging_product: 'whatsapp',
				to: '14155550100',
				type: 'template',
				template: { name: 'hello_world', language: { code: 'en_US' } },
				apikey: s.key,
			},
		});
		expectError(response, 401, 190, 'only in the apikey header');
		const messages = await s.control<Listed<Message>>('GET', '/messages');
		assert.equal(messages.body.data.length, 0, 'nothing was sent');
	});

	it('never writes the key into the request log', async () => {
		const s = sandbox.current;
		await s.api('GET', '/getuserdetails');
		const log = await s.control<Listed<LoggedRequest>>('GET', '/requests');
		assert.equal(log.body.data.length, 1);
		assert.equal(log.body.data[0].headers.apikey, '<key:demo>');
		assert.ok(!JSON.stringify(log.body).includes(s.key));
	});

	it('answers unknown paths with the error shape, and logs them like any request, so a stray call shows', async () => {
		const s = sandbox.current;
		expectError(await s.api('GET', '/no/such/path/here'), 404, 803, 'Unknown path');
		expectError(await s.api('GET', '//double&'), 404, 803, 'Unknown path');
		const log = (await s.control<Listed<LoggedRequest>>('GET', '/requests')).body.data;
		assert.deepEqual(
			log.map((r) => [r.url, r.status]),
			[
				['/v3/no/such/path/here', 404],
				['/v3//double&', 404],
			],
		);
	});
});

describe('numbers of the key (4.1)', () => {
	it('lists the numbers of the key with their business account', async () => {
		const s = sandbox.current;
		const { status, body } = await s.api<UserDetails>('GET', '/getuserdetails');
		assert.equal(status, 200);
		assert.equal(body.code, 200);
		assert.equal(body.status, 'success');
		assert.deepEqual(body.data, [
			{
				chat_business_account_id: s.accountId,
				wanumber: '+15550123401',
				phone_number_id: s.running.phoneNumberIds[0],
			},
			{
				chat_business_account_id: s.accountId,
				wanumber: '+15550123402',
				phone_number_id: s.running.phoneNumberIds[1],
			},
		]);
	});

	it('shows another key only its own numbers', async () => {
		const { body } = await sandbox.current.api<UserDetails>('GET', '/getuserdetails', {
			key: OTHER_API_KEY,
		});
		assert.deepEqual(
			body.data.map((n) => n.wanumber),
			['+15550199999'],
		);
	});
});

describe('business account (4.7)', () => {
	it('returns every field of 2.6 without fields', async () => {
		const s = sandbox.current;
		const { status, body } = await s.api<BusinessAccountView>('GET', `/${s.accountId}`);
		assert.equal(status, 200);
		assert.deepEqual(Object.keys(body).sort(), [
			'currency',
			'id',
			'message_template_namespace',
			'name',
			'timezone_id',
		]);
		assert.equal(body.name, 'Acme Coffee Roasters');
	});

	it('returns only the requested fields (and the id)', async () => {
		const s = sandbox.current;
		const { body } = await s.api('GET', `/${s.accountId}`, { query: { fields: 'name,currency' } });
		assert.deepEqual(body, { id: s.accountId, name: 'Acme Coffee Roasters', currency: 'USD' });
	});

	it('refuses an unknown field by name', async () => {
		const s = sandbox.current;
		expectError(
			await s.api('GET', `/${s.accountId}`, { query: { fields: 'name,owner' } }),
			400,
			100,
			'unknown field "owner"',
		);
	});

	it("answers another key's account as not found", async () => {
		const s = sandbox.current;
		expectError(await s.api('GET', `/${s.accountId}`, { key: OTHER_API_KEY }), 404, 803);
	});
});
