import { NodeOperationError, type INode } from 'n8n-workflow';
import { runCredentials } from './credentials';
import { isUnderBaseUrl } from './keyScope';
import type { Context } from './types';

/** A path segment: a fixed word of the endpoint, or an ID named by its field, e.g. { 'Template ID': id }. */
export type PathSegment = string | Readonly<Record<string, unknown>>;

/** Values that are a missing value turned into text, never an ID. */
const NOT_AN_ID = new Set(['undefined', 'null', '[object Object]', 'NaN']);

/**
 * Joins path segments, each percent-encoded: an ID holding "/", "?" or "#" stays one segment.
 * An ID must be text or a number: a missing value (undefined, null, an object, or such a value
 * turned into text) is refused naming the field, so that no request goes to "/undefined"; and
 * "." or ".." (which URL normalisation would resolve) are refused too.
 */
export function apiPath(node: INode, ...segments: PathSegment[]): string {
	return segments
		.map(
			(segment) =>
				'/' + encodeURIComponent(typeof segment === 'string' ? segment : idText(node, segment)),
		)
		.join('');
}

function idText(node: INode, named: Readonly<Record<string, unknown>>): string {
	const [[field, value]] = Object.entries(named);
	if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value)))
		throw new NodeOperationError(
			node,
			`${field} is missing: ${value === undefined || value === null ? 'no value' : `a ${Array.isArray(value) ? 'list' : typeof value}`} was given where an ID belongs, so nothing was sent`,
		);
	const text = String(value).trim();
	if (text === '' || text === '.' || text === '..' || NOT_AN_ID.has(text)) {
		throw new NodeOperationError(
			node,
			`${field} "${text}" is not a valid ID: an ID cannot be empty, "." or "..", or a missing value`,
		);
	}
	return text;
}

/** The credential's base URL without a trailing slash; it must end in /v3. */
export async function baseUrl(this: Context): Promise<string> {
	const { data } = await runCredentials(this);
	const url = String(data?.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (!/^https?:\/\/[^/\s]+(\/[^\s]*)?\/v3$/.test(url)) {
		throw new NodeOperationError(
			this.getNode(),
			`The credential's Base URL must be the API address ending in /v3, e.g. https://api.example.com/v3 (it is "${url}")`,
		);
	}
	return url;
}

/**
 * The API key may only travel to the credential's base URL: a URL elsewhere is refused before
 * any request is made.
 */
export function underBaseUrl(node: INode, raw: string, base: string): string {
	let url: URL;
	try {
		url = new URL(raw.trim());
		decodeURI(url.pathname + url.search); // a URL the API hands out is well-formed
	} catch {
		throw new NodeOperationError(node, `"${raw}" is not a URL`);
	}
	if (!isUnderBaseUrl(url, base)) {
		throw new NodeOperationError(
			node,
			`The URL is not on the API's address (${base}): the API key is only ever sent there, so it was not called`,
			{
				description: `URL: ${url.origin}${url.pathname}`,
			},
		);
	}
	return url.href;
}
