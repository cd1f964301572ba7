import type { IDataObject } from 'n8n-workflow';
import {
	apiPath,
	nextCursor,
	requestAllPages,
	requestJson,
	type Context,
	type Page,
	type RequestContext,
} from '../transport';

/** A product as the listing returns it (2.3): only the fields asked for, or the default set. */
export interface Product extends IDataObject {
	id?: string;
	retailer_id?: string;
	name?: string;
	price?: string;
	availability?: string;
	image_url?: string;
}

/** A listing page, with the total count when `summary` was asked for. */
interface ProductPage extends Page<Product> {
	summary?: { total_count?: number };
}

export interface ProductQuery {
	fields?: string[];
	/** A filter in the API's own form (4.4). */
	filter?: IDataObject;
	/** Ask for the total number of matching products. */
	summary?: boolean;
}

/** The most products one listing page holds: the largest the sandbox serves (the spec shows none). */
export const MAX_PRODUCT_PAGE_SIZE = 1000;

/** One entry of a batch (4.4): CREATE and UPDATE carry product data (2.4), DELETE none. */
export interface BatchEntry {
	method: 'CREATE' | 'UPDATE' | 'DELETE';
	retailerId: string;
	data?: IDataObject;
}

/**
 * GET /{catalog_id}/products (4.4) across cursor pages, up to `limit` products (all without
 * one). With `summary`, the total count the first page reports.
 */
export async function listProducts(
	this: Context,
	catalogId: string,
	query: ProductQuery,
	paging: { limit?: number; pageSize: number },
	request: RequestContext = {},
): Promise<{ products: Product[]; totalCount?: number }> {
	const qs: IDataObject = {};
	// The ID always comes: a server may return only the fields asked for.
	if (query.fields?.length) qs.fields = JSON.stringify([...new Set(['id', ...query.fields])]);
	if (query.filter) qs.filter = JSON.stringify(query.filter);
	if (query.summary) qs.summary = true;
	let totalCount: number | undefined;
	const products = await requestAllPages<Product, ProductPage>(
		this,
		{ method: 'GET', path: apiPath(this.getNode(), { 'Catalog ID': catalogId }, 'products'), qs },
		{
			...request,
			...paging,
			onPage: (page) => {
				totalCount ??= page.summary?.total_count;
			},
		},
	);
	return { products, totalCount };
}

/**
 * One page of GET /{catalog_id}/products (4.4) from the cursor `after`, and the next page's
 * cursor: what a list search shows a page at a time.
 */
export async function listProductPage(
	this: Context,
	catalogId: string,
	query: ProductQuery,
	page: { limit: number; after?: string },
	request: RequestContext = {},
): Promise<{ products: Product[]; after?: string }> {
	const qs: IDataObject = { limit: page.limit, ...(page.after ? { after: page.after } : {}) };
	if (query.fields?.length) qs.fields = JSON.stringify([...new Set(['id', ...query.fields])]);
	if (query.filter) qs.filter = JSON.stringify(query.filter);
	const response = await requestJson<Page<Product>>(
		this,
		{ method: 'GET', path: apiPath(this.getNode(), { 'Catalog ID': catalogId }, 'products'), qs },
		request,
	);
	return { products: response.data ?? [], after: nextCursor(response) };
}

/** POST /{catalog_id}/batch (4.4): applied in the background; answers one handle per request. */
export async function batchProducts(
	this: Context,
	catalogId: string,
	entries: BatchEntry[],
	request: RequestContext = {},
): Promise<{ handles: string[] }> {
	const response = await requestJson<{ handles?: string[] }>(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), { 'Catalog ID': catalogId }, 'batch'),
			body: {
				requests: entries.map(({ method, retailerId, data }) => ({
					method,
					retailer_id: retailerId,
					...(data ? { data } : {}),
				})),
			},
			idempotent: false,
		},
		request,
	);
	return { handles: response.handles ?? [] };
}

/** A catalog connected to a business account, as the Cloud API lists it. */
export interface ConnectedCatalog extends IDataObject {
	id?: string;
	name?: string;
}

/**
 * GET /{business_account_id}/product_catalogs: the catalogs connected to the account (the Cloud
 * API connects one; beyond the spec, which lists no catalogs). For the Catalog pickers.
 */
export async function listConnectedCatalogs(
	this: Context,
	businessAccountId: string,
	request: RequestContext = {},
): Promise<ConnectedCatalog[]> {
	const response = await requestJson<Page<ConnectedCatalog>>(
		this,
		{
			method: 'GET',
			path: apiPath(
				this.getNode(),
				{ 'Business account ID': businessAccountId },
				'product_catalogs',
			),
			// Every field the node reads is asked for: a server may return only those.
			qs: { fields: 'id,name' },
		},
		request,
	);
	return response.data ?? [];
}
