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
