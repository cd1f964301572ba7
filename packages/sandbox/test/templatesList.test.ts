import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OTHER_API_KEY, useSandbox } from './helpers';
import type { Page, ProductView, TemplateView } from './types';
import {
	OTHER_ACCOUNT_ID,
	draft,
	createOk,
	expectInvalid,
	list,
	SEED_COUNT,
	createMany,
} from './templatesSupport';

const sandbox = useSandbox();

describe('list templates (4.3)', () => {
	it('returns every template of the account, newest first, with every field', async () => {
		const s = sandbox.current;
		const ids = await createMany(s, 3);
		const { status, body: page } = await list(s);
		assert.equal(status, 200);
		assert.equal(page.data.length, SEED_COUNT + 3);
		assert.deepEqual(
			page.data.slice(0, 3).map((t) => t.id),
			[...ids].reverse(),
		);
		assert.deepEqual(
			page.data.slice(0, 3).map((t) => t.name),
			['page_3', 'page_2', 'page_1'],
		);
		assert.equal(
			page.data.at(-1)?.name,
			'hello_world',
			'the oldest (first seeded) template comes last',
		);
		assert.deepEqual(Object.keys(page.data[0]).sort(), [
			'category',
			'components',
			'id',
			'language',
			'name',
			'status',
		]);
		const rejected = page.data.find((t) => t.name === 'payment_reminder');
		assert.equal(rejected?.rejected_reason, 'INCORRECT_CATEGORY');
		assert.ok(
			!page.data.some((t) => t.name === 'other_hello'),
			"another account's template is not listed",
		);
		assert.equal(page.paging.cursors.after, undefined);
	});

	it('filters by status and refuses an unknown status', async () => {
		const s = sandbox.current;
		const approved = await list(s, { status: 'APPROVED' });
		assert.deepEqual(approved.body.data.map((t) => t.name).sort(), [
			'approval_request',
			'coffee_catalog',
			'delivery_update',
			'flash_sale',
			'hello_world',
			'invoice_ready',
			'login_code',
			'order_confirmation',
			'order_confirmation',
			'store_pickup',
			'welcome_offer',
		]);
		const id = await createOk(s, draft('new_one'));
		const pending = await list(s, { status: 'PENDING' });
		assert.deepEqual(
			pending.body.data.map((t) => t.id),
			[id, (await s.templateByName('spring_sale')).id],
		);
		assert.deepEqual(
			(await list(s, { status: 'PAUSED' })).body.data.map((t) => t.name),
			['loyalty_update'],
		);
		assert.deepEqual((await list(s, { status: 'DISABLED' })).body.data, []);
		expectInvalid(await list(s, { status: 'approved' }), 'status');
		expectInvalid(await list(s, { status: 'ACTIVE' }), 'status');
	});

	it('returns only the requested fields, always with the id', async () => {
		const s = sandbox.current;
		const named = await list(s, { fields: 'name,status' });
		assert.equal(named.status, 200);
		for (const t of named.body.data)
			assert.deepEqual(Object.keys(t).sort(), ['id', 'name', 'status']);
		const onlyName = await list(s, { fields: 'name' });
		for (const t of onlyName.body.data) assert.deepEqual(Object.keys(t).sort(), ['id', 'name']);
		const onlyId = await list(s, { fields: 'id' });
		for (const t of onlyId.body.data) assert.deepEqual(Object.keys(t), ['id']);
		const withReason = await list(s, { fields: 'rejected_reason', status: 'REJECTED' });
		assert.deepEqual(withReason.body.data, [
			{
				id: (await s.templateByName('payment_reminder')).id,
				rejected_reason: 'INCORRECT_CATEGORY',
			},
		]);
	});

	it('refuses an unknown field', async () => {
		const s = sandbox.current;
		const error = expectInvalid(await list(s, { fields: 'name,owner' }), 'fields');
		assert.match(error.message, /owner/);
	});

	it('pages with limit: default 25, an explicit limit, and refuses 0, negative and non-numeric limits', async () => {
		const s = sandbox.current;
		await createMany(s, 30);
		const total = SEED_COUNT + 30;
		const standard = await list(s);
		assert.equal(standard.body.data.length, 25);
		assert.equal(typeof standard.body.paging.cursors.after, 'string');
		assert.equal((await list(s, { limit: 5 })).body.data.length, 5);
		assert.equal((await list(s, { limit: 1 })).body.data.length, 1);
		const all = await list(s, { limit: 100 });
		assert.equal(all.body.data.length, total);
		assert.equal(all.body.paging.cursors.after, undefined);
		for (const limit of ['0', 'abc', '-1', '2.5', '10x'])
			expectInvalid(await list(s, { limit }), 'limit');
	});

	it('clamps a limit above 100 to 100', async () => {
		const s = sandbox.current;
		await createMany(s, 100);
		const total = SEED_COUNT + 100;
		const big = await list(s, { limit: 1000, fields: 'name' });
		assert.equal(big.status, 200);
		assert.equal(big.body.data.length, 100);
		const rest = await list(s, {
			limit: 1000,
			fields: 'name',
			after: big.body.paging.cursors.after,
		});
		assert.equal(rest.body.data.length, total - 100);
		assert.equal(rest.body.paging.cursors.after, undefined);
	});

	it('walks every page with after: each template exactly once, in order, and no after on the last page', async () => {
		const s = sandbox.current;
		await createMany(s, 30);
		const expected = (await list(s, { limit: 100, fields: 'id' })).body.data.map((t) => t.id);
		assert.equal(expected.length, SEED_COUNT + 30);
		const seen: string[] = [];
		const pages: Page<TemplateView>[] = [];
		let after: string | undefined;
		do {
			const { status, body: page } = await list(s, { limit: 10, fields: 'id', after });
			assert.equal(status, 200);
			pages.push(page);
			seen.push(...page.data.map((t) => t.id));
			after = page.paging.cursors.after;
			assert.ok(pages.length <= 10, 'paging does not end');
		} while (after !== undefined);
		const total = SEED_COUNT + 30;
		assert.equal(pages.length, Math.ceil(total / 10));
		assert.deepEqual(
			pages.map((p) => p.data.length),
			pages.map((_, i) => Math.min(10, total - i * 10)),
		);
		assert.deepEqual(seen, expected);
		assert.equal(new Set(seen).size, seen.length);
		assert.ok(!('after' in pages.at(-1)!.paging.cursors), 'the last page has no after cursor');
		for (const page of pages.slice(0, -1)) assert.equal(typeof page.paging.cursors.after, 'string');
	});

	it('returns the previous page with before', async () => {
		const s = sandbox.current;
		await createMany(s, 30);
		const first = await list(s, { limit: 10, fields: 'id' });
		const second = await list(s, {
			limit: 10,
			fields: 'id',
			after: first.body.paging.cursors.after,
		});
		const third = await list(s, {
			limit: 10,
			fields: 'id',
			after: second.body.paging.cursors.after,
		});
		const back = await list(s, {
			limit: 10,
			fields: 'id',
			before: third.body.paging.cursors.before,
		});
		assert.equal(back.status, 200);
		assert.deepEqual(back.body.data, second.body.data);
		assert.equal(back.body.paging.cursors.after, second.body.paging.cursors.after);
		const backAgain = await list(s, {
			limit: 10,
			fields: 'id',
			before: back.body.paging.cursors.before,
		});
		assert.deepEqual(backAgain.body.data, first.body.data);
		const beforeFirst = await list(s, {
			limit: 10,
			fields: 'id',
			before: first.body.paging.cursors.before,
		});
		assert.deepEqual(beforeFirst.body.data, []);
	});

	it('keeps paging stable when templates are created between pages', async () => {
		const s = sandbox.current;
		await createMany(s, 30);
		const expected = (await list(s, { limit: 100, fields: 'id' })).body.data.map((t) => t.id);
		const first = await list(s, { limit: 10, fields: 'id' });
		await createOk(s, draft('late_arrival'));
		const seen = first.body.data.map((t) => t.id);
		let after = first.body.paging.cursors.after;
		while (after) {
			const page = await list(s, { limit: 10, fields: 'id', after });
			seen.push(...page.body.data.map((t) => t.id));
			after = page.body.paging.cursors.after;
		}
		assert.deepEqual(seen, expected);
	});

	it("refuses an invalid cursor and a cursor from another account's list", async () => {
		const s = sandbox.current;
		expectInvalid(await list(s, { after: 'not-a-cursor' }), 'after');
		expectInvalid(await list(s, { before: 'not-a-cursor' }), 'before');
		expectInvalid(
			await list(s, { after: Buffer.from('{"l":"templates:1","r":-1}').toString('base64url') }),
			'after',
		);
		const others = await list(s, { limit: 1 }, OTHER_API_KEY, OTHER_ACCOUNT_ID);
		assert.equal(others.status, 200);
		const foreign = others.body.paging.cursors.before;
		assert.equal(typeof foreign, 'string');
		expectInvalid(await list(s, { after: foreign }), 'after');
		expectInvalid(await list(s, { before: foreign }), 'before');
		const products = await s.api<Page<ProductView>>('GET', `/${s.catalogId}/products`, {
			query: { limit: 2 },
		});
		assert.equal(products.status, 200, products.text);
		expectInvalid(await list(s, { after: products.body.paging.cursors.after }), 'after');
	});

	it('refuses after and before together', async () => {
		const s = sandbox.current;
		const first = await list(s, { limit: 2 });
		const response = await list(s, {
			limit: 2,
			after: first.body.paging.cursors.after,
			before: first.body.paging.cursors.before,
		});
		expectInvalid(response, 'before');
	});

	it('filters by name and by language', async () => {
		const s = sandbox.current;
		const byName = await list(s, { name: 'order_confirmation' });
		assert.deepEqual(
			byName.body.data.map((t) => `${t.name}/${t.language}`),
			['order_confirmation/es_ES', 'order_confirmation/en_US'],
		);
		const byLanguage = await list(s, { language: 'es_ES' });
		assert.deepEqual(
			byLanguage.body.data.map((t) => `${t.name}/${t.language}`),
			['order_confirmation/es_ES'],
		);
		const both = await list(s, { name: 'order_confirmation', language: 'en_US' });
		assert.deepEqual(
			both.body.data.map((t) => `${t.name}/${t.language}`),
			['order_confirmation/en_US'],
		);
		assert.deepEqual((await list(s, { name: 'no_such_template' })).body.data, []);
		assert.deepEqual((await list(s, { name: 'hello_world', language: 'es_ES' })).body.data, []);
	});
});
