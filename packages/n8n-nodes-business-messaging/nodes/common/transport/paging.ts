import { requestJson } from './request';
import type { ApiRequest, Context, Page, RequestContext } from './types';

/**
 * Follows `paging.cursors.after` until the end, or until `limit` items (never more: the last
 * page asks only for what is still missing).
 */
export async function requestAllPages<Item, P extends Page<Item> = Page<Item>>(
	context: Context,
	request: ApiRequest,
	options: RequestContext & {
		limit?: number;
		pageSize: number;
		onPage?: (page: P) => void;
	},
): Promise<Item[]> {
	const items: Item[] = [];
	let after: string | undefined;
	do {
		const want =
			options.limit === undefined
				? options.pageSize
				: Math.min(options.pageSize, options.limit - items.length);
		const page = await requestJson<P>(
			context,
			{ ...request, qs: { ...request.qs, limit: want, ...(after ? { after } : {}) } },
			options,
		);
		options.onPage?.(page);
		for (const item of page.data ?? []) items.push(item);
		after = page.paging?.cursors?.after;
	} while (after && (options.limit === undefined || items.length < options.limit));
	return options.limit === undefined ? items : items.slice(0, options.limit);
}
