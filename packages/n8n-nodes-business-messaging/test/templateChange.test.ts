import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { expectFailure, useTestBed } from './harness';
import {
	DAY_MS,
	SEEDED_APPROVED,
	locator,
	account,
	templatesPath,
	stored,
	has,
	query,
	sentJson,
	run,
	getTemplate,
	useTemplateTestBed,
	type Params,
} from './templateSupport';

const bed = useTemplateTestBed(useTestBed());

describe('Template › Update', () => {
	const update = (name: string, extra: Params = {}) =>
		run({
			resource: 'template',
			operation: 'update',
			businessAccountId: account(),
			template: locator(stored(name).id, 'list'),
			...extra,
		});
	const newContent = {
		content: 'builder',
		body: 'You have {{1}} points, {{2}}.',
		bodyExamples: { example: [{ value: '120' }, { value: 'Maria' }] },
		footer: 'Acme Coffee Roasters',
	};
	const newComponents = [
		{
			type: 'BODY',
			text: 'You have {{1}} points, {{2}}.',
			example: { body_text: [['120', 'Maria']] },
		},
		{ type: 'FOOTER', text: 'Acme Coffee Roasters' },
	];
	const posts = () => bed.requests().filter((r) => r.method === 'POST');

	it('refuses a PENDING template early, with the reason, sending no edit', async () => {
		const error = await expectFailure(
			update('spring_sale', { changeCategory: true, category: 'UTILITY' }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			'Template spring_sale is PENDING: only APPROVED, REJECTED or PAUSED templates can be edited',
		);
		expect(error.description).toBe('Wait for the review to decide, then edit it.');
		expect(bed.requests().map((r) => `${r.method} ${r.url}`)).toEqual([
			`GET /v3/${stored('spring_sale').id}`,
		]);
		expect(stored('spring_sale').category).toBe('MARKETING');
	});

	it('refuses a DISABLED template early too', async () => {
		bed.sandbox.state.setTemplateStatus(stored('hello_world'), 'DISABLED');
		const error = await expectFailure(update('hello_world', newContent));
		expect(error.message).toBe(
			'Template hello_world is DISABLED: only APPROVED, REJECTED or PAUSED templates can be edited',
		);
		expect(posts()).toHaveLength(0);
	});

	it('changes only the category of a REJECTED template', async () => {
		const { id, components } = stored('payment_reminder');
		const output = await update('payment_reminder', {
			changeCategory: true,
			category: 'MARKETING',
		});
		expect(output[0].json).toEqual({
			success: true,
			id,
			name: 'payment_reminder',
			language: 'en_US',
			status: 'PENDING',
		});
		const [post] = posts();
		expect(post.url).toBe(`/v3/${id}`);
		expect(sentJson(post)).toEqual({ category: 'MARKETING' });
		expect(stored('payment_reminder')).toMatchObject({
			status: 'PENDING',
			category: 'MARKETING',
			components,
		});
		bed.sandbox.state.advanceClock(bed.sandbox.state.config.reviewDelayMs);
		expect(await getTemplate(id)).toMatchObject({ status: 'APPROVED', category: 'MARKETING' });
	});

	it('replaces the components of a PAUSED template with the form, keeping the category', async () => {
		const output = await update('loyalty_update', newContent);
		expect(output[0].json.status).toBe('PENDING');
		const [post] = posts();
		expect(sentJson(post)).toEqual({ components: newComponents });
		expect(stored('loyalty_update')).toMatchObject({
			status: 'PENDING',
			category: 'MARKETING',
			components: newComponents,
		});
	});

	it('replaces the components with JSON', async () => {
		const components = [
			{ type: 'BODY', text: 'Your invoice {{1}} is due.', example: { body_text: [['INV-7']] } },
		];
		await update('payment_reminder', {
			content: 'json',
			componentsJson: JSON.stringify(components),
		});
		expect(sentJson(posts()[0])).toEqual({ components });
		expect(stored('payment_reminder').components).toEqual(components);
	});

	it('checks the new content against the rules (with the category it will have) before editing', async () => {
		const error = await expectFailure(
			update('loyalty_update', {
				...newContent,
				changeCategory: true,
				category: 'UTILITY',
				limitedTimeOffer: { text: 'Hurry!' },
			}),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Limited-Time Offer: needs the category Marketing');
		expect(posts()).toHaveLength(0);
		expect(stored('loyalty_update').status).toBe('PAUSED');
	});

	it('refuses an edit with nothing to change, sending nothing', async () => {
		const error = await expectFailure(update('hello_world', { content: 'keep' }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Nothing to change: choose a new category, new content, or both');
		expect(bed.requests()).toHaveLength(0);
	});

	it('puts an APPROVED template back to review, and surfaces the once-a-day edit limit (2388041)', async () => {
		const { id } = stored('hello_world');
		const output = await update('hello_world', newContent);
		expect(output[0].json).toEqual({
			success: true,
			id,
			name: 'hello_world',
			language: 'en_US',
			status: 'PENDING',
		});

		// Not sendable until approved again: PENDING, and gone from the list of approved templates
		expect((await getTemplate(id)).status).toBe('PENDING');
		const approved = await bed.harness().listSearch('searchApprovedTemplates', {
			resource: 'template',
			operation: 'get',
			businessAccountId: account(),
		});
		expect(approved.results.map((r) => r.value)).not.toContain(id);
		// every seeded approved template but the one under review again
		expect(approved.results).toHaveLength(SEEDED_APPROVED.length - 1);

		bed.sandbox.state.advanceClock(bed.sandbox.state.config.reviewDelayMs);
		expect(await getTemplate(id)).toMatchObject({ status: 'APPROVED', components: newComponents });

		const before = posts().length;
		const error = await expectFailure(
			update('hello_world', { changeCategory: true, category: 'MARKETING' }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('400');
		expect(error.message).toContain('An approved template can be edited once a day');
		expect(error.description).toContain('Error code 2388041');
		expect(posts()).toHaveLength(before + 1);
		expect(stored('hello_world')).toMatchObject({ status: 'APPROVED', category: 'UTILITY' });

		bed.sandbox.state.advanceClock(DAY_MS);
		const again = await update('hello_world', { changeCategory: true, category: 'MARKETING' });
		expect(again[0].json.status).toBe('PENDING');
		expect(stored('hello_world')).toMatchObject({ status: 'PENDING', category: 'MARKETING' });
	});
});

describe('Template › Delete', () => {
	const del = (extra: Params) =>
		run({ resource: 'template', operation: 'delete', businessAccountId: account(), ...extra });

	it('deletes every language of a name', async () => {
		expect(has('order_confirmation', 'en_US') && has('order_confirmation', 'es_ES')).toBe(true);
		const output = await del({ name: 'order_confirmation' });
		expect(output[0].json).toEqual({ success: true, name: 'order_confirmation' });
		expect(bed.requests().map((r) => `${r.method} ${r.url}`)).toEqual([
			`DELETE ${templatesPath()}?name=order_confirmation`,
		]);
		expect(has('order_confirmation', 'en_US')).toBe(false);
		expect(has('order_confirmation', 'es_ES')).toBe(false);
	});

	it('deletes one language by its Template ID (hsm_id)', async () => {
		const { id } = stored('order_confirmation', 'es_ES');
		const output = await del({ name: 'order_confirmation', scope: 'one', templateId: ` ${id} ` });
		expect(output[0].json).toEqual({ success: true, name: 'order_confirmation', templateId: id });
		const [request] = bed.requests();
		expect(request.method).toBe('DELETE');
		expect(Object.fromEntries(query(request.url))).toEqual({
			name: 'order_confirmation',
			hsm_id: id,
		});
		expect(has('order_confirmation', 'es_ES')).toBe(false);
		expect(has('order_confirmation', 'en_US')).toBe(true);
	});

	it('answers an unknown name as not found', async () => {
		const error = await expectFailure(del({ name: 'no_such_template' }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('404');
		expect(error.message).toContain('no_such_template');
	});

	it('answers a Template ID of another name as not found, deleting nothing', async () => {
		const error = await expectFailure(
			del({ name: 'hello_world', scope: 'one', templateId: stored('order_confirmation').id }),
		);
		expect(error.httpCode).toBe('404');
		expect(has('order_confirmation')).toBe(true);
		expect(has('hello_world')).toBe(true);
	});

	it.each([
		['', 'Template ID is required'],
		['undefined', 'Template ID is required'],
		['..', 'Template ID ".." is not an ID'],
		['123/456', 'Template ID "123/456" is not an ID'],
	])('refuses the Template ID %p before sending anything', async (templateId, message) => {
		const error = await expectFailure(
			del({ name: 'order_confirmation', scope: 'one', templateId }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(message);
		expect(bed.requests()).toHaveLength(0);
	});

	it('sends a Template ID that is not digits: the contract types IDs as strings', async () => {
		const error = await expectFailure(
			del({ name: 'order_confirmation', scope: 'one', templateId: 'tpl-7Kq2' }),
		);
		expect(error.httpCode).toBe('404');
		expect(bed.requests()[0].url).toContain('hsm_id=tpl-7Kq2');
		expect(has('order_confirmation')).toBe(true);
	});

	it('refuses an empty name before sending anything', async () => {
		const error = await expectFailure(del({ name: '  ' }));
		expect(error.message).toBe('Template Name is required');
		expect(bed.requests()).toHaveLength(0);
	});
});
