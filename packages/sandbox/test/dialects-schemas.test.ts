import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { DIALECT_PRESETS } from '../src/index';
import { describe as describeState } from '../src/routes/control';
import { SandboxState } from '../src/sandbox';
import { DEMO_API_KEY } from '../src/seed';
import { schemaProblem } from './schemaCheck';

type Schema = Record<string, unknown>;

/**
 * The route schemas document every dialect's answers too (test/schemas.test.ts holds the default
 * one to them): lists with and without paging, exact fields, opaque IDs, each error shape.
 */
describe('route schemas in every dialect', () => {
	for (const preset of DIALECT_PRESETS) {
		it(`${preset.name}: answers as the schemas say`, async () => {
			const state = new SandboxState({ dialect: preset.name });
			const app = buildApp(state);
			const problems: string[] = [];
			app.addHook('preSerialization', async (request, reply, payload) => {
				if (request.is404) return payload; // no route, no schema
				const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, Schema>;
				const status = reply.statusCode;
				const schema = responses[status] ?? responses[`${String(status)[0]}xx`];
				const where = `${request.method} ${request.url} ${status}`;
				if (!schema) problems.push(`${where}: no response schema`);
				else {
					const problem = schemaProblem(schema, payload);
					if (problem) problems.push(`${where}: ${problem}`);
				}
				return payload;
			});
			await app.ready();
			try {
				const ids = describeState(state, '').keys[0];
				const call = async (method: InjectOptions['method'], url: string, payload?: object) => {
					const response = await app.inject({
						method,
						url,
						headers: { apikey: DEMO_API_KEY },
						...(payload ? { payload } : {}),
					});
					return response;
				};
				/** Every page of a list, following `after`. */
				const pages = async (url: string) => {
					let after: string | undefined;
					let count = 0;
					do {
						const response = await call(
							'GET',
							after ? `${url}&after=${encodeURIComponent(after)}` : url,
						);
						assert.equal(response.statusCode, 200, response.body);
						after = (response.json() as { paging?: { cursors: { after?: string } } }).paging
							?.cursors.after;
						count += 1;
					} while (after !== undefined && count < 50);
				};
				const account = ids.businessAccountIds[0];
				const catalog = ids.catalogIds[0];
				await call('GET', '/v3/getuserdetails');
				await call('GET', `/v3/${account}`);
				await call('GET', `/v3/${account}?fields=currency`);
				await pages(`/v3/${account}/message_templates?limit=2&fields=name,status`);
				await pages(`/v3/${account}/message_templates?limit=100&name=hello`);
				await pages(`/v3/${catalog}/products?limit=20&fields=${encodeURIComponent('["name"]')}`);
				await pages(
					`/v3/${catalog}/products?summary=true&filter=${encodeURIComponent('{"name":{"eq":"none"}}')}`,
				);
				const created = await call('POST', `/v3/${account}/message_templates`, {
					name: 'schema_dialect',
					language: 'en_US',
					category: 'UTILITY',
					components: [{ type: 'BODY', text: 'Your order ships today' }],
				});
				assert.equal(created.statusCode, 200, created.body);
				await call('GET', `/v3/${(created.json() as { id: string }).id}`);
				await call('GET', `/v3/${ids.mediaIds[0]}?phone_number_id=${ids.phoneNumberIds[0]}`);
				// refusals
				await call('GET', '/v3/999');
				await call('GET', '/v3/no/such/path');
				await call('POST', `/v3/${account}/message_templates`, { name: 'Bad Name' });
				await app.inject({ method: 'GET', url: '/v3/getuserdetails' });
				state.faults.add([{ kind: 'status', status: 429, retryAfter: 1, count: 1 }]);
				await call('GET', '/v3/getuserdetails');
				// the control API
				await call('GET', '/_sandbox/config');
				await call('POST', '/_sandbox/config', { dialect: preset.name });
				await call('POST', '/_sandbox/config', { dialect: { nextLinks: true } });
				await call('POST', '/_sandbox/config', { dialect: 'klingon' });
				assert.deepEqual(problems, []);
			} finally {
				await app.close();
			}
		});
	}
});
