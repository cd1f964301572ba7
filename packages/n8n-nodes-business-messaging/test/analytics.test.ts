import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { customerSends, orderConfirmationFallback, rl } from './conversationSupport';
import { expectFailure, useTestBed } from './harness';

/**
 * Analytics › Get Template Analytics and Get Pricing Analytics against the sandbox, which
 * computes them from what it sent; and the sandbox's rules for both sent raw (its
 * rules/analytics.ts): both sides in one file.
 */
const bed = useTestBed();
const DAY_MS = 24 * 60 * 60 * 1000;

const templateId = (name: string) =>
	[...bed.sandbox.state.store.templates.values()].find(
		(t) => t.name === name && t.language === 'en_US',
	)!.id;
const account = () => ({ __rl: true, mode: 'id', value: bed.sandbox.businessAccountId });

/** Sends order_confirmation to `to` through the node (the fallback form's values). */
async function sendOrderConfirmation(to: string): Promise<string> {
	const { fallbackVariables } = orderConfirmationFallback(templateId('order_confirmation'));
	const [[output]] = await bed.harness().execute({
		parameters: {
			resource: 'message',
			operation: 'sendTemplate',
			// The fallback form's values fit the template's own form.
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			recipient: to,
			template: rl(templateId('order_confirmation')),
			variables: fallbackVariables,
		} as INodeParameters,
	});
	return String(output.json.messageId);
}

const run = (operation: string, fields: IDataObject) =>
	bed.harness().execute({
		parameters: {
			resource: 'analytics',
			operation,
			businessAccountId: account(),
			...fields,
		} as INodeParameters,
	});

/** Yesterday and today, as a custom range ending tomorrow (the sandbox's clock). */
const aroundNow = () => {
	const day = Math.floor(bed.sandbox.state.now() / DAY_MS) * DAY_MS;
	return {
		period: 'custom',
		from: new Date(day - DAY_MS).toISOString(),
		to: new Date(day + DAY_MS).toISOString(),
	};
};

describe('Analytics › Get Template Analytics', () => {
	it('one flat item per template and day: sends, deliveries, reads, clicks and cost, with name and currency', async () => {
		const first = await sendOrderConfirmation('+1 415 555 0100');
		await sendOrderConfirmation('+1 415 555 0101');
		bed.sandbox.state.advanceClock(bed.sandbox.state.config.receiptDelaysMs.read);
		await customerSends(bed, { type: 'button', reply_to: first, button_index: 1 });
		const [items] = await run('getTemplateAnalytics', {
			templateIds: templateId('order_confirmation'),
			...aroundNow(),
			returnAll: true,
		});
		const today = items.map((i) => i.json).find((row) => row.sent !== 0)!;
		expect(items).toHaveLength(2);
		expect(today).toMatchObject({
			templateId: templateId('order_confirmation'),
			templateName: 'order_confirmation',
			language: 'en_US',
			sent: 2,
			delivered: 2,
			read: 2,
			clicked: 1,
			clicks: [{ type: 'quick_reply_button', button_content: 'Talk to us', count: 1 }],
			amountSpent: 0.008,
			costPerDelivered: 0.004,
			currency: 'USD',
		});
		const request = bed.requests().find((r) => r.url.includes('/template_analytics'))!;
		const query = new URL(request.url, 'http://x').searchParams;
		expect(query.get('granularity')).toBe('DAILY');
		expect(JSON.parse(query.get('metric_types')!)).toEqual([
			'SENT',
			'DELIVERED',
			'READ',
			'CLICKED',
			'COST',
		]);
	});

	it('a Limit of 3 lists 3 templates and asks for those 3 only', async () => {
		const [items] = await run('getTemplateAnalytics', {
			...aroundNow(),
			returnAll: false,
			limit: 3,
		});
		expect(items).toHaveLength(3);
		const asked = bed
			.requests()
			.filter((r) => r.url.includes('/template_analytics'))
			.map((r) => JSON.parse(new URL(r.url, 'http://x').searchParams.get('template_ids')!));
		expect(asked).toHaveLength(1);
		expect(asked[0]).toHaveLength(3);
		const listed = bed.requests().filter((r) => r.url.includes('/message_templates'));
		expect(listed.map((r) => new URL(r.url, 'http://x').searchParams.get('limit'))).toEqual(['3']);
	});

	it('every template of the account when none is named, ten per request, each answer read page by page', async () => {
		const templates = [...bed.sandbox.state.store.templates.values()].filter(
			(t) => t.accountId === bed.sandbox.businessAccountId,
		);
		// 30 days of every template: more data points than a page of the sandbox holds (100).
		const day = Math.floor(bed.sandbox.state.now() / DAY_MS) * DAY_MS;
		const [items] = await run('getTemplateAnalytics', {
			period: 'custom',
			from: new Date(day - 29 * DAY_MS).toISOString(),
			to: new Date(day + DAY_MS).toISOString(),
			returnAll: true,
		});
		expect(items).toHaveLength(templates.length * 30);
		const requests = bed.requests().filter((r) => r.url.includes('/template_analytics'));
		const groups = requests.filter((r) => !new URL(r.url, 'http://x').searchParams.has('after'));
		expect(groups).toHaveLength(Math.ceil(templates.length / 10));
		expect(requests.length).toBeGreaterThan(groups.length);
		for (const r of requests)
			expect(
				JSON.parse(new URL(r.url, 'http://x').searchParams.get('template_ids')!).length,
			).toBeLessThanOrEqual(10);
		// Each template's 30 days, once each.
		const rows = new Set(items.map((i) => `${String(i.json.templateId)} ${String(i.json.start)}`));
		expect(rows.size).toBe(items.length);
	});

	it("on a sandbox with last week's traffic (as npm start gives it), Last 7 Days shows every approved template's sends, reads, taps and cost; the others none", async () => {
		const answer = await fetch(`${bed.sandbox.controlUrl}/traffic/last-week`, { method: 'POST' });
		const added = (await answer.json()) as { messages: number; clicks: number };
		expect(added.messages).toBeGreaterThan(0);
		const [items] = await run('getTemplateAnalytics', { period: 'last7Days', returnAll: true });
		const templates = [...bed.sandbox.state.store.templates.values()].filter(
			(t) => t.accountId === bed.sandbox.businessAccountId,
		);
		const week = (id: string, field: string) =>
			items
				.filter((i) => i.json.templateId === id)
				.reduce((sum, i) => sum + Number(i.json[field]), 0);
		for (const template of templates) {
			const sent = week(template.id, 'sent');
			if (template.status !== 'APPROVED') expect(sent).toBe(0);
			else {
				expect(sent).toBeGreaterThanOrEqual(7 * 12);
				expect(week(template.id, 'delivered')).toBeGreaterThan(0);
				expect(week(template.id, 'read')).toBeGreaterThan(0);
				expect(week(template.id, 'amountSpent')).toBeGreaterThan(0);
			}
		}
		const seeded = [...bed.sandbox.state.store.messages.values()].filter(
			(m) => m.id.startsWith('wamid.lastweek.') && templates.some((t) => t.id === m.template?.id),
		);
		expect(templates.reduce((sum, t) => sum + week(t.id, 'sent'), 0)).toBe(seeded.length);
		// order_confirmation has a quick-reply button: some of its readers tapped it.
		expect(week(templateId('order_confirmation'), 'clicked')).toBeGreaterThan(0);
	});

	it.each([
		[{ period: 'custom', from: '2026-11-02', to: '2026-11-01' }, 'To must be after From'],
		[{ period: 'custom', from: 'soon', to: '2026-11-01' }, 'From is not a date'],
		[
			{ period: 'custom', from: '2026-01-01', to: '2026-04-02' },
			'From and To are 91 days apart: the platform gives analytics for at most 90 days',
		],
		[{ templateIds: '12/34' }, 'Template IDs'],
	])('refuses %p before asking for analytics', async (fields, message) => {
		const error = await expectFailure(run('getTemplateAnalytics', fields));
		expect(error.message).toContain(message);
		expect(bed.requests().filter((r) => r.url.includes('/template_analytics'))).toEqual([]);
	});
});

describe('Analytics › Get Pricing Analytics', () => {
	it('volume and cost per day, split by category and country', async () => {
		await sendOrderConfirmation('+1 415 555 0100');
		await sendOrderConfirmation('+44 20 7946 0958');
		bed.sandbox.state.advanceClock(bed.sandbox.state.config.receiptDelaysMs.delivered);
		const [items] = await run('getPricingAnalytics', {
			...aroundNow(),
			granularity: 'DAILY',
			dimensions: ['PRICING_CATEGORY', 'COUNTRY'],
			returnAll: true,
		});
		expect(
			items.map((i) => i.json).sort((a, b) => String(a.country).localeCompare(String(b.country))),
		).toEqual([
			expect.objectContaining({
				pricingCategory: 'UTILITY',
				country: 'GB',
				volume: 1,
				cost: 0.004,
				currency: 'USD',
			}),
			expect.objectContaining({
				pricingCategory: 'UTILITY',
				country: 'US',
				volume: 1,
				cost: 0.004,
				currency: 'USD',
			}),
		]);
		const request = bed.requests().find((r) => r.url.includes('pricing_analytics'))!;
		expect(new URL(request.url, 'http://x').searchParams.get('fields')).toMatch(
			/^currency,pricing_analytics\.start\(\d+\)\.end\(\d+\)\.granularity\(DAILY\)\.dimensions\(\["PRICING_CATEGORY","COUNTRY"\]\)$/,
		);
	});
});

/** A raw GET to the sandbox, as any client sends it. */
async function get(path: string) {
	const response = await fetch(`${bed.sandbox.baseUrl}${path}`, {
		headers: { apikey: bed.sandbox.apiKey },
	});
	return { status: response.status, body: (await response.json()) as IDataObject };
}

describe("the sandbox's analytics, sent raw", () => {
	const analytics = (query: Record<string, string>) =>
		get(`/${bed.sandbox.businessAccountId}/template_analytics?${new URLSearchParams(query)}`);
	const valid = () => ({
		start: '1790000000',
		end: '1790086400',
		granularity: 'DAILY',
		template_ids: JSON.stringify([templateId('order_confirmation')]),
	});

	it.each([
		['start and end in whole seconds', { start: 'yesterday' }, 'start: must be a Unix timestamp'],
		['end after start', { end: '1790000000' }, 'end: must be after start'],
		['at most 90 days', { end: String(1790000000 + 91 * 86400) }, 'end: must be at most 90 days'],
		['granularity DAILY', { granularity: 'MONTHLY' }, 'granularity: must be DAILY'],
		['known metric types', { metric_types: '["SENT","LIKES"]' }, 'metric_types'],
		['template_ids required', { template_ids: '[]' }, 'template_ids: is required'],
		[
			'at most 10 templates',
			{ template_ids: JSON.stringify(Array.from({ length: 11 }, (_, n) => String(n))) },
			'at most 10 templates',
		],
		[
			'templates of this account',
			{ template_ids: '["999"]' },
			'999 is not a template of this account',
		],
	])('template analytics: %s', async (_, change, message) => {
		const answer = await analytics({ ...valid(), ...change });
		expect(answer.status).toBe(400);
		expect(String((answer.body.error as IDataObject).message)).toContain(message);
	});

	it.each([
		[
			'a known granularity',
			'pricing_analytics.start(1790000000).end(1790086400).granularity(HOURLY)',
			'granularity',
		],
		[
			'known dimensions',
			'pricing_analytics.start(1790000000).end(1790086400).granularity(DAILY).dimensions(["CITY"])',
			'CITY is not one of',
		],
		[
			'known modifiers',
			'pricing_analytics.start(1790000000).end(1790086400).granularity(DAILY).limit(5)',
			'pricing_analytics.limit',
		],
	])('pricing analytics: %s', async (_, fields, message) => {
		const answer = await get(
			`/${bed.sandbox.businessAccountId}?fields=${encodeURIComponent(fields)}`,
		);
		expect(answer.status).toBe(400);
		expect(String((answer.body.error as IDataObject).message)).toContain(message);
	});
});
