import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import { setDialect } from './dialectSupport';
import type { Page, ProductView, TemplateView } from './types';

const sandbox = useSandbox();
const ALL_ACCOUNT_FIELDS = ['id', 'name', 'currency', 'timezone_id', 'message_template_namespace'];
const productsAsking = (fields: string[]) => ({ fields: JSON.stringify(fields), limit: 3 });

describe('dialect strictFields', () => {
	it('true: a business account answers exactly the fields asked for, in that order', async () => {
		const s = sandbox.current;
		await setDialect(s, { strictFields: true });
		const keys = async (fields?: string) =>
			Object.keys((await s.api<object>('GET', `/${s.accountId}`, { query: { fields } })).body);
		assert.deepEqual(await keys('name'), ['name']);
		assert.deepEqual(await keys('currency,name'), ['currency', 'name']);
		assert.deepEqual(await keys('name,id'), ['name', 'id']);
		assert.deepEqual(await keys(), ALL_ACCOUNT_FIELDS, 'without fields: every field');
	});

	it('true: templates and products answer exactly the fields asked for', async () => {
		const s = sandbox.current;
		await setDialect(s, { strictFields: true });
		const templates = await s.api<Page<TemplateView>>('GET', `/${s.accountId}/message_templates`, {
			query: { fields: 'name,status' },
		});
		assert.ok(templates.body.data.length > 0);
		for (const t of templates.body.data) assert.deepEqual(Object.keys(t), ['name', 'status']);
		const products = await s.api<Page<ProductView>>('GET', `/${s.catalogId}/products`, {
			query: productsAsking(['price', 'name']),
		});
		assert.equal(products.body.data.length, 3);
		for (const p of products.body.data) assert.deepEqual(Object.keys(p), ['price', 'name']);
		const withId = await s.api<Page<ProductView>>('GET', `/${s.catalogId}/products`, {
			query: productsAsking(['name', 'id']),
		});
		assert.deepEqual(Object.keys(withId.body.data[0]), ['name', 'id']);
		const defaults = await s.api<Page<ProductView>>('GET', `/${s.catalogId}/products`);
		assert.deepEqual(Object.keys(defaults.body.data[0]), [
			'id',
			'retailer_id',
			'name',
			'price',
			'availability',
			'image_url',
		]);
	});

	it('false (the default): id comes first, then the fields asked for', async () => {
		const s = sandbox.current;
		const account = await s.api<object>('GET', `/${s.accountId}`, { query: { fields: 'name' } });
		assert.deepEqual(Object.keys(account.body), ['id', 'name']);
		const templates = await s.api<Page<TemplateView>>('GET', `/${s.accountId}/message_templates`, {
			query: { fields: 'name' },
		});
		assert.deepEqual(Object.keys(templates.body.data[0]), ['id', 'name']);
		const products = await s.api<Page<ProductView>>('GET', `/${s.catalogId}/products`, {
			query: productsAsking(['price']),
		});
		assert.deepEqual(Object.keys(products.body.data[0]), ['id', 'price']);
	});
});

describe('dialect accountDefaultFields', () => {
	it('minimal: without fields a business account is id and name; fields still choose', async () => {
		const s = sandbox.current;
		await setDialect(s, { accountDefaultFields: 'minimal' });
		const account = await s.api<object>('GET', `/${s.accountId}`);
		assert.deepEqual(account.body, { id: s.accountId, name: 'Acme Coffee Roasters' });
		const asked = await s.api<object>('GET', `/${s.accountId}`, { query: { fields: 'currency' } });
		assert.deepEqual(asked.body, { id: s.accountId, currency: 'USD' });
		await setDialect(s, { strictFields: true });
		const strict = await s.api<object>('GET', `/${s.accountId}`, { query: { fields: 'currency' } });
		assert.deepEqual(strict.body, { currency: 'USD' });
	});

	it('all (the default): without fields, all five fields', async () => {
		const s = sandbox.current;
		const account = await s.api<object>('GET', `/${s.accountId}`);
		assert.deepEqual(Object.keys(account.body), ALL_ACCOUNT_FIELDS);
	});
});
