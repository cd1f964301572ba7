/** What stands in for the API key wherever the API's own words quoted it. */
export const REDACTED_KEY = '[API key hidden]';

/**
 * `value` with every occurrence of the API key in its texts replaced. An API that echoes the key
 * ("Invalid key <key>") would otherwise put it into the node's error, the saved execution and
 * n8n's log. A key shorter than 4 characters is not looked for (it would hide ordinary words).
 */
export function withoutKey<T>(value: T, apiKey: unknown): T {
	if (typeof apiKey !== 'string' || apiKey.length < 4) return value;
	const hide = (text: string) => text.split(apiKey).join(REDACTED_KEY);
	const walk = (item: unknown): unknown => {
		if (typeof item === 'string') return item.includes(apiKey) ? hide(item) : item;
		if (Array.isArray(item)) return item.map(walk);
		if (typeof item === 'object' && item !== null && !(item instanceof Buffer))
			return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, walk(v)]));
		return item;
	};
	return walk(value) as T;
}
