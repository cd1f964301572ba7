import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OTHER_API_KEY, useSandbox } from './helpers';
import { expectInvalid } from './mediaSupport';

/** The Cloud API's GET /{waba}/product_catalogs: the catalog connected to the account. */

const sandbox = useSandbox();

describe('the connected catalog (GET /{waba}/product_catalogs)', () => {
	it('answers the catalog connected to the account, with id and name, and honours fields', async () => {
		const s = sandbox.current;
		const path = `/${s.accountId}/product_catalogs`;
		const { status, body } = await s.api<{ data: Array<Record<string, unknown>> }>('GET', path);
		assert.equal(status, 200);
		assert.equal(body.data.length, 1);
		assert.equal(body.data[0].id, s.catalogId);
		assert.equal(typeof body.data[0].name, 'string');
		const ids = await s.api<{ data: unknown[] }>('GET', path, { query: { fields: 'id' } });
		assert.deepEqual(ids.body.data, [{ id: s.catalogId }]);
		expectInvalid(await s.api('GET', path, { query: { fields: 'products' } }), 'fields');
	});

	it("does not show another key's account (404)", async () => {
		const s = sandbox.current;
		const other = await s.api('GET', `/${s.accountId}/product_catalogs`, { key: OTHER_API_KEY });
		assert.equal(other.status, 404);
	});
});
