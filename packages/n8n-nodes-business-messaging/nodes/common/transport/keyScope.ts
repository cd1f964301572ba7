import type { IHttpRequestOptions } from 'n8n-workflow';

/**
 * Where the API key may travel: strictly below the credential's base URL (its origin, a path under
 * the base's path; the base itself is no endpoint), never to another host. One rule for the
 * nodes' own requests (urls.ts › underBaseUrl) and for any node that uses the credential, such as
 * n8n's HTTP Request node (the credential's authenticate).
 */
export function isUnderBaseUrl(url: URL, base: string): boolean {
	const root = new URL(`${base.trim().replace(/\/+$/, '')}/`);
	return (
		url.origin === root.origin &&
		url.pathname.startsWith(root.pathname) &&
		url.pathname !== root.pathname
	);
}

/**
 * The address a request goes to: its `url` (n8n's httpRequest helpers) or `uri` (the request
 * helpers n8n's HTTP Request node uses), against its `baseURL` when it has one.
 */
export function requestTarget(options: IHttpRequestOptions & { uri?: unknown }): URL | undefined {
	const raw = String(options.url || options.uri || '');
	// An absolute URL goes where it names, whatever the baseURL (as axios sends it).
	if (URL.canParse(raw)) return new URL(raw);
	const joined = `${String(options.baseURL ?? '').replace(/\/+$/, '')}/${raw.replace(/^\/+/, '')}`;
	return URL.canParse(joined) ? new URL(joined) : undefined;
}
