import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError, OTHER_API_KEY, useSandbox } from './helpers';
import {
	MINUTE,
	DAY,
	OTHER_ACCOUNT_ID,
	PLAIN_BODY,
	draft,
	create,
	createOk,
	expectInvalid,
	getTemplate,
	list,
	edit,
	remove,
	clockNow,
	SEED_COUNT,
} from './templatesSupport';

const sandbox = useSandbox();

describe('delete templates (4.3 rule 6)', () => {
	it('by name removes every language', async () => {
		const s = sandbox.current;
		const en = await s.templateByName('order_confirmation', 'en_US');
		const es = await s.templateByName('order_confirmation', 'es_ES');
		const response = await remove(s, { name: 'order_confirmation' });
		assert.equal(response.status, 200, response.text);
		assert.deepEqual(response.body, { success: true });
		assert.equal(await s.findTemplate('order_confirmation', 'en_US'), undefined);
		assert.equal(await s.findTemplate('order_confirmation', 'es_ES'), undefined);
		expectError(await getTemplate(s, en.id), 404, 803);
		expectError(await getTemplate(s, es.id), 404, 803);
		assert.equal((await list(s)).body.data.length, SEED_COUNT - 2);
	});

	it('by name and hsm_id removes only that language', async () => {
		const s = sandbox.current;
		const en = await s.templateByName('order_confirmation', 'en_US');
		const es = await s.templateByName('order_confirmation', 'es_ES');
		const response = await remove(s, { name: 'order_confirmation', hsm_id: es.id });
		assert.deepEqual(response.body, { success: true });
		assert.equal(await s.findTemplate('order_confirmation', 'es_ES'), undefined);
		assert.equal((await s.templateByName('order_confirmation', 'en_US')).id, en.id);
		assert.equal((await getTemplate(s, en.id)).status, 200);
	});

	it('answers an unknown name, or an hsm_id of another name, as not found', async () => {
		const s = sandbox.current;
		expectError(await remove(s, { name: 'no_such_template' }), 404, 803);
		const hello = await s.templateByName('hello_world');
		expectError(await remove(s, { name: 'order_confirmation', hsm_id: hello.id }), 404, 803);
		expectError(
			await remove(s, { name: 'order_confirmation', hsm_id: '999999999999999' }),
			404,
			803,
		);
		assert.equal((await list(s)).body.data.length, SEED_COUNT, 'nothing was deleted');
	});

	it('requires the name', async () => {
		const s = sandbox.current;
		expectInvalid(await remove(s, {}), 'name');
		expectInvalid(await remove(s, { name: '' }), 'name');
		expectInvalid(await remove(s, { hsm_id: (await s.templateByName('hello_world')).id }), 'name');
		assert.equal((await list(s)).body.data.length, SEED_COUNT);
	});

	it('blocks a deleted name for 30 days in every language (code 2388023), then allows it', async () => {
		const s = sandbox.current;
		const before = await clockNow(s);
		assert.equal((await remove(s, { name: 'order_confirmation' })).status, 200);
		const after = await clockNow(s);
		const error = expectError(await create(s, draft('order_confirmation')), 400, 2388023);
		assert.match(error.message, /order_confirmation/);
		assert.equal(error.error_data?.field, 'name');
		// the message tells until when: exactly 30 days after the delete
		const until = Date.parse(/until (\S+)$/.exec(error.message)?.[1] ?? '');
		assert.ok(
			until >= before + 30 * DAY && until <= after + 30 * DAY,
			`blocked until ${new Date(until).toISOString()}`,
		);
		expectError(await create(s, draft('order_confirmation', { language: 'es_ES' })), 400, 2388023);
		expectError(await create(s, draft('order_confirmation', { language: 'fr' })), 400, 2388023);
		await createOk(s, draft('order_confirmation_v2'));

		await s.advance(30 * DAY - MINUTE);
		expectError(await create(s, draft('order_confirmation')), 400, 2388023);
		await s.advance(2 * MINUTE);
		await createOk(s, draft('order_confirmation'));
		await createOk(s, draft('order_confirmation', { language: 'es_ES' }));
	});

	it('deleting one language blocks only that language', async () => {
		const s = sandbox.current;
		const en = await s.templateByName('order_confirmation', 'en_US');
		assert.equal((await remove(s, { name: 'order_confirmation', hsm_id: en.id })).status, 200);
		expectError(await create(s, draft('order_confirmation')), 400, 2388023);
		await createOk(s, draft('order_confirmation', { language: 'fr' }));
		// es_ES still exists: creating it again is a duplicate, not a block
		expectError(await create(s, draft('order_confirmation', { language: 'es_ES' })), 400, 2388024);
		await s.advance(30 * DAY + MINUTE);
		await createOk(s, draft('order_confirmation'));
	});

	it('blocks a name deleted by one account only for that account', async () => {
		const s = sandbox.current;
		assert.equal((await remove(s, { name: 'hello_world' })).status, 200);
		const response = await s.api('POST', `/${OTHER_ACCOUNT_ID}/message_templates`, {
			key: OTHER_API_KEY,
			body: draft('hello_world'),
		});
		assert.equal(response.status, 200, response.text);
	});
});

describe("another key cannot reach this account's templates", () => {
	it('cannot list, create, get, edit or delete them (404)', async () => {
		const s = sandbox.current;
		const hello = await s.templateByName('hello_world');
		expectError(await list(s, {}, OTHER_API_KEY), 404, 803);
		expectError(await create(s, draft('intruder'), OTHER_API_KEY), 404, 803);
		expectError(await getTemplate(s, hello.id, OTHER_API_KEY), 404, 803);
		expectError(await edit(s, hello.id, { components: [PLAIN_BODY] }, OTHER_API_KEY), 404, 803);
		expectError(await remove(s, { name: 'hello_world' }, OTHER_API_KEY), 404, 803);
		expectError(
			await remove(s, { name: 'hello_world', hsm_id: hello.id }, OTHER_API_KEY),
			404,
			803,
		);
		const got = (await getTemplate(s, hello.id)).body;
		assert.equal(got.status, 'APPROVED', 'the refused edit changed nothing');
		assert.equal(got.components.length, 3);
		assert.equal((await list(s)).body.data.length, SEED_COUNT);
		assert.equal(await s.findTemplate('intruder'), undefined);
	});

	it("and this key cannot reach the other account's templates", async () => {
		const s = sandbox.current;
		expectError(await list(s, {}, undefined, OTHER_ACCOUNT_ID), 404, 803);
		expectError(
			await s.api('DELETE', `/${OTHER_ACCOUNT_ID}/message_templates`, {
				query: { name: 'other_hello' },
			}),
			404,
			803,
		);
		const theirs = (await list(s, {}, OTHER_API_KEY, OTHER_ACCOUNT_ID)).body.data[0];
		expectError(await edit(s, theirs.id, { components: [PLAIN_BODY] }), 404, 803);
		assert.equal((await list(s, {}, OTHER_API_KEY, OTHER_ACCOUNT_ID)).body.data.length, 1);
	});
});
