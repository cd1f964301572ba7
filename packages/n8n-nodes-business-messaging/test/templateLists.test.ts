import { useTestBed } from './harness';
import {
	SEEDED_APPROVED,
	SEEDED_NEWEST_FIRST,
	locator,
	account,
	templatesPath,
	stored,
	addTemplates,
	allIdsNewestFirst,
	query,
	pathOf,
	useTemplateTestBed,
} from './templateSupport';

const bed = useTemplateTestBed(useTestBed());

describe('template lists of the resource locators', () => {
	const forAccount = () => ({
		resource: 'template',
		operation: 'get',
		businessAccountId: account(),
	});

	it("lists the account's templates with language and status, valued by ID", async () => {
		const { results, paginationToken } = await bed
			.harness()
			.listSearch('searchTemplates', forAccount());
		expect(results.map((r) => r.name)).toEqual(SEEDED_NEWEST_FIRST);
		expect(results[0]).toEqual({
			name: 'loyalty_update (en_US) — PAUSED',
			value: stored('loyalty_update').id,
		});
		expect(paginationToken).toBeUndefined();
		const [request] = bed.requests();
		expect(pathOf(request.url)).toBe(templatesPath());
		expect(query(request.url).get('fields')).toBe('id,name,language,status');
	});

	it('narrows the list by name', async () => {
		const { results } = await bed.harness().listSearch('searchTemplates', forAccount(), ' ORDER ');
		expect(results.map((r) => r.name)).toEqual([
			'order_confirmation (es_ES) — APPROVED',
			'order_confirmation (en_US) — APPROVED',
		]);
		// The spec shows no `name` filter on the list: the search text is matched by the node.
		expect(query(bed.requests()[0].url).has('name')).toBe(false);
	});

	it('reads on past pages where nothing matches, and answers with the cursor of the next', async () => {
		addTemplates(250); // newer than the seeded ones: order_confirmation is on page 3
		const { results, paginationToken } = await bed
			.harness()
			.listSearch('searchTemplates', forAccount(), 'order_conf');
		expect(results.map((r) => r.name)).toEqual([
			'order_confirmation (es_ES) — APPROVED',
			'order_confirmation (en_US) — APPROVED',
		]);
		expect(bed.requests()).toHaveLength(3);
		expect(paginationToken).toBeUndefined();
	});

	it('pages with the pagination token', async () => {
		addTemplates(120);
		const first = await bed.harness().listSearch('searchTemplates', forAccount());
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toEqual(expect.any(String));
		const second = await bed
			.harness()
			.listSearch('searchTemplates', forAccount(), undefined, first.paginationToken as string);
		expect(second.results).toHaveLength(120 + SEEDED_NEWEST_FIRST.length - 100);
		expect(second.paginationToken).toBeUndefined();
		expect([...first.results, ...second.results].map((r) => r.value)).toEqual(allIdsNewestFirst());
		expect(query(bed.requests()[1].url).get('after')).toBe(first.paginationToken);
	});

	it('lists only APPROVED templates for sending, without a status', async () => {
		const { results } = await bed.harness().listSearch('searchApprovedTemplates', forAccount());
		expect(results.map((r) => r.name)).toEqual(SEEDED_APPROVED);
		expect(query(bed.requests()[0].url).get('status')).toBe('APPROVED');
	});

	it.each([
		['approval', '"Approve" approves, "Decline" declines', 'cannot ask: no quick replies'],
		['choice', 'choices: Approve, Decline', 'cannot ask: no quick replies'],
		['freeText', 'the next message answers', 'the next message answers'],
	])(
		'Send and Wait’s Question Template list (%s) says what each template’s quick-reply buttons answer, or that it has none',
		async (responseType, approvalRequest, withoutButtons) => {
			const { results } = await bed.harness().listSearch('searchQuestionTemplates', {
				resource: 'message',
				operation: 'sendAndWait',
				phoneNumberId: locator(bed.sandbox.phoneNumberIds[0]),
				responseType,
			});
			const named = (name: string) => results.find((r) => r.name.startsWith(`${name} (`))?.name;
			expect(named('approval_request')).toBe(`approval_request (en_US) — ${approvalRequest}`);
			// A seeded template with no quick-reply button.
			const plain = SEEDED_APPROVED.find((n) => {
				const [name, language] = n.replace(')', '').split(' (');
				const components = stored(name, language).components as Array<{
					type: string;
					buttons?: Array<{ type: string }>;
				}>;
				return !components.some(
					(c) => c.type === 'BUTTONS' && c.buttons?.some((b) => b.type === 'QUICK_REPLY'),
				);
			})!;
			expect(results.find((r) => r.name.startsWith(`${plain} — `))?.name).toBe(
				`${plain} — ${withoutButtons}`,
			);
			// Only approved templates, as for any send, and their buttons asked for; those that
			// cannot ask the question come last.
			const names = results.map((r) => r.name.replace(/ — .*$/, ''));
			expect([...names].sort()).toEqual([...SEEDED_APPROVED].sort());
			const cannot = (name: string) => / — cannot ask: /.test(name);
			const firstThatCannot = results.findIndex((r) => cannot(r.name));
			if (firstThatCannot >= 0)
				expect(results.slice(firstThatCannot).every((r) => cannot(r.name))).toBe(true);
			expect(query(bed.requests().at(-1)!.url).get('fields')).toContain('components');
		},
	);

	it.each([
		[
			'double',
			'order_confirmation (en_US) — cannot ask: 1 quick reply, Approve and Decline need 2',
		],
		['single', 'approval_request (en_US) — cannot ask: 2 quick replies, Approve Only needs 1'],
	])(
		'Send and Wait’s Question Template list (approval, %s) marks a template with another number of quick replies than the answers, and lists it after those that fit',
		async (approvalType, marked) => {
			const { results } = await bed.harness().listSearch('searchQuestionTemplates', {
				resource: 'message',
				operation: 'sendAndWait',
				phoneNumberId: locator(bed.sandbox.phoneNumberIds[0]),
				responseType: 'approval',
				approvalType,
			});
			const names = results.map((r) => r.name);
			expect(names).toContain(marked);
			const fits = names.filter((n) => / approves/.test(n));
			expect(fits.length).toBeGreaterThan(0);
			expect(names.slice(0, fits.length)).toEqual(fits);
		},
	);

	it('Send and Wait’s Question Template list (choice) marks a template whose quick replies are not one per choice, counted as the run counts them', async () => {
		const { results } = await bed.harness().listSearch('searchQuestionTemplates', {
			resource: 'message',
			operation: 'sendAndWait',
			phoneNumberId: locator(bed.sandbox.phoneNumberIds[0]),
			responseType: 'choice',
			choices: { choice: [{ title: 'Red' }, { title: 'Green' }, { title: 'Blue' }] },
		});
		expect(results.map((r) => r.name)).toContain(
			'approval_request (en_US) — cannot ask: 2 quick replies, 3 choices need 3',
		);
	});

	it('pages the approved templates too', async () => {
		addTemplates(200); // 133 of them APPROVED, plus the seeded approved ones
		const first = await bed.harness().listSearch('searchApprovedTemplates', forAccount());
		const second = await bed
			.harness()
			.listSearch(
				'searchApprovedTemplates',
				forAccount(),
				undefined,
				first.paginationToken as string,
			);
		expect(first.results).toHaveLength(100);
		expect(second.results).toHaveLength(133 + SEEDED_APPROVED.length - 100);
		expect(second.paginationToken).toBeUndefined();
		const approvedIds = allIdsNewestFirst().filter(
			(id) => bed.sandbox.state.store.templates.get(id)!.status === 'APPROVED',
		);
		expect([...first.results, ...second.results].map((r) => r.value)).toEqual(approvedIds);
	});

	it('without a business account, uses the account of the chosen phone number', async () => {
		// A second account of the same key, with its own number and template
		const { store } = bed.sandbox.state;
		const apiKey = store.accounts.get(bed.sandbox.businessAccountId)!.apiKey;
		store.accounts.set('102290129341111', {
			id: '102290129341111',
			apiKey,
			name: 'Acme Tea House',
			currency: 'USD',
			timezone_id: '1',
			message_template_namespace: 'tea',
		});
		store.numbers.set('106540352241111', {
			phone_number_id: '106540352241111',
			wanumber: '+15550123499',
			accountId: '102290129341111',
			apiKey,
		});
		const id = store.newId('template');
		store.templates.set(id, {
			id,
			seq: store.nextSeq(),
			accountId: '102290129341111',
			name: 'tea_ready',
			language: 'en_GB',
			status: 'APPROVED',
			category: 'UTILITY',
			components: [{ type: 'BODY', text: 'Your tea is ready.' }],
			approvedEdits: [],
		});

		const number = (value: string) => ({
			resource: 'payment',
			operation: 'refund',
			phoneNumberId: locator(value, 'list'),
		});
		const tea = await bed
			.harness()
			.listSearch('searchApprovedTemplates', number('106540352241111'));
		expect(tea.results).toEqual([{ name: 'tea_ready (en_GB)', value: id }]);
		expect(pathOf(bed.requests()[1].url)).toBe('/v3/102290129341111/message_templates');

		const coffee = await bed
			.harness()
			.listSearch('searchTemplates', number(bed.sandbox.phoneNumberIds[1]));
		expect(coffee.results.map((r) => r.name)).toEqual(SEEDED_NEWEST_FIRST);
	});
});
