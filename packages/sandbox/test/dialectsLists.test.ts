import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseResponse, useSandbox } from './helpers';
import { allPages, configOf, setDialect } from './dialectSupport';
import { SEED_COUNT } from './templatesSupport';
import type { Page, ProductView, TemplateView } from './types';

const sandbox = useSandbox();
const PRODUCTS = 50;
const templatesPath = () => `/${sandbox.current.accountId}/message_templates`;
const productsPath = () => `/${sandbox.current.catalogId}/products`;

describe('dialect nameFilter', () => {
	it('false: the template list ignores name; delete by name still works', async () => {
		const s = sandbox.current;
		await setDialect(s, { nameFilter: false });
		const listed = await s.api<Page<TemplateView>>('GET', templatesPath(), {
			query: { name: 'hello', limit: 100 },
		});
		assert.equal(listed.body.data.length, SEED_COUNT);
		const deleted = await s.api('DELETE', templatesPath(), { query: { name: 'hello_world' } });
		assert.equal(deleted.status, 200, deleted.text);
		const after = await s.api<Page<TemplateView>>('GET', templatesPath(), {
			query: { limit: 100 },
		});
		assert.deepEqual(
			after.body.data.filter((t) => t.name === 'hello_world'),
			[],
		);
		assert.equal(after.body.data.length, SEED_COUNT - 1);
	});

	it('true (the default): name filters the list', async () => {
		const s = sandbox.current;
		const listed = await s.api<Page<TemplateView>>('GET', templatesPath(), {
			query: { name: 'hello' },
		});
		assert.deepEqual(
			listed.body.data.map((t) => t.name),
			['hello_world'],
		);
	});
});

describe('dialect page sizes', () => {
	it('strict caps templates at 10 a page, silently; after cursors give each template once', async () => {
		const s = sandbox.current;
		const config = await setDialect(s, 'strict');
		assert.deepEqual(config.templatePageSize, { default: 10, max: 10 });
		// strict IDs are opaque: the account is the one of the reloaded seed
		const accountId = (
			await s.api<{ data: { chat_business_account_id: string }[] }>('GET', '/getuserdetails')
		).body.data[0].chat_business_account_id;
		const path = `/${accountId}/message_templates`;
		for (let i = 1; i <= 8; i++) {
			const created = await s.api('POST', path, {
				body: {
					name: `page_${i}`,
					language: 'en_US',
					category: 'UTILITY',
					components: [{ type: 'BODY', text: 'Your order is ready.' }],
				},
			});
			assert.equal(created.status, 200, created.text);
		}
		const pages = await allPages<TemplateView>(s, path, { limit: 100 });
		assert.deepEqual(
			pages.map((p) => p.data.length),
			[10, 10, SEED_COUNT + 8 - 20],
		);
		const names = pages.flatMap((p) => p.data.map((t) => `${t.name}/${t.language}`));
		assert.equal(new Set(names).size, SEED_COUNT + 8, 'every template exactly once');
		assert.equal(names[0], 'page_8/en_US', 'newest first');
	});

	it('caps products too: every product once, in catalog order', async () => {
		const s = sandbox.current;
		await s.control('POST', '/config', { productPageSize: { max: 20 } });
		const pages = await allPages<ProductView>(s, productsPath(), {
			limit: 1000,
			fields: '["retailer_id"]',
		});
		assert.deepEqual(
			pages.map((p) => p.data.length),
			[20, 20, 10],
		);
		const ids = pages.flatMap((p) => p.data.map((product) => product.retailer_id));
		assert.deepEqual(
			ids,
			Array.from({ length: PRODUCTS }, (_, i) => `SKU-${String(i + 1).padStart(5, '0')}`),
		);
	});
});

describe('dialect beforeCursors and pagingOnLastPage', () => {
	it('beforeCursors false: pages carry only after', async () => {
		const s = sandbox.current;
		await setDialect(s, { beforeCursors: false });
		const pages = await allPages<ProductView>(s, productsPath(), { limit: 20 });
		assert.equal(pages.length, 3);
		for (const page of pages) assert.equal(page.paging.cursors.before, undefined);
		assert.deepEqual(Object.keys(pages[0].paging.cursors), ['after']);
		assert.deepEqual(pages[2].paging, { cursors: {} }, 'the last page: paging, no cursors');
		// a before cursor of the default dialect still works
		await setDialect(s, { beforeCursors: true });
		const second = (await allPages<ProductView>(s, productsPath(), { limit: 20 }))[1];
		const back = await s.api<Page<ProductView>>('GET', productsPath(), {
			query: { limit: 20, before: second.paging.cursors.before! },
		});
		assert.deepEqual(back.body.data, pages[0].data);
	});

	it('pagingOnLastPage false: the last page (or an empty one) has no paging', async () => {
		const s = sandbox.current;
		await setDialect(s, { pagingOnLastPage: false });
		const pages = await allPages<ProductView>(s, productsPath(), { limit: 20 });
		assert.deepEqual(
			pages.map((p) => Object.keys(p)),
			[['data', 'paging'], ['data', 'paging'], ['data']],
		);
		const empty = await s.api<object>('GET', productsPath(), {
			query: { filter: JSON.stringify({ name: { eq: 'no such product' } }), summary: 'true' },
		});
		assert.deepEqual(empty.body, { data: [], summary: { total_count: 0 } });
		const single = await s.api<object>('GET', templatesPath());
		assert.deepEqual(Object.keys(single.body), ['data']);
	});

	it('afterOnLastPage true: the last page has an after cursor too, which answers an empty page', async () => {
		const s = sandbox.current;
		await setDialect(s, { afterOnLastPage: true, nextLinks: true });
		const pages = await allPages<ProductView>(s, productsPath(), { limit: 20 });
		assert.deepEqual(
			pages.map((p) => p.data.length),
			[20, 20, 10, 0],
		);
		assert.equal(typeof pages[2].paging.cursors.after, 'string');
		// Graph marks the end by the missing next link
		assert.equal(typeof pages[1].paging.next, 'string');
		assert.equal(pages[2].paging.next, undefined);
		assert.deepEqual(pages[3].paging, { cursors: {} });
	});

	it('the default: the last page has paging with before and no after', async () => {
		const s = sandbox.current;
		const pages = await allPages<ProductView>(s, productsPath(), { limit: 20 });
		assert.deepEqual(Object.keys(pages[2].paging.cursors), ['before']);
		assert.deepEqual(Object.keys(pages[0].paging.cursors), ['before', 'after']);
	});
});

describe('dialect nextLinks', () => {
	it('true: next and previous are URLs that answer the next and previous pages', async () => {
		const s = sandbox.current;
		await setDialect(s, { nextLinks: true });
		const pages = await allPages<ProductView>(s, productsPath(), { limit: 20 });
		const follow = async (url: string) =>
			(await parseResponse<Page<ProductView>>(await fetch(url, { headers: { apikey: s.key } })))
				.body;
		assert.equal(pages[0].paging.previous, undefined, 'no previous on the first page');
		assert.ok(pages[0].paging.next?.startsWith(`${s.baseUrl}/`), pages[0].paging.next);
		assert.deepEqual((await follow(pages[0].paging.next!)).data, pages[1].data);
		assert.deepEqual((await follow(pages[1].paging.next!)).data, pages[2].data);
		assert.deepEqual((await follow(pages[2].paging.previous!)).data, pages[1].data);
		assert.deepEqual((await follow(pages[1].paging.previous!)).data, pages[0].data);
		assert.equal(pages[2].paging.next, undefined, 'no next on the last page');
		await setDialect(s, { beforeCursors: false });
		const [first, second] = await allPages<ProductView>(s, productsPath(), { limit: 20 });
		assert.ok(first.paging.next);
		assert.equal(second.paging.previous, undefined, 'without before cursors, no previous');
	});

	it('false (the default): paging has only cursors', async () => {
		const s = sandbox.current;
		const [first] = await allPages<ProductView>(s, productsPath(), { limit: 20 });
		assert.deepEqual(Object.keys(first.paging), ['cursors']);
	});
});

describe('page sizes stay the config settings', () => {
	it('a preset sets templatePageSize and productPageSize, which later settings override', async () => {
		const s = sandbox.current;
		const config = await setDialect(s, 'empty-body');
		assert.deepEqual(config.templatePageSize, { default: 3, max: 3 });
		assert.deepEqual(config.productPageSize, { default: 7, max: 7 });
		const changed = (
			await s.control<typeof config>('POST', '/config', {
				dialect: 'errors-array',
				productPageSize: { max: 30 },
			})
		).body;
		assert.deepEqual(changed.templatePageSize, { default: 4, max: 4 });
		assert.deepEqual(changed.productPageSize, { default: 15, max: 30 });
		assert.equal(changed.dialect.name, 'custom', 'the page sizes differ from the preset');
		assert.deepEqual((await configOf(s)).productPageSize, { default: 15, max: 30 });
	});
});
