import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { routeModules } from '../src/api';

/**
 * The API's route modules (api.ts): each module of routes/ brings its plugin and its rows of the
 * README's endpoint table, so a new endpoint is served and described with no list to extend, and
 * a module that forgets either is refused by name before the sandbox starts.
 */
function routesDir(files: Record<string, string>): string {
	const dir = mkdtempSync(join(tmpdir(), 'bm-routes-'));
	for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
	return dir;
}

const PLUGIN = 'exports.shopRoutes = async () => {};';
const ROWS = "exports.endpoints = [{ route: '`GET /{id}/shop`' }];";

describe('the route modules', () => {
	it('each module of the build brings one plugin and its rows, and together they describe the API', async () => {
		const modules = await routeModules();
		assert.ok(modules.length >= 15, `${modules.length} modules`);
		const rows = modules.flatMap((m) => m.endpoints);
		assert.ok(rows.some((row) => row.route.includes('/messages')));
		for (const row of rows) assert.match(row.route, /`(GET|POST|DELETE)/, row.route);
	});

	it('takes a module with its plugin and its rows', async () => {
		const dir = routesDir({ 'shop.js': `${PLUGIN}\n${ROWS}` });
		try {
			const [shop] = await routeModules(dir);
			assert.equal(shop.file, 'shop.js');
			assert.deepEqual(shop.endpoints, [{ route: '`GET /{id}/shop`' }]);
		} finally {
			rmSync(dir, { recursive: true });
		}
	});

	it('refuses, by its file, a module without its rows of the endpoint table', async () => {
		const dir = routesDir({ 'shop.js': PLUGIN });
		try {
			await assert.rejects(routeModules(dir), /routes\/shop\.js must export its rows/);
		} finally {
			rmSync(dir, { recursive: true });
		}
	});

	it('refuses, by its file, a module without one plugin named <area>Routes', async () => {
		const dir = routesDir({ 'shop.js': ROWS });
		try {
			await assert.rejects(routeModules(dir), /routes\/shop\.js must export one plugin/);
		} finally {
			rmSync(dir, { recursive: true });
		}
	});
});
