import { randomBytes } from 'node:crypto';
import { characterCount } from '../characters';
import { fieldsToAnswer, pagingOf } from '../dialect';
import { invalid, notFound } from '../errors';
import { jsonBody, param, query, requiredQuery, type Endpoint, type SandboxPlugin } from '../http';
import type { Catalog, CatalogBatch } from '../model';
import { paginate } from '../paging';
import { parseFilter } from '../rules/productFilter';
import {
	PRODUCT_DEFAULT_FIELDS,
	PRODUCT_LIST_FIELDS,
	parseProductData,
	productView,
	type ProductData,
} from '../rules/productData';
import type { SandboxState } from '../sandbox';
import { isObject, oneOf, queryBoolean, queryInteger, requireArray } from '../validate';

const BATCH_METHODS = ['CREATE', 'UPDATE', 'DELETE'] as const;
/** A product's retailer ID (the catalog's content ID), in characters (characters.ts). */
const RETAILER_ID_MAX = 100;

interface BatchEntry {
	method: (typeof BATCH_METHODS)[number];
	retailer_id: string;
	data?: ProductData;
}

export const catalogRoutes: SandboxPlugin = async (app, { sandbox }) => {
	/** List products (4.4): `fields` as a JSON list, `filter` as JSON, `summary`, cursor paging. */
	app.get('/:id/products', async (request) => {
		const catalog = sandbox.store.catalog(request.apiKey, param(request, 'id'));
		const fields = fieldsToAnswer(
			sandbox.dialect,
			parseFieldList(query(request, 'fields')),
			PRODUCT_DEFAULT_FIELDS,
		);
		const filterText = query(request, 'filter');
		const filter =
			filterText === undefined || filterText === '' ? undefined : parseFilter(filterText);
		const summary = queryBoolean(query(request, 'summary'), 'summary');
		const { default: defaultSize, max } = sandbox.config.productPageSize;
		const limit = Math.min(queryInteger(query(request, 'limit'), 'limit', 1, defaultSize), max);
		const products = filter ? catalog.products.filter(filter) : catalog.products;
		const page = paginate(products, (p) => p.seq, `products:${catalog.id}`, {
			limit,
			after: query(request, 'after'),
			before: query(request, 'before'),
		});
		return {
			data: page.data.map((p) => productView(p, fields)),
			...pagingOf(sandbox.dialect, request, page),
			...(summary ? { summary: { total_count: products.length } } : {}),
		};
	});

	/** Batch change (4.4, 3.3): checked now, applied in the background after the batch delay. */
	app.post('/:id/batch', async (request) => {
		const catalog = sandbox.store.catalog(request.apiKey, param(request, 'id'));
		const body = jsonBody(request);
		for (const key of Object.keys(body))
			if (key !== 'requests' && key !== 'allow_upsert')
				throw invalid(key, 'is not a known field (known: requests, allow_upsert)');
		const raw = requireArray(body, 'requests', 'requests');
		if (raw.length === 0) throw invalid('requests', 'must hold at least one entry');
		if (raw.length > sandbox.config.maxBatchRequests)
			throw invalid(
				'requests',
				`must hold at most ${sandbox.config.maxBatchRequests} entries (got ${raw.length}); split them into several batches`,
			);
		const entries = raw.map((item, i) => parseEntry(item, `requests[${i}]`));
		const batch: CatalogBatch = {
			handle: randomBytes(18).toString('base64url'),
			catalogId: catalog.id,
			apiKey: request.apiKey,
			status: 'in_progress',
			requests: entries.length,
			errors: [],
		};
		sandbox.store.batches.set(batch.handle, batch);
		const store = sandbox.store;
		sandbox.scheduler.schedule(sandbox.config.batchDelayMs, () => {
			if (sandbox.store === store && store.catalogs.get(catalog.id) === catalog)
				applyBatch(sandbox, catalog, batch, entries);
		});
		return { handles: [batch.handle] };
	});

	/** Batch status, as the platform offers it: GET /{catalog_id}/check_batch_request_status?handle= */
	app.get('/:id/check_batch_request_status', async (request) => {
		const catalog = sandbox.store.catalog(request.apiKey, param(request, 'id'));
		const handle = requiredQuery(request, 'handle');
		const batch = sandbox.store.batches.get(handle);
		if (!batch || batch.catalogId !== catalog.id) throw notFound('Batch', handle);
		return {
			data: [
				{
					handle: batch.handle,
					status: batch.status,
					errors_total_count: batch.errors.length,
					errors: batch.errors,
				},
			],
		};
	});
};

/** The names `fields` asks for (undefined: the default set). */
function parseFieldList(raw: string | undefined): string[] | undefined {
	if (raw === undefined || raw === '') return undefined;
	let names: unknown;
	try {
		names = JSON.parse(raw);
	} catch {
		names = undefined;
	}
	if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string')) {
		throw invalid('fields', 'must be a JSON list of field names, e.g. ["name","price"]');
	}
	for (const name of names as string[]) {
		if (!(PRODUCT_LIST_FIELDS as readonly string[]).includes(name))
			throw invalid(
				'fields',
				`unknown field ${JSON.stringify(name)} (known: ${PRODUCT_LIST_FIELDS.join(', ')})`,
			);
	}
	return names as string[];
}

function parseEntry(item: unknown, path: string): BatchEntry {
	if (!isObject(item))
		throw invalid(path, 'must be an object with method, retailer_id and (for CREATE) data');
	for (const key of Object.keys(item))
		if (!['method', 'retailer_id', 'data'].includes(key))
			throw invalid(`${path}.${key}`, 'is not a known field (known: method, retailer_id, data)');
	const method = oneOf(item.method, BATCH_METHODS, `${path}.method`);
	const retailerId = item.retailer_id;
	if (
		typeof retailerId !== 'string' ||
		retailerId.trim() === '' ||
		characterCount(retailerId) > RETAILER_ID_MAX
	)
		throw invalid(
			`${path}.retailer_id`,
			`is required: a non-empty string of at most ${RETAILER_ID_MAX} characters`,
		);
	if (method === 'DELETE') {
		if (item.data !== undefined) throw invalid(`${path}.data`, 'a DELETE entry carries no data');
		return { method, retailer_id: retailerId };
	}
	if (item.data === undefined) throw invalid(`${path}.data`, `is required for ${method}`);
	return {
		method,
		retailer_id: retailerId,
		data: parseProductData(item.data, `${path}.data`, method === 'CREATE'),
	};
}

/**
 * Applies entries in order. CREATE of an existing retailer ID replaces that product (upsert);
 * UPDATE or DELETE of an unknown one is recorded as an error of the batch.
 */
function applyBatch(
	sandbox: SandboxState,
	catalog: Catalog,
	batch: CatalogBatch,
	entries: BatchEntry[],
): void {
	const store = sandbox.store;
	entries.forEach((entry, line) => {
		const existing = catalog.byRetailerId.get(entry.retailer_id);
		if (entry.method === 'CREATE') {
			if (existing) {
				// replace, not merge: fields the new data leaves out are gone, as on a fresh CREATE
				const { id, seq, retailer_id } = existing;
				for (const key of Object.keys(existing))
					delete (existing as unknown as Record<string, unknown>)[key];
				Object.assign(existing, { id, seq, retailer_id, availability: 'in stock', ...entry.data });
			} else
				store.addProduct(catalog, {
					availability: 'in stock',
					...(entry.data as Required<Pick<ProductData, 'name' | 'price' | 'currency'>>),
					retailer_id: entry.retailer_id,
					id: store.newId('product'),
					seq: store.nextSeq(),
				});
			return;
		}
		if (!existing) {
			batch.errors.push({
				line,
				retailer_id: entry.retailer_id,
				message: `No product with retailer_id ${entry.retailer_id} in this catalog`,
			});
			return;
		}
		if (entry.method === 'UPDATE') Object.assign(existing, entry.data);
		else store.removeProduct(catalog, existing);
	});
	batch.status = 'finished';
}

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{ spec: '4.4', route: '`GET /{catalog_id}/products?fields&filter&summary&limit&after&before`' },
	{
		spec: '4.4',
		route: '`POST /{catalog_id}/batch`',
		notes: '`{handles:[h]}`, applied in the background',
	},
	{
		route: '`GET /{catalog_id}/check_batch_request_status?handle=`',
		notes: 'batch status, as the platform offers it',
	},
];
