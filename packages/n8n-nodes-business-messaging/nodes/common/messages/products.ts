import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
} from 'n8n-workflow';
import { isObject } from '../isObject';
import { jsonParameter, limitedText, requiredText } from '../parameters';
import { LIMITS } from '../rules/messageLimits';
import { interactiveContent, type MessageContent } from './contents';

/**
 * The messages that show the catalog in the chat (the Cloud API's interactive `product`,
 * `product_list` and `catalog_message`, "Share products with customers"): Send Product List's
 * sections (fields/product.ts), read from the form or JSON and checked against the platform's limits with errors
 * that name the field, and the builders of the three messages.
 */

/** One section of a product list: its title (needed when there are several) and retailer IDs. */
export interface ProductSection {
	title?: string;
	retailerIds: string[];
}

/** "1st", "2nd", "31st": how the errors count products. */
function ordinal(n: number): string {
	const tens = n % 100;
	const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
	return `${n}${suffix}`;
}

/** A locator's value as the form holds it inside a collection: `{mode, value}` or the value. */
function chosenValue(raw: unknown): unknown {
	return isObject(raw) && 'value' in raw ? raw.value : raw;
}

/** The sections as the form or the JSON gives them: titles and the raw product entries. */
function rawSections(
	context: IExecuteFunctions,
	itemIndex: number,
): { sections: Array<{ title: unknown; products: unknown[] }>; where: string } {
	const node = context.getNode();
	if (String(context.getNodeParameter('sectionsInput', itemIndex, 'fields')) === 'json') {
		const where = 'Sections (JSON)';
		const value = jsonParameter(context, 'sectionsJson', itemIndex, where, '[]');
		if (!Array.isArray(value) || !value.every(isObject))
			throw new NodeOperationError(node, `${where} must be an array of objects`, {
				itemIndex,
				description: 'Each section: { "title": "Whole beans", "products": ["SKU-00001"] }.',
			});
		return {
			where,
			sections: (value as IDataObject[]).map((section, i) => {
				const products = section.products ?? section.product_items;
				if (products !== undefined && !Array.isArray(products))
					throw new NodeOperationError(
						node,
						`${where} › Section ${i + 1} › Products must be an array of retailer IDs`,
						{ itemIndex },
					);
				return { title: section.title, products: (products as unknown[] | undefined) ?? [] };
			}),
		};
	}
	const form = context.getNodeParameter('productSections', itemIndex, {}) as {
		section?: Array<{ title?: unknown; products?: { product?: Array<{ product?: unknown }> } }>;
	};
	return {
		where: 'Sections',
		sections: (form.section ?? []).map((section) => ({
			title: section.title,
			products: (section.products?.product ?? []).map((entry) => chosenValue(entry.product)),
		})),
	};
}

/** A retailer ID of the JSON (a text, or `{product_retailer_id}`) or of a Product field. */
function retailerIdOf(node: INode, field: string, entry: unknown, itemIndex: number): string {
	const raw = isObject(entry) ? (entry.product_retailer_id ?? entry.retailerId) : entry;
	return requiredText(node, field, raw, itemIndex, {
		what: 'a retailer ID',
		whenEmpty: `${field} is empty: pick a product or give its retailer ID`,
	});
}

/**
 * Send Product List's sections: 1 to 10, a title (24) on each when there are several, at least
 * one product each, at most 30 products in all (the 31st is named).
 */
export function productSections(context: IExecuteFunctions, itemIndex: number): ProductSection[] {
	const node = context.getNode();
	const { sections, where } = rawSections(context, itemIndex);
	if (sections.length === 0)
		throw new NodeOperationError(
			node,
			`${where} is empty: add 1 to ${LIMITS.sections} sections of products`,
			{ itemIndex },
		);
	if (sections.length > LIMITS.sections)
		throw new NodeOperationError(
			node,
			`${where}: at most ${LIMITS.sections} sections; this message has ${sections.length}`,
			{ itemIndex },
		);
	let count = 0;
	return sections.map((section, i) => {
		const at = `${where} › Section ${i + 1}`;
		const title = limitedText(
			node,
			`${at} › Title`,
			section.title ?? '',
			LIMITS.sectionTitle,
			itemIndex,
		).trim();
		if (!title && sections.length > 1)
			throw new NodeOperationError(
				node,
				`${at} › Title is empty: when the message has more than one section, every section needs a title`,
				{ itemIndex },
			);
		if (section.products.length === 0)
			throw new NodeOperationError(node, `${at} › Products is empty: add at least one product`, {
				itemIndex,
			});
		const retailerIds = section.products.map((entry, j) => {
			count += 1;
			if (count > LIMITS.products)
				throw new NodeOperationError(
					node,
					`${at} › Products: at most ${LIMITS.products} products in all sections (this is the ${ordinal(count)})`,
					{ itemIndex },
				);
			return retailerIdOf(node, `${at} › Products › Product ${j + 1}`, entry, itemIndex);
		});
		return { ...(title ? { title } : {}), retailerIds };
	});
}

/** Body and footer of a product message; a product_list also has its text header. */
/** A product message's frame: its header is text only, its body optional for a single product. */
interface ProductFrame {
	header?: string;
	body?: string;
	footer?: string;
}

function productInteractive(
	kind: string,
	frame: ProductFrame,
	action: IDataObject,
): MessageContent {
	const { header, body, footer } = frame;
	return interactiveContent(
		kind,
		{ ...(header ? { header: { type: 'text', text: header } } : {}), body, footer },
		action,
	);
}

/** One product of a catalog (the Cloud API's interactive `product`; it has no header). */
export function productContent(
	frame: { body?: string; footer?: string },
	product: { catalogId: string; retailerId: string },
): MessageContent {
	return productInteractive('product', frame, {
		catalog_id: product.catalogId,
		product_retailer_id: product.retailerId,
	});
}

/** Up to 30 products of a catalog in sections (the Cloud API's interactive `product_list`). */
export function productListContent(
	frame: { header: string; body: string; footer?: string },
	catalogId: string,
	sections: ProductSection[],
): MessageContent {
	return productInteractive('product_list', frame, {
		catalog_id: catalogId,
		sections: sections.map(({ title, retailerIds }) => ({
			...(title ? { title } : {}),
			product_items: retailerIds.map((id) => ({ product_retailer_id: id })),
		})),
	});
}

/**
 * The catalog connected to the business account, behind a View catalog button (the Cloud API's
 * interactive `catalog_message`); its thumbnail is one product's image, else the first product's.
 */
export function catalogContent(
	frame: { body: string; footer?: string },
	thumbnailRetailerId?: string,
): MessageContent {
	return productInteractive('catalog_message', frame, {
		name: 'catalog_message',
		...(thumbnailRetailerId
			? { parameters: { thumbnail_product_retailer_id: thumbnailRetailerId } }
			: {}),
	});
}
