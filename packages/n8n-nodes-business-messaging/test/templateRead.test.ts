import { OTHER_API_KEY } from 'business-messaging-sandbox';
import { NodeApiError, type IDataObject } from 'n8n-workflow';
import { expectFailure, useTestBed } from './harness';
import {
	SEEDED_NEWEST_FIRST,
	locator,
	account,
	templatesPath,
	stored,
	addTemplates,
	allIdsNewestFirst,
	query,
	pathOf,
	run,
	getTemplate,
	useTemplateTestBed,
	type Params,
} from './templateSupport';

const bed = useTemplateTestBed(useTestBed());

describe('Template › Get', () => {
	it.each(['id', 'list'])('gets a template by its ID (%s mode)', async (mode) => {
		const { id } = stored('order_confirmation');
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'template',
				operation: 'get',
				businessAccountId: account(mode),
				template: locator(id, mode),
			},
		});
		expect(output).toHaveLength(1);
		expect(output[0].json).toEqual({
			id,
			name: 'order_confirmation',
			language: 'en_US',
			status: 'APPROVED',
			category: 'UTILITY',
			components: stored('order_confirmation').components,
		});
		expect(bed.requests().map((r) => `${r.method} ${r.url}`)).toEqual([`GET /v3/${id}`]);
	});

	it('shows the rejected reason of a rejected template', async () => {
		expect(await getTemplate(stored('payment_reminder').id)).toMatchObject({
			status: 'REJECTED',
			rejected_reason: 'INCORRECT_CATEGORY',
		});
	});

	it("answers another key's template as not found", async () => {
		const other = [...bed.sandbox.state.store.templates.values()].find(
			(t) => t.name === 'other_hello',
		);
		expect(other).toBeDefined();
		const error = await expectFailure(getTemplate(other!.id));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('404');
		expect(error.message).toContain(`"${other!.id}" does not exist`);
		// while its own key sees it
		expect((await getTemplate(other!.id, OTHER_API_KEY)).name).toBe('other_hello');
	});
});

describe('Template › Get Many', () => {
	const getMany = (extra: Params = {}) =>
		run({ resource: 'template', operation: 'getMany', businessAccountId: account(), ...extra });
	const label = (json: IDataObject) =>
		`${String(json.name)} (${String(json.language)}) — ${String(json.status)}`;

	it('returns up to 50 by default, newest first, in one request', async () => {
		const output = await getMany();
		expect(output.map((item) => label(item.json))).toEqual(SEEDED_NEWEST_FIRST);
		expect(output[0].json).toEqual(
			expect.objectContaining({
				id: expect.any(String),
				category: 'MARKETING',
				components: expect.any(Array),
			}),
		);
		const requests = bed.requests();
		expect(requests).toHaveLength(1);
		expect(pathOf(requests[0].url)).toBe(templatesPath());
		expect(Object.fromEntries(query(requests[0].url))).toEqual({ limit: '50' });
	});

	it('stops at 50 by default when there are more', async () => {
		addTemplates(60);
		const output = await getMany();
		expect(output).toHaveLength(50);
		expect(output.map((item) => item.json.id)).toEqual(allIdsNewestFirst().slice(0, 50));
		expect(bed.requests()).toHaveLength(1);
	});

	it('with Return All, pages through more than 100 templates, each exactly once', async () => {
		addTemplates(120);
		const all = allIdsNewestFirst();
		expect(all).toHaveLength(120 + SEEDED_NEWEST_FIRST.length);
		const output = await getMany({ returnAll: true });
		expect(output.map((item) => item.json.id)).toEqual(all);
		expect(new Set(output.map((item) => item.json.id)).size).toBe(all.length);
		const requests = bed.requests();
		expect(requests).toHaveLength(2);
		expect(query(requests[0].url).get('limit')).toBe('100');
		expect(query(requests[0].url).has('after')).toBe(false);
		expect(query(requests[1].url).get('limit')).toBe('100');
		expect(query(requests[1].url).get('after')).toEqual(expect.any(String));
	});

	it.each([
		[3, 7, ['3']],
		[7, 7, ['7']],
		[100, 127, ['100']],
		[101, 127, ['100', '1']],
		[120, 127, ['100', '20']],
	])(
		'stops exactly at limit %p (of %p templates), asking only for what is missing',
		async (limit, total, limits) => {
			if (total > 7) addTemplates(total - 7);
			const output = await getMany({ limit });
			expect(output.map((item) => item.json.id)).toEqual(allIdsNewestFirst().slice(0, limit));
			expect(bed.requests().map((r) => query(r.url).get('limit'))).toEqual(limits);
		},
	);

	it('filters by status', async () => {
		const output = await getMany({ filters: { status: 'APPROVED' } });
		expect(output.map((item) => label(item.json))).toEqual(
			SEEDED_NEWEST_FIRST.filter((n) => n.endsWith('APPROVED')),
		);
		expect(query(bed.requests()[0].url).get('status')).toBe('APPROVED');
	});

	it('filters by a part of the name', async () => {
		const output = await getMany({ filters: { name: 'order' } });
		expect(output.map((item) => label(item.json))).toEqual([
			'order_confirmation (es_ES) — APPROVED',
			'order_confirmation (en_US) — APPROVED',
		]);
		expect(query(bed.requests()[0].url).get('name')).toBe('order');
	});

	it('filters by language', async () => {
		const output = await getMany({ filters: { language: 'es_ES' } });
		expect(output.map((item) => label(item.json))).toEqual([
			'order_confirmation (es_ES) — APPROVED',
		]);
		expect(query(bed.requests()[0].url).get('language')).toBe('es_ES');
	});

	it('returns only the chosen fields, and always the ID', async () => {
		const output = await getMany({ options: { fields: ['name', 'status'] } });
		expect(output).toHaveLength(SEEDED_NEWEST_FIRST.length);
		for (const item of output)
			expect(Object.keys(item.json).sort()).toEqual(['id', 'name', 'status']);
		expect(output[0].json).toEqual({
			id: stored('loyalty_update').id,
			name: 'loyalty_update',
			status: 'PAUSED',
		});
		expect(query(bed.requests()[0].url).get('fields')).toBe('id,name,status');
	});

	describe('cursors', () => {
		/** The after cursor of the first page of 100, as the template list hands it out. */
		async function firstPageCursor(): Promise<string> {
			const page = await bed.harness().listSearch('searchTemplates', {
				resource: 'template',
				operation: 'get',
				businessAccountId: account(),
			});
			expect(page.results).toHaveLength(100);
			expect(page.paginationToken).toEqual(expect.any(String));
			return page.paginationToken as string;
		}

		it('starts after the After Cursor', async () => {
			addTemplates(120);
			const cursor = await firstPageCursor();
			const before = bed.requests().length;
			const output = await getMany({ returnAll: true, options: { after: cursor } });
			expect(output.map((item) => item.json.id)).toEqual(allIdsNewestFirst().slice(100));
			const requests = bed.requests().slice(before);
			expect(requests).toHaveLength(1);
			expect(query(requests[0].url).get('after')).toBe(cursor);
		});

		it('returns the page before the Before Cursor, of Limit items, in one request', async () => {
			addTemplates(120);
			const cursor = await firstPageCursor();
			const before = bed.requests().length;
			const output = await getMany({ limit: 10, options: { before: cursor } });
			// the cursor names the 100th template: the page before it ends with the 99th
			expect(output.map((item) => item.json.id)).toEqual(allIdsNewestFirst().slice(89, 99));
			const requests = bed.requests().slice(before);
			expect(requests).toHaveLength(1);
			expect(query(requests[0].url).get('before')).toBe(cursor);
			expect(query(requests[0].url).get('limit')).toBe('10');
			expect(query(requests[0].url).has('after')).toBe(false);
		});

		it('surfaces a cursor that is not one of this list', async () => {
			const error = await expectFailure(getMany({ options: { after: 'not-a-cursor' } }));
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.httpCode).toBe('400');
			expect(error.message).toContain('after');
		});
	});
});
