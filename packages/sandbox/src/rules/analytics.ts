import { invalid } from '../errors';
import type { BusinessAccount, Message, PhoneNumber, ReceivedMessage } from '../model';
import type { Store } from '../store';
import { isObject, type Json } from '../validate';

/**
 * Meta's analytics of a business account (docs/API.md, "Analytics"), computed from what the
 * sandbox sent: template analytics (GET /{waba_id}/template_analytics: per template and day,
 * sent, delivered, read, clicked and cost) and pricing analytics (the account's
 * `pricing_analytics` field: volume and cost per period, split by the dimensions asked for).
 * A message counts on the day it was sent; it costs its category's rate once delivered, when
 * its pricing is billable.
 */

const DAY_S = 24 * 60 * 60;
/** Meta's page: the template analytics of at most 10 templates per request. */
export const TEMPLATE_IDS_MAX = 10;
/** The sandbox's reading: a period of at most 90 days (the platform keeps that much). */
export const RANGE_MAX_S = 90 * DAY_S;
export const METRIC_TYPES = ['SENT', 'DELIVERED', 'READ', 'CLICKED', 'COST'] as const;
export const PRICING_GRANULARITIES = ['DAILY', 'MONTHLY'] as const;
export const PRICING_DIMENSIONS = ['PRICING_CATEGORY', 'PRICING_TYPE', 'COUNTRY', 'PHONE'] as const;

/**
 * The country of a customer's number by its calling code: the sandbox knows these; another
 * number's country is "OTHER" (the platform knows them all).
 */
const CALLING_CODES: Array<[string, string]> = [
	['351', 'PT'],
	['971', 'AE'],
	['966', 'SA'],
	['234', 'NG'],
	['1', 'US'],
	['7', 'RU'],
	['27', 'ZA'],
	['31', 'NL'],
	['33', 'FR'],
	['34', 'ES'],
	['39', 'IT'],
	['44', 'GB'],
	['49', 'DE'],
	['52', 'MX'],
	['54', 'AR'],
	['55', 'BR'],
	['62', 'ID'],
	['91', 'IN'],
];

function countryOf(number: string | undefined): string {
	if (!number) return 'OTHER';
	return CALLING_CODES.find(([code]) => number.startsWith(code))?.[1] ?? 'OTHER';
}

/** The rate of a delivered message by category, in the account's currency (the sandbox's own). */
export type Rates = Record<'marketing' | 'utility' | 'authentication' | 'service', number>;

const DELIVERED = new Set(['delivered', 'read', 'played']);
const READ = new Set(['read', 'played']);

/** start and end: whole Unix seconds, end after start, at most 90 days apart. */
export function period(start: unknown, end: unknown): { start: number; end: number } {
	const from = unixSeconds(start, 'start');
	const to = unixSeconds(end, 'end');
	if (to <= from) throw invalid('end', 'must be after start');
	if (to - from > RANGE_MAX_S) throw invalid('end', 'must be at most 90 days after start');
	return { start: from, end: to };
}

function unixSeconds(value: unknown, field: string): number {
	const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
	if (!Number.isSafeInteger(number))
		throw invalid(field, 'must be a Unix timestamp in whole seconds');
	return number;
}

/** A JSON array of strings in a query parameter (`["SENT","READ"]`). */
export function jsonList(raw: string | undefined, field: string): string[] | undefined {
	if (raw === undefined) return undefined;
	let list: unknown;
	try {
		list = JSON.parse(raw);
	} catch {
		throw invalid(field, 'must be a JSON array, e.g. ["A","B"]');
	}
	if (!Array.isArray(list) || !list.every((v) => typeof v === 'string' || typeof v === 'number'))
		throw invalid(field, 'must be a JSON array of strings');
	return list.map(String);
}

/**
 * Template analytics: one data point per template and day of the period, the metrics asked, in
 * the order of the templates asked and then of the days. The caller pages them (routes/analytics.ts).
 */
export function templateAnalytics(
	store: Store,
	account: BusinessAccount,
	query: {
		start?: string;
		end?: string;
		granularity?: string;
		metric_types?: string;
		template_ids?: string;
	},
	rates: Rates,
): Json[] {
	const { start, end } = period(query.start, query.end);
	if (query.granularity !== 'DAILY') throw invalid('granularity', 'must be DAILY');
	const metrics = jsonList(query.metric_types, 'metric_types') ?? [...METRIC_TYPES];
	for (const metric of metrics)
		if (!(METRIC_TYPES as readonly string[]).includes(metric))
			throw invalid(
				'metric_types',
				`${JSON.stringify(metric)} is not one of ${METRIC_TYPES.join(', ')}`,
			);
	const ids = jsonList(query.template_ids, 'template_ids');
	if (!ids || ids.length === 0)
		throw invalid('template_ids', 'is required: a JSON array of template IDs');
	if (ids.length > TEMPLATE_IDS_MAX)
		throw invalid('template_ids', `takes at most ${TEMPLATE_IDS_MAX} templates per request`);
	const templates = new Set(store.templatesOf(account.id).map((t) => t.id));
	for (const id of ids)
		if (!templates.has(id))
			throw invalid('template_ids', `${id} is not a template of this account`);
	const points: Json[] = [];
	for (const id of ids)
		for (let day = Math.floor(start / DAY_S) * DAY_S; day < end; day += DAY_S) {
			const sent = [...store.messages.values()].filter(
				(m) =>
					m.template?.id === id && m.createdAt >= day * 1000 && m.createdAt < (day + DAY_S) * 1000,
			);
			points.push(templatePoint(store, id, day, sent, metrics, rates));
		}
	return points;
}

/** Data points a page of template analytics holds unless `limit` asks for fewer. */
export const ANALYTICS_PAGE_SIZE = 100;

function templatePoint(
	store: Store,
	templateId: string,
	day: number,
	sent: Message[],
	metrics: string[],
	rates: Rates,
): Json {
	const delivered = sent.filter((m) => DELIVERED.has(m.status));
	const point: Json = { template_id: templateId, start: day, end: day + DAY_S };
	if (metrics.includes('SENT')) point.sent = sent.length;
	if (metrics.includes('DELIVERED')) point.delivered = delivered.length;
	if (metrics.includes('READ')) point.read = sent.filter((m) => READ.has(m.status)).length;
	if (metrics.includes('CLICKED')) point.clicked = clicks(store, sent);
	if (metrics.includes('COST')) {
		const spent = delivered.reduce((sum, m) => sum + costOf(m, rates), 0);
		point.cost = [
			{ type: 'amount_spent', value: round(spent) },
			{ type: 'cost_per_delivered', value: round(delivered.length ? spent / delivered.length : 0) },
		];
	}
	return point;
}

/** The customers' taps on the messages' quick-reply buttons, by the button's text. */
function clicks(store: Store, sent: Message[]): Json[] {
	const ids = new Set(sent.map((m) => m.id));
	const counts = new Map<string, number>();
	for (const received of store.received.values()) {
		const tap = tapOn(received);
		if (tap && ids.has(tap.messageId)) counts.set(tap.text, (counts.get(tap.text) ?? 0) + 1);
	}
	return [...counts].map(([text, count]) => ({
		type: 'quick_reply_button',
		button_content: text,
		count,
	}));
}

function tapOn(received: ReceivedMessage): { messageId: string; text: string } | undefined {
	const { message } = received;
	const context = isObject(message.context) ? message.context : undefined;
	const button = isObject(message.button) ? message.button : undefined;
	if (received.type !== 'button' || !context || !button) return undefined;
	return { messageId: String(context.id), text: String(button.text ?? button.payload ?? '') };
}

function rateOf(message: Message, rates: Rates): number {
	return message.pricing.billable ? rates[message.pricing.category] : 0;
}

/** What a message cost: its rate once delivered. */
function costOf(message: Message, rates: Rates): number {
	return DELIVERED.has(message.status) ? rateOf(message, rates) : 0;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** `pricing_analytics.start(…).end(…).granularity(…).dimensions([…])`, as a `fields` entry. */
export function pricingQuery(field: string): Record<string, string> {
	const modifiers: Record<string, string> = {};
	const pattern = /\.(\w+)\(([^()]*)\)/g;
	const rest = field.slice('pricing_analytics'.length);
	let consumed = 0;
	for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
		if (match.index !== consumed) break;
		modifiers[match[1]] = match[2];
		consumed = match.index + match[0].length;
	}
	if (consumed !== rest.length)
		throw invalid(
			'fields',
			`pricing_analytics takes .name(value) modifiers only (got ${JSON.stringify(field)})`,
		);
	return modifiers;
}

/** Pricing analytics: volume and cost per period, split by the dimensions asked. */
export function pricingAnalytics(
	store: Store,
	account: BusinessAccount,
	modifiers: Record<string, string>,
	rates: Rates,
): Json {
	for (const name of Object.keys(modifiers))
		if (!['start', 'end', 'granularity', 'dimensions'].includes(name))
			throw invalid(
				`pricing_analytics.${name}`,
				'is not a modifier (start, end, granularity, dimensions)',
			);
	const { start, end } = period(modifiers.start, modifiers.end);
	const granularity = modifiers.granularity;
	if (!(PRICING_GRANULARITIES as readonly string[]).includes(granularity ?? ''))
		throw invalid(
			'pricing_analytics.granularity',
			`must be one of ${PRICING_GRANULARITIES.join(', ')}`,
		);
	const dimensions = jsonList(modifiers.dimensions, 'pricing_analytics.dimensions') ?? [];
	for (const dimension of dimensions)
		if (!(PRICING_DIMENSIONS as readonly string[]).includes(dimension))
			throw invalid(
				'pricing_analytics.dimensions',
				`${dimension} is not one of ${PRICING_DIMENSIONS.join(', ')}`,
			);
	const numbers = new Map<string, PhoneNumber>(
		[...store.numbers.values()]
			.filter((n) => n.accountId === account.id)
			.map((n) => [n.phone_number_id, n]),
	);
	const groups = new Map<string, Json>();
	for (const message of store.messages.values()) {
		const number = numbers.get(message.phoneNumberId);
		const at = Math.floor(message.createdAt / 1000);
		if (!number || at < start || at >= end || !DELIVERED.has(message.status)) continue;
		const [from, to] = periodOf(at, granularity as 'DAILY' | 'MONTHLY');
		const point: Json = { start: from, end: to };
		if (dimensions.includes('PRICING_CATEGORY'))
			point.pricing_category = message.pricing.category.toUpperCase();
		if (dimensions.includes('PRICING_TYPE'))
			point.pricing_type = message.pricing.type.toUpperCase();
		if (dimensions.includes('COUNTRY')) point.country = countryOf(message.to);
		if (dimensions.includes('PHONE')) point.phone_number = number.wanumber.replace(/^\+/, '');
		const key = JSON.stringify(point);
		const group = groups.get(key) ?? { ...point, volume: 0, cost: 0 };
		group.volume = (group.volume as number) + 1;
		group.cost = round((group.cost as number) + costOf(message, rates));
		groups.set(key, group);
	}
	const points = [...groups.values()].sort((a, b) => (a.start as number) - (b.start as number));
	return { data: [{ data_points: points }] };
}

function periodOf(at: number, granularity: 'DAILY' | 'MONTHLY'): [number, number] {
	if (granularity === 'DAILY') {
		const day = Math.floor(at / DAY_S) * DAY_S;
		return [day, day + DAY_S];
	}
	const date = new Date(at * 1000);
	const from = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
	const to = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
	return [from, to];
}
