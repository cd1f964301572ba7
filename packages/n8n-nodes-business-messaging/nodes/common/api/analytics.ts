import type { IDataObject } from 'n8n-workflow';
import {
	apiPath,
	nextCursor,
	requestJson,
	type Context,
	type Page,
	type RequestContext,
} from '../transport';

/**
 * Meta's analytics of a business account (docs/API.md, "Analytics"): template analytics
 * (GET /{waba_id}/template_analytics) and pricing analytics (the account's `pricing_analytics`
 * field). Both read only: safe to repeat.
 */

/** Meta's page: the template analytics of at most 10 templates per request. */
export const TEMPLATE_IDS_PER_REQUEST = 10;

/** A period in whole Unix seconds. */
export interface Period {
	start: number;
	end: number;
}

/** One data point of template analytics, as the API gives it. */
export interface TemplateDataPoint extends IDataObject {
	template_id?: string;
	start?: number;
	end?: number;
}

/**
 * The daily data points of `templateIds` over `period`, every metric asked for, ten templates per
 * request (the page's limit), each answer followed page by page (`paging.cursors.after`); no more
 * requests once `atMost` points are in.
 */
export async function getTemplateAnalytics(
	this: Context,
	businessAccountId: string,
	templateIds: string[],
	period: Period,
	request: RequestContext = {},
	atMost = Infinity,
): Promise<TemplateDataPoint[]> {
	const points: TemplateDataPoint[] = [];
	for (
		let from = 0;
		from < templateIds.length && points.length < atMost;
		from += TEMPLATE_IDS_PER_REQUEST
	) {
		const ids = templateIds.slice(from, from + TEMPLATE_IDS_PER_REQUEST);
		points.push(
			...(await templatePages.call(
				this,
				businessAccountId,
				ids,
				period,
				request,
				atMost - points.length,
			)),
		);
	}
	return points.slice(0, atMost);
}

/** The data points of up to ten templates, page after page, until the end or `atMost`. */
async function templatePages(
	this: Context,
	businessAccountId: string,
	templateIds: string[],
	period: Period,
	request: RequestContext,
	atMost: number,
): Promise<TemplateDataPoint[]> {
	const points: TemplateDataPoint[] = [];
	const seen = new Set<string>();
	let after: string | undefined;
	do {
		const answer = await requestJson<{
			data?: Array<{ data_points?: TemplateDataPoint[] }>;
			paging?: Page<unknown>['paging'];
		}>(
			this,
			{
				method: 'GET',
				path: apiPath(
					this.getNode(),
					{ 'Business account ID': businessAccountId },
					'template_analytics',
				),
				qs: {
					start: period.start,
					end: period.end,
					granularity: 'DAILY',
					metric_types: JSON.stringify(['SENT', 'DELIVERED', 'READ', 'CLICKED', 'COST']),
					template_ids: JSON.stringify(templateIds),
					...(after ? { after } : {}),
				},
				idempotent: true,
			},
			request,
		);
		const page = (answer.data ?? []).flatMap((group) => group.data_points ?? []);
		points.push(...page);
		// A cursor seen before ends the list: a looping server cannot hold the run.
		const next = nextCursor({ data: page, paging: answer.paging });
		after = next === undefined || seen.has(next) ? undefined : next;
		if (after !== undefined) seen.add(after);
	} while (after !== undefined && points.length < atMost);
	return points;
}

/** What pricing analytics is split by (Meta's `dimensions`). */
export type PricingDimension = 'PRICING_CATEGORY' | 'PRICING_TYPE' | 'COUNTRY' | 'PHONE';

/**
 * The account's pricing analytics (volume and cost per period, by the dimensions asked for) and,
 * in the same request, its currency, which the data points do not name.
 */
export async function getPricingAnalytics(
	this: Context,
	businessAccountId: string,
	query: Period & { granularity: 'DAILY' | 'MONTHLY'; dimensions: PricingDimension[] },
	request: RequestContext = {},
): Promise<{ currency?: string; points: IDataObject[] }> {
	const modifiers = [
		`.start(${query.start})`,
		`.end(${query.end})`,
		`.granularity(${query.granularity})`,
		...(query.dimensions.length ? [`.dimensions(${JSON.stringify(query.dimensions)})`] : []),
	].join('');
	const answer = await requestJson<{
		currency?: unknown;
		pricing_analytics?: { data?: Array<{ data_points?: IDataObject[] }> };
	}>(
		this,
		{
			method: 'GET',
			path: apiPath(this.getNode(), { 'Business account ID': businessAccountId }),
			qs: { fields: `currency,pricing_analytics${modifiers}` },
			idempotent: true,
		},
		request,
	);
	return {
		...(typeof answer.currency === 'string' ? { currency: answer.currency } : {}),
		points: (answer.pricing_analytics?.data ?? []).flatMap((group) => group.data_points ?? []),
	};
}
