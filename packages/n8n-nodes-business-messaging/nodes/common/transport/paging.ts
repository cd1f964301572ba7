import { requestJson } from './request';
import type { ApiRequest, Context, Page, RequestContext } from './types';

/**
 * Follows `paging.cursors.after` until the end, or until `limit` items (never more: the last
 * page asks only for what is still missing). `keep` drops items a server returned although a
 * filter excluded them; they do not count towards `limit`. A server that caps pages lower than
 * asked is followed by its cursors all the same.
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
		for (const item of page.data ?? []) if (!options.keep || options.keep(item)) items.push(item);
		const next = nextCursor(page);
		// A cursor that repeats would read the same page forever.
		after = next === after ? undefined : next;
	} while (after && (options.limit === undefined || items.length < options.limit));
	return options.limit === undefined ? items : items.slice(0, options.limit);
}

/**
 * The cursor of the page after this one, or undefined at the end. The spec's end is a page
 * without `after`; a Graph-style server gives `after` on the last page too and marks the end by
 * a `previous` link without a `next` one, or by an empty page.
 */
export function nextCursor(page: Page<unknown>): string | undefined {
	const { paging } = page;
	if (!page.data?.length) return undefined;
	if (paging?.previous !== undefined && paging.next === undefined) return undefined;
	return paging?.cursors?.after;
}
