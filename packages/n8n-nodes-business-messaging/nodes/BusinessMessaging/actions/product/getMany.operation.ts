import {
	jsonParse,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';
import { listProducts, MAX_PRODUCT_PAGE_SIZE } from '../../../common/api/catalog';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { locatorValue, resultLimit } from '../../../common/parameters';
import { catalogField, PRODUCT_FIELDS } from '../../../common/fields/product';
import { returnAllFields } from '../../../common/fields/returnAll';
import type { ItemExecute } from '../types';

/** Products per page, unless the user asks for fewer. */
const DEFAULT_PAGE_SIZE = MAX_PRODUCT_PAGE_SIZE;

const properties: INodeProperties[] = [
	catalogField(),
	...returnAllFields,
	{
		displayName: 'Conditions',
		name: 'conditions',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add condition',
		description: 'Only products matching all conditions',
		options: [
			{
				displayName: 'Condition',
				name: 'condition',
				values: [
					{
						displayName: 'Field',
						name: 'field',
						type: 'options',
						default: 'name',
						options: PRODUCT_FIELDS,
					},
					{
						displayName: 'Operator',
						name: 'operator',
						type: 'options',
						default: 'i_contains',
						options: [
							{ name: 'Contains (Any Case)', value: 'i_contains' },
							{ name: 'Does Not Contain (Any Case)', value: 'i_not_contains' },
							{ name: 'Is Equal To', value: 'eq' },
							{ name: 'Is Not Equal To', value: 'neq' },
							{ name: 'Starts With (Any Case)', value: 'i_starts_with' },
						],
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'e.g. coffee',
					},
				],
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Fields',
				name: 'fields',
				type: 'multiOptions',
				default: [],
				description:
					'Which fields to return (the ID always comes). Leave empty for ID, retailer ID, name, price, availability and image URL.',
				options: PRODUCT_FIELDS,
			},
			{
				displayName: 'Filter (JSON)',
				name: 'filterJson',
				type: 'json',
				default: '{}',
				description:
					'A filter in the API’s own form, e.g. {"price":{"lt":2000}}; combined with the conditions above',
			},
			{
				displayName: 'Include Total Count',
				name: 'summary',
				type: 'boolean',
				default: false,
				description: 'Whether to add the number of matching products to every item as totalCount',
			},
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1000 },
				default: DEFAULT_PAGE_SIZE,
				description: 'Products asked for per request while paging',
			},
		],
	},
];

export const description = updateDisplayOptions(forOperation('product', 'getMany'), properties);

/** The products of a catalog (4.4): one item per product, across cursor pages. */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const catalogId = locatorValue.call(this, 'catalogId', itemIndex);
	const limit = resultLimit.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const summary = Boolean(options.summary);
	const { products, totalCount } = await listProducts.call(
		this,
		catalogId,
		{
			fields: Array.isArray(options.fields) ? (options.fields as string[]) : undefined,
			filter: buildFilter(this, itemIndex, options.filterJson),
			summary,
		},
		{
			limit,
			pageSize: Math.min(
				Math.max(Number(options.pageSize ?? DEFAULT_PAGE_SIZE), 1),
				MAX_PRODUCT_PAGE_SIZE,
			),
		},
		item.request,
	);
	return products.map((json) => ({ json: summary ? { ...json, totalCount } : json }));
};

/** The conditions (all must match) and the raw JSON filter, as one API filter. */
function buildFilter(
	context: IExecuteFunctions,
	itemIndex: number,
	raw: unknown,
): IDataObject | undefined {
	const conditions =
		((context.getNodeParameter('conditions', itemIndex, {}) as IDataObject).condition as
			| IDataObject[]
			| undefined) ?? [];
	const parts: IDataObject[] = conditions.map((c) => ({
		[String(c.field)]: { [String(c.operator)]: String(c.value ?? '') },
	}));
	let extra: unknown = raw ?? {};
	if (typeof extra === 'string') {
		extra = extra.trim()
			? jsonParse(extra, { errorMessage: 'Filter (JSON) is not valid JSON' })
			: {};
	}
	if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) {
		throw new NodeOperationError(
			context.getNode(),
			'Filter (JSON) must be a JSON object, e.g. {"name":{"i_contains":"shirt"}}',
			{ itemIndex },
		);
	}
	if (Object.keys(extra).length) parts.push(extra as IDataObject);
	if (parts.length === 0) return undefined;
	return parts.length === 1 ? parts[0] : { and: parts };
}
