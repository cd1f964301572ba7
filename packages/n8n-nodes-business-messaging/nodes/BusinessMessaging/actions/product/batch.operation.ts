import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { batchProducts, type BatchEntry } from '../../../common/api/catalog';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { locatorValue, requiredText } from '../../../common/parameters';
import { AVAILABILITY, catalogField, CONDITION } from '../../../common/fields/product';
import { itemContext } from '../../../common/context';
import { toMinorUnits } from '../../../common/rules/money';
import { asNodeError, errorItem } from '../../../common/transport/nodeError';

/** Entries per batch request: default, and the API's maximum (the platform's batch limit). */
export const DEFAULT_BATCH_SIZE = 1000;
export const MAX_BATCH_SIZE = 5000;
const withData = { method: ['CREATE', 'UPDATE'] };

const properties: INodeProperties[] = [
	catalogField(),
	{
		displayName:
			'Changes are applied in the background, usually within a few minutes: until then Product › Get Many may still show the old catalog.',
		name: 'batchNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		default: 'CREATE',
		description: 'What to do with each input item’s product. Use an expression to choose per item.',
		options: [
			{
				name: 'Create or Replace',
				value: 'CREATE',
				description: 'Add the product, or replace the one with this retailer ID',
			},
			{ name: 'Delete', value: 'DELETE', description: 'Remove the product with this retailer ID' },
			{
				name: 'Update',
				value: 'UPDATE',
				description: 'Change the given fields of an existing product',
			},
		],
	},
	{
		displayName: 'Product Fields',
		name: 'productFrom',
		type: 'options',
		noDataExpression: true,
		default: 'form',
		options: [
			{
				name: 'From Input Items',
				value: 'input',
				description:
					'Each item already holds the product under the API’s field names: retailer_id, name, price (in the currency’s units), currency, and optional ones such as description, availability or image_url. Read as they are, with no expression per field: much faster for thousands of products.',
			},
			{
				name: 'Set Below',
				value: 'form',
				description: 'Retailer ID and each field set in this form, with expressions',
			},
		],
	},
	{
		displayName: 'Retailer ID',
		name: 'retailerId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.sku }}',
		description: 'Your own ID of the product (SKU)',
		displayOptions: { show: { productFrom: ['form'] } },
	},
	{
		displayName: 'Product',
		name: 'product',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		description: 'Create needs at least name, price and currency',
		displayOptions: { show: { ...withData, productFrom: ['form'] } },
		options: [
			{
				displayName: 'Availability',
				name: 'availability',
				type: 'options',
				default: 'in stock',
				options: AVAILABILITY,
			},
			{
				displayName: 'Brand',
				name: 'brand',
				type: 'string',
				default: '',
				placeholder: 'e.g. Acme Coffee Roasters',
			},
			{
				displayName: 'Category',
				name: 'category',
				type: 'string',
				default: '',
				placeholder: 'e.g. Coffee',
			},
			{
				displayName: 'Condition',
				name: 'condition',
				type: 'options',
				default: 'new',
				options: CONDITION,
			},
			{
				displayName: 'Currency',
				name: 'currency',
				type: 'string',
				default: 'USD',
				placeholder: 'e.g. USD',
				description: 'Three-letter ISO 4217 code',
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				typeOptions: { rows: 2 },
				placeholder: 'e.g. Single-origin coffee from Kenya, whole bean, 250 g',
			},
			{
				displayName: 'Image URL',
				name: 'image_url',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://shop.example.com/img/sku-1.jpg',
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Kenya Nyeri Whole Bean 250g',
			},
			{
				displayName: 'Price',
				name: 'price',
				type: 'number',
				default: 0,
				typeOptions: { minValue: 0 },
				description: 'In the currency’s units, e.g. 19.99 (sent as 1999 minor units)',
			},
			{
				displayName: 'Product Group ID',
				name: 'retailer_product_group_id',
				type: 'string',
				default: '',
				description: 'Groups variants of one product',
			},
			{
				displayName: 'Product Page URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://shop.example.com/p/sku-1',
			},
		],
	},
	{
		displayName: 'Batch Size',
		name: 'batchSize',
		type: 'number',
		default: DEFAULT_BATCH_SIZE,
		typeOptions: { minValue: 1, maxValue: MAX_BATCH_SIZE },
		description: 'Input items per request (at most 5000). 2,500 items with 1000 make 3 requests.',
	},
];

export const description = updateDisplayOptions(forOperation('product', 'batch'), properties);

/**
 * The product's fields as the API names them: the Product collection's fields, which is what an
 * input item holds in "From Input Items".
 */
const PRODUCT_KEYS = (
	properties.find((property) => property.name === 'product')?.options ?? []
).map((option) => option.name);

/** A batch changes the catalog on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

interface Entry {
	itemIndex: number;
	catalogId: string;
	request: BatchEntry;
}

/**
 * Catalog batches (4.4): one entry per input item, many entries per request. Outputs
 * one item per request with its handles and the retailer IDs it carried.
 */
export async function executeAll(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	const output: INodeExecutionData[] = [];
	const entries: Entry[] = [];
	const source = productSource(this, items);
	// Every item is checked before anything is sent.
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			entries.push(entryOf(this, itemIndex, source));
		} catch (error) {
			if (!this.continueOnFail()) throw asNodeError(this.getNode(), error, itemIndex);
			output.push(errorItem(error, { item: itemIndex }));
		}
	}
	const batchSize = Math.min(
		Math.max(Math.round(Number(this.getNodeParameter('batchSize', 0, DEFAULT_BATCH_SIZE))), 1),
		MAX_BATCH_SIZE,
	);
	const byCatalog = new Map<string, Entry[]>();
	for (const entry of entries) {
		const catalogEntries = byCatalog.get(entry.catalogId);
		if (catalogEntries) catalogEntries.push(entry);
		else byCatalog.set(entry.catalogId, [entry]);
	}
	for (const [catalogId, catalogEntries] of byCatalog) {
		for (let start = 0; start < catalogEntries.length; start += batchSize) {
			const chunk = catalogEntries.slice(start, start + batchSize);
			const pairedItem = chunk.map((e) => ({ item: e.itemIndex }));
			const retailerIds = chunk.map((e) => e.request.retailerId);
			const first = chunk[0].itemIndex;
			try {
				const { handles } = await batchProducts.call(
					this,
					catalogId,
					chunk.map((e) => e.request),
					// A request carries many items: its errors and retry settings are its first item's.
					itemContext.call(this, first).request,
				);
				output.push({
					json: {
						catalogId,
						handles,
						productCount: chunk.length,
						retailerIds,
						status: 'submitted',
						note: 'Applied in the background, usually within minutes',
					},
					pairedItem,
				});
			} catch (error) {
				if (!this.continueOnFail()) throw asNodeError(this.getNode(), error, first);
				output.push(errorItem(error, pairedItem, { catalogId, retailerIds }));
			}
		}
	}
	return output;
}

/** Where an item's retailer ID and fields come from, and how an error names them. */
interface ProductSource {
	retailerId(itemIndex: number): unknown;
	fields(itemIndex: number): IDataObject;
	label(key: string): string;
	/** The error of an Update without a field. */
	nothingToUpdate: string;
}

/**
 * The form (expressions, resolved by n8n for every item: about 0.4 ms each in n8n 2.41.1 with its
 * vm engine, bench/RESULTS.md "Product batch"), or the input items' own fields read as they are.
 */
function productSource(context: IExecuteFunctions, items: INodeExecutionData[]): ProductSource {
	if (context.getNodeParameter('productFrom', 0, 'form') === 'input')
		return {
			retailerId: (itemIndex) => items[itemIndex].json.retailer_id,
			fields: (itemIndex) => {
				const { json } = items[itemIndex];
				const fields: IDataObject = {};
				for (const key of PRODUCT_KEYS) if (json[key] !== undefined) fields[key] = json[key];
				return fields;
			},
			label: (key) => `The input field ${key}`,
			nothingToUpdate: `The input item has none of the product fields to update (${PRODUCT_KEYS.join(', ')})`,
		};
	const labels: Record<string, string> = {
		retailer_id: 'Retailer ID',
		name: 'Product › Name',
		price: 'Product › Price',
		currency: 'Product › Currency',
		url: 'Product › Product Page URL',
		image_url: 'Product › Image URL',
	};
	return {
		retailerId: (itemIndex) => context.getNodeParameter('retailerId', itemIndex, ''),
		fields: (itemIndex) => context.getNodeParameter('product', itemIndex, {}) as IDataObject,
		label: (key) => labels[key] ?? `Product › ${key}`,
		nothingToUpdate: 'Product: give at least one field to update',
	};
}

function entryOf(context: IExecuteFunctions, itemIndex: number, source: ProductSource): Entry {
	const node = context.getNode();
	const catalogId = locatorValue.call(context, 'catalogId', itemIndex);
	const method = String(context.getNodeParameter('method', itemIndex, 'CREATE')).toUpperCase();
	if (!['CREATE', 'UPDATE', 'DELETE'].includes(method)) {
		throw new NodeOperationError(
			node,
			`Method must be CREATE, UPDATE or DELETE (got "${method}")`,
			{ itemIndex },
		);
	}
	const retailerId = requiredText(
		node,
		source.label('retailer_id'),
		source.retailerId(itemIndex),
		itemIndex,
	);
	if (method === 'DELETE') return { itemIndex, catalogId, request: { method, retailerId } };
	const form = source.fields(itemIndex);
	const data: IDataObject = {};
	for (const [key, raw] of Object.entries(form)) {
		// A field left blank (or only spaces) is not given.
		const value = typeof raw === 'string' ? raw.trim() : raw;
		if (value === '' || value === undefined || value === null || key === 'price') continue;
		data[key] = value;
	}
	if (form.price !== undefined && form.price !== '') {
		if (!data.currency)
			throw new NodeOperationError(node, `${source.label('currency')} is required with a price`, {
				itemIndex,
			});
		data.price = toMinorUnits(
			node,
			form.price,
			String(data.currency),
			source.label('price'),
			itemIndex,
		);
	}
	if (method === 'CREATE') {
		for (const key of ['name', 'price', 'currency']) {
			if (data[key] === undefined)
				throw new NodeOperationError(node, `${source.label(key)} is required to create a product`, {
					itemIndex,
				});
		}
	} else if (Object.keys(data).length === 0) {
		throw new NodeOperationError(node, source.nothingToUpdate, { itemIndex });
	}
	for (const key of ['image_url', 'url']) {
		if (data[key] !== undefined && !/^https?:\/\/\S+$/.test(String(data[key]))) {
			throw new NodeOperationError(node, `${source.label(key)} must be an http(s) URL`, {
				itemIndex,
			});
		}
	}
	return {
		itemIndex,
		catalogId,
		request: { method: method as BatchEntry['method'], retailerId, data },
	};
}
