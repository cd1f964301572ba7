import { invalid } from './errors';

/**
 * Cursor paging shared by every list. Cursors are opaque (base64url JSON) and carry the list
 * they belong to, so a cursor from one list or catalog is refused by another. Positions are
 * ranks (not offsets), so inserts and deletes between pages never skip or repeat an item.
 */
export interface Page<T> {
	data: T[];
	/** `before`: the first item's cursor; `after`: the last item's, when items follow. */
	cursors: { before?: string; after?: string };
	/** Items come before this page. */
	hasPrevious: boolean;
	/** The last item's cursor, also on the last page (where `after` is absent). */
	last?: string;
}

export interface PageRequest {
	limit: number;
	after?: string;
	before?: string;
}

export function encodeCursor(scope: string, rank: number): string {
	return Buffer.from(JSON.stringify({ l: scope, r: rank })).toString('base64url');
}

export function decodeCursor(cursor: string, scope: string, field: string): number {
	try {
		const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
			l?: unknown;
			r?: unknown;
		};
		if (parsed.l === scope && typeof parsed.r === 'number' && Number.isFinite(parsed.r))
			return parsed.r;
	} catch {
		// fall through to the error below
	}
	throw invalid(field, 'is not a cursor returned by this list');
}

/**
 * `items` must be sorted by ascending rank (the list's order). `after` gives the items that
 * follow the cursor, `before` the page just before it. `after` is absent on the last page.
 * The dialect writes the page's `paging` (dialect.ts pagingOf).
 */
export function paginate<T>(
	items: readonly T[],
	rankOf: (item: T) => number,
	scope: string,
	request: PageRequest,
): Page<T> {
	if (request.after !== undefined && request.before !== undefined)
		throw invalid('before', 'cannot be combined with after');
	let start: number;
	let end: number;
	if (request.before !== undefined) {
		end = lowerBound(items, rankOf, decodeCursor(request.before, scope, 'before'));
		start = Math.max(0, end - request.limit);
	} else {
		start =
			request.after === undefined
				? 0
				: upperBound(items, rankOf, decodeCursor(request.after, scope, 'after'));
		end = Math.min(items.length, start + request.limit);
	}
	const data = items.slice(start, end);
	const cursors: { before?: string; after?: string } = {};
	const last = data.length > 0 ? encodeCursor(scope, rankOf(data[data.length - 1])) : undefined;
	if (data.length > 0) {
		cursors.before = encodeCursor(scope, rankOf(data[0]));
		if (end < items.length) cursors.after = last;
	}
	return { data, cursors, hasPrevious: start > 0, last };
}

/** First index whose rank is >= rank. */
function lowerBound<T>(items: readonly T[], rankOf: (item: T) => number, rank: number): number {
	let lo = 0;
	let hi = items.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (rankOf(items[mid]) < rank) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** First index whose rank is > rank. */
function upperBound<T>(items: readonly T[], rankOf: (item: T) => number, rank: number): number {
	let lo = 0;
	let hi = items.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (rankOf(items[mid]) <= rank) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}
