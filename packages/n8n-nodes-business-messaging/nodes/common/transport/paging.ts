import { requestJson } from './request';
import type { ApiRequest, Context, Page, RequestContext } from './types';

/**
 * Follows `paging.cursors.after` until the end, or until `limit` items (never more: the last
 * page asks only for what is still missing). `keep` drops items a server returned although a
 * filter excluded them; they do not count towards `limit`, and pages are then asked for whole
 * (most of a page may be dropped). A server that caps pages lower than asked is followed by its
 * cursors all the same; a cursor seen before ends the list, so a looping server cannot hold the
 * run forever.
 */
export async function requestAllPages<Item, P extends Page<Item> = Page<Item>>(
	context: Context,
	request: ApiRequest,
	options: RequestContext & {
		limit?: number;
		pageSize: number;
		onPage?: (page: P) => void;
		keep?: (item: Item) => boolean;
	},
): Promise<Item[]> {
	const items: Item[] = [];
	let after = typeof request.qs?.after === 'string' ? request.qs.after : undefined;
	const seen = new Set<string>(after === undefined ? [] : [after]);
	do {
		const want =
			options.limit === undefined || options.keep
				? options.pageSize
				: Math.min(options.pageSize, options.limit - items.length);
		const page = await requestJson<P>(
			context,
			{ ...request, qs: { ...request.qs, limit: want, ...(after ? { after } : {}) } },
			options,
		);
		options.onPage?.(page);
		for (const item of page.data ?? []) if (!options.keep || options.keep(item)) items.push(item);
		const next = nextCursor(page);
		after = next === undefined || seen.has(next) ? undefined : next;
		if (after !== undefined) seen.add(after);
	} while (after && (options.limit === undefined || items.length < options.limit));
	return options.limit === undefined ? items : items.slice(0, options.limit);
}

/**
 * The cursor of the page after this one, or undefined at the end. The spec's end is a page
 * without `after`; a Graph-style server gives `after` on the last page too and marks the end by
 * a `previous` link without a `next` one, or by an empty page (one with a `next` link is only a
 * page the server filtered empty: the list goes on).
 */
export function nextCursor(page: Page<unknown>): string | undefined {
	const { paging } = page;
	if (paging?.next === undefined && (!page.data?.length || paging?.previous !== undefined))
		return undefined;
	return paging?.cursors?.after;
}
