import { LIMITS } from '../rules/messageLimits';
import { idValidation } from './locators';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** Product fields the listing can return and filter on (spec 2.3 and 2.4). */
export const PRODUCT_FIELDS: INodePropertyOptions[] = [
	{ name: 'Availability', value: 'availability' },
	{ name: 'Brand', value: 'brand' },
	{ name: 'Category', value: 'category' },
	{ name: 'Condition', value: 'condition' },
	{ name: 'Currency', value: 'currency' },
	{ name: 'Description', value: 'description' },
	{ name: 'ID', value: 'id' },
	{ name: 'Image URL', value: 'image_url' },
	{ name: 'Name', value: 'name' },
	{ name: 'Price', value: 'price' },
	{ name: 'Product Group ID', value: 'retailer_product_group_id' },
	{ name: 'Product Page URL', value: 'url' },
	{ name: 'Retailer ID', value: 'retailer_id' },
];

export const AVAILABILITY: INodePropertyOptions[] = [
	{ name: 'Available for Order', value: 'available for order' },
	{ name: 'Discontinued', value: 'discontinued' },
	{ name: 'In Stock', value: 'in stock' },
	{ name: 'Out of Stock', value: 'out of stock' },
	{ name: 'Preorder', value: 'preorder' },
];

export const CONDITION: INodePropertyOptions[] = [
	{ name: 'New', value: 'new' },
	{ name: 'Refurbished', value: 'refurbished' },
	{ name: 'Used', value: 'used' },
];

/**
 * The catalog: picked from the catalogs connected to the sender's business account (the Cloud
 * API's product_catalogs), or typed as an ID.
 */
export function catalogField(): INodeProperties {
	return {
		displayName: 'Catalog',
		name: 'catalogId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The product catalog connected to the sender’s business account',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a catalog...',
				typeOptions: { searchListMethod: 'searchCatalogs', searchable: true },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 215347871556718',
				validation: idValidation('A catalog ID'),
			},
		],
	};
}

/**
 * A product of the Catalog field's catalog, by its retailer ID (the ID product messages name):
 * picked from a search of the catalog (searchProducts reads the form's Catalog), or typed.
 */
export function productLocator(
	field: { name: string; displayName: string; description: string } = {
		name: 'productRetailerId',
		displayName: 'Product',
		description: 'A product of the catalog, by its retailer ID (the SKU, not the product’s ID)',
	},
	options: { required?: boolean; searchListMethod?: string } = {},
): INodeProperties {
	return {
		...field,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a product...',
				typeOptions: {
					searchListMethod: options.searchListMethod ?? 'searchProducts',
					searchable: true,
				},
			},
			{
				displayName: 'Retailer ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. SKU-00001',
			},
		],
	};
}

/** Sections given in fields or as JSON. */
export const productSectionFields: INodeProperties[] = [
	{
		displayName: 'Define Sections',
		name: 'sectionsInput',
		type: 'options',
		default: 'fields',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{
				name: 'Using JSON',
				value: 'json',
				description: 'An array of sections, e.g. from an expression over earlier data',
			},
		],
	},
	{
		displayName: 'Sections',
		name: 'productSections',
		type: 'fixedCollection',
		// As Buttons and Rows: no maxAllowedFields, the send names the field and the limit.
		typeOptions: {
			multipleValues: true,
			multipleValueButtonText: `Add Section (up to ${LIMITS.sections})`,
			sortable: true,
		},
		default: {},
		placeholder: `Add Section (up to ${LIMITS.sections})`,
		displayOptions: { show: { sectionsInput: ['fields'] } },
		description: `Up to ${LIMITS.sections} sections and ${LIMITS.products} products in all; each section needs a title when there is more than one`,
		options: [
			{
				displayName: 'Section',
				name: 'section',
				values: [
					{
						displayName: 'Title',
						name: 'title',
						type: 'string',
						default: '',
						placeholder: 'e.g. Whole beans',
						description: `Up to ${LIMITS.sectionTitle} characters; needed when the message has more than one section`,
					},
					{
						displayName: 'Products',
						name: 'products',
						type: 'fixedCollection',
						typeOptions: { multipleValues: true, sortable: true },
						default: {},
						placeholder: 'Add Product',
						options: [
							{
								displayName: 'Product',
								name: 'product',
								values: [
									productLocator({
										name: 'product',
										displayName: 'Product',
										description: 'A product of the Catalog, by its retailer ID',
									}),
								],
							},
						],
					},
				],
			},
		],
	},
	{
		displayName: 'Sections (JSON)',
		name: 'sectionsJson',
		type: 'json',
		default: '[\n  { "title": "Whole beans", "products": ["SKU-00001", "SKU-00002"] }\n]',
		required: true,
		displayOptions: { show: { sectionsInput: ['json'] } },
		description:
			'An array of sections, each an object with a title and products: retailer IDs, or objects with product_retailer_id',
	},
];
