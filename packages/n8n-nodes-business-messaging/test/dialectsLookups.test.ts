import { DIALECT_PRESETS } from 'business-messaging-sandbox';
import type { INodeParameters } from 'n8n-workflow';
import { expectFailure, FAST_RETRIES, useTestBed, type TestBed } from './harness';

/**
 * What the editor and the lookups lean on, against every dialect of the sandbox: the pickers
 * (list searches), the Template Variables form (resource mapper), templates by name, whole lists
 * across capped pages, exact field sets, and the provider's words in an error of any shape.
 */
const rl = (value: string, mode = 'id') => ({ __rl: true, mode, value });

const accountTemplates = (bed: TestBed) =>
	[...bed.sandbox.state.store.templates.values()].filter(
		(t) => t.accountId === bed.sandbox.businessAccountId,
	);
const templateId = (bed: TestBed, name: string, language = 'en_US') =>
	accountTemplates(bed).find((t) => t.name === name && t.language === language)!.id;

describe.each(DIALECT_PRESETS.map((preset) => [preset.name, preset] as const))(
	'dialect %s',
	(dialect, preset) => {
		const bed = useTestBed({ dialect });
		const account = () => ({ businessAccountId: rl(bed.sandbox.businessAccountId) });

		it('the phone number picker lists the key’s numbers, valued by ID', async () => {
			const { results } = await bed.harness().listSearch('searchPhoneNumbers');
			expect(results.map((r) => r.value)).toEqual(bed.sandbox.phoneNumberIds);
		});

		it('the business account picker names the account', async () => {
			const { results } = await bed.harness().listSearch('searchBusinessAccounts');
			expect(results).toEqual([
				{
					name: `Acme Coffee Roasters (ID ${bed.sandbox.businessAccountId})`,
					value: bed.sandbox.businessAccountId,
				},
			]);
		});

		it('the template picker gives every template once across its pages', async () => {
			const seen: string[] = [];
			let token: string | undefined;
			do {
				const page = await bed.harness().listSearch('searchTemplates', account(), undefined, token);
				seen.push(...page.results.map((r) => String(r.value)));
				token = page.paginationToken as string | undefined;
			} while (token);
			expect(seen.sort()).toEqual(
				accountTemplates(bed)
					.map((t) => t.id)
					.sort(),
			);
		});

		it('the approved-template search finds by part of the name', async () => {
			// A dialect with small pages may show them on the search's next page.
			const results = [];
			let token: string | undefined;
			do {
				const page = await bed
					.harness()
					.listSearch('searchApprovedTemplates', account(), 'confirm', token);
				results.push(...page.results);
				token = page.paginationToken as string | undefined;
			} while (token);
			expect(results.map((r) => r.name).sort()).toEqual([
				'order_confirmation (en_US)',
				'order_confirmation (es_ES)',
			]);
		});

		it('the flow picker gives every sendable flow of the sender’s account once across its pages', async () => {
			const sender = { phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]) };
			const seen: string[] = [];
			let token: string | undefined;
			do {
				const page = await bed.harness().listSearch('searchFlows', sender, undefined, token);
				seen.push(...page.results.map((r) => String(r.value)));
				token = page.paginationToken as string | undefined;
			} while (token);
			// The demo's published, draft and throttled flows.
			expect(seen).toHaveLength(3);
			expect(seen.sort()).toEqual(
				[...bed.sandbox.state.store.flows.values()]
					.filter((f) => f.accountId === bed.sandbox.businessAccountId)
					.filter((f) => f.status !== 'DEPRECATED' && f.status !== 'BLOCKED')
					.map((f) => f.id)
					.sort(),
			);
		});

		it.each([
			['by ID', (bed: TestBed) => rl(templateId(bed, 'order_confirmation'))],
			['by name', () => rl('order_confirmation (en_US)', 'name')],
		])('the Template Variables form loads, template %s', async (_mode, template) => {
			const { fields } = await bed.harness().resourceMapping('getTemplateVariables', {
				resource: 'message',
				operation: 'sendTemplate',
				phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
				template: template(bed),
			} as INodeParameters);
			expect(fields.map((f) => f.id)).toEqual([
				'header_1',
				'body_1',
				'body_2',
				'body_3',
				'button_0_url',
				'button_1_payload',
			]);
		});

		it('a template given by name is found though the server may ignore the name filter', async () => {
			const [output] = await bed.harness().execute({
				parameters: {
					resource: 'template',
					operation: 'get',
					...account(),
					template: rl('order_confirmation (es_ES)', 'name'),
				},
			});
			expect(output[0].json.id).toBe(templateId(bed, 'order_confirmation', 'es_ES'));
		});

		it('Template › Get Many gives every template once across capped pages, filters applied', async () => {
			const all = await bed.harness().execute({
				parameters: { resource: 'template', operation: 'getMany', ...account(), returnAll: true },
			});
			expect(all[0].map((i) => i.json.id).sort()).toEqual(
				accountTemplates(bed)
					.map((t) => t.id)
					.sort(),
			);
			const named = await bed.harness().execute({
				parameters: {
					resource: 'template',
					operation: 'getMany',
					...account(),
					returnAll: true,
					filters: { name: 'order' },
					options: { fields: ['language'] },
				},
			});
			expect(named[0].map((i) => i.json.language).sort()).toEqual(['en_US', 'es_ES']);
			for (const item of named[0]) expect(item.json.id).toEqual(expect.any(String));
		});

		it('Product › Get Many gives every product once, with its ID, across capped pages', async () => {
			const [output] = await bed.harness().execute({
				parameters: {
					resource: 'product',
					operation: 'getMany',
					catalogId: rl(bed.sandbox.catalogId),
					returnAll: true,
					options: { fields: ['retailer_id'], pageSize: 1000 },
				},
			});
			expect(output).toHaveLength(50);
			expect(new Set(output.map((i) => i.json.id)).size).toBe(50);
			expect(new Set(output.map((i) => i.json.retailer_id)).size).toBe(50);
		});

		it('an error shows the provider’s own words, or says plainly what came instead', async () => {
			const error = await expectFailure(
				bed.harness().execute({
					parameters: {
						resource: 'template',
						operation: 'get',
						...account(),
						template: rl('no-such-template'),
						requestOptions: FAST_RETRIES,
					},
				}),
			);
			const shape = preset.dialect.errorShape;
			const expected =
				shape === 'html'
					? /^The API's address answered HTTP 40[04] with a web page: "40[04] /
					: shape === 'empty'
						? /^The API answered HTTP 40[04] \((Not Found|Bad Request)\) with no message$/
						: /"no-such-template" does not exist or is not visible to this API key/;
			expect(error.message).toMatch(expected);
			expect(['400', '404']).toContain(error.httpCode);
		});
	},
);

describe('Graph-style paging (dialect graph-api): an after cursor on the last page too', () => {
	const bed = useTestBed({ dialect: 'graph-api' });

	it('ends where the next link ends, without asking for a page after the last', async () => {
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'product',
				operation: 'getMany',
				catalogId: rl(bed.sandbox.catalogId),
				returnAll: true,
				options: { pageSize: 20 },
			},
		});
		expect(output).toHaveLength(50);
		expect(bed.requests().filter((r) => r.url.includes('/products'))).toHaveLength(3);
	});

	it('"not found" as Graph says it (400, code 100, subcode 33) still brings the phone-number hint', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: {
					resource: 'media',
					operation: 'delete',
					phoneNumberId: rl('+1 555-012-3401'),
					mediaId: bed.sandbox.mediaIds[0],
					requestOptions: FAST_RETRIES,
				},
			}),
		);
		expect(error.httpCode).toBe('400');
		expect(String(error.description)).toContain(
			`the Phone Number field wants its ID, ${bed.sandbox.phoneNumberIds[0]}`,
		);
	});

	it('a delete repeated after a lost answer that Graph then calls unknown counts as done', async () => {
		bed.sandbox.state.faults.add({ kind: 'reset', after: true, method: 'DELETE', count: 1 });
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'template',
				operation: 'delete',
				businessAccountId: rl(bed.sandbox.businessAccountId),
				name: 'spring_sale',
				requestOptions: FAST_RETRIES,
			},
		});
		expect(output[0].json.success).toBe(true);
		// The first was done but its answer lost (no status logged); the second finds nothing.
		expect(bed.requests().map((r) => r.status)).toEqual([undefined, 400]);
		expect(accountTemplates(bed).some((t) => t.name === 'spring_sale')).toBe(false);
	});

	it('a single page, which has no links, ends at the empty page after it', async () => {
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'template',
				operation: 'getMany',
				...{ businessAccountId: rl(bed.sandbox.businessAccountId) },
				returnAll: true,
			},
		});
		expect(output).toHaveLength(accountTemplates(bed).length);
		expect(bed.requests()).toHaveLength(2);
	});
});

describe('a filter the server ignores (dialect strict: no name filter, pages of 10)', () => {
	const bed = useTestBed({ dialect: 'strict' });

	it('asks for whole pages, since most of each may be dropped, and still stops at Limit', async () => {
		const { store } = bed.sandbox.state;
		for (let i = 0; i < 40; i++) {
			const id = store.newId('template');
			store.templates.set(id, {
				id,
				seq: store.nextSeq(),
				accountId: bed.sandbox.businessAccountId,
				name: `bulk_${i}`,
				language: 'en_US',
				status: 'APPROVED',
				category: 'UTILITY',
				components: [{ type: 'BODY', text: `Bulk ${i}` }],
				approvedEdits: [],
			});
		}
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'template',
				operation: 'getMany',
				businessAccountId: rl(bed.sandbox.businessAccountId),
				limit: 1,
				filters: { name: 'order' },
			},
		});
		expect(output.map((i) => i.json.name)).toEqual(['order_confirmation']);
		const limits = bed.requests().map((r) => new URL(r.url, 'http://x').searchParams.get('limit'));
		// The 40 new templates and 10 seeded ones come first (newest first): 6 pages of 10 before a match.
		expect(limits).toEqual(['100', '100', '100', '100', '100', '100']);
	});
});
