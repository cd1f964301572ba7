import type { Catalog } from '../model';
import { onlyKeys, type Json } from '../validate';
import { bad, list, object, optionalText, text } from './fieldChecks';
import { INTERACTIVE_LIMITS } from './interactiveLimits';

/**
 * The Cloud API's interactive messages that show the catalog ("Share products with customers",
 * developers.facebook.com/docs/whatsapp/cloud-api/guides/sell-products-and-services/share-products):
 * - `product`: one product; no header, body optional (1024), footer optional (60), action
 *   `{catalog_id, product_retailer_id}`;
 * - `product_list`: a text header (60) and a body (1024) are required, footer optional (60),
 *   action `{catalog_id, sections}`: 1 to 10 sections, each titled (24) when there are several,
 *   each with at least one `{product_retailer_id}`, at most 30 products in all;
 * - `catalog_message`: body required (1024), footer optional (60), action `{name:
 *   "catalog_message", parameters?: {thumbnail_product_retailer_id}}`: the catalog connected to the
 *   business account.
 * The catalog must be one the key has and the products must be in it; else, as every broken
 * value of these messages, 131009 naming the field and the ID.
 */

export const PRODUCT_INTERACTIVE_TYPES = ['product', 'product_list', 'catalog_message'] as const;
export type ProductInteractiveType = (typeof PRODUCT_INTERACTIVE_TYPES)[number];

/** What the checks need to know of the key's catalogs. */
export interface CatalogContext {
	/** The key's catalog with this ID, if it has one. */
	catalog(id: string): Catalog | undefined;
	/** The catalog connected to the sending number's business account (store.connectedCatalog). */
	connectedCatalog(): Catalog | undefined;
}

export function isProductInteractive(type: string): type is ProductInteractiveType {
	return (PRODUCT_INTERACTIVE_TYPES as readonly string[]).includes(type);
}

/** Checks an interactive message of a product type (its `type` already checked). */
export function productInteractive(
	message: Json,
	type: ProductInteractiveType,
	catalogs: CatalogContext,
): void {
	const path = 'interactive';
	if (type === 'product_list') textHeader(message.header);
	else if (message.header !== undefined)
		throw bad(`${path}.header`, `a ${type} message has no header`);
	if (type === 'product') {
		if (message.body !== undefined) textPart(message, 'body', INTERACTIVE_LIMITS.body);
	} else textPart(message, 'body', INTERACTIVE_LIMITS.body);
	if (message.footer !== undefined) textPart(message, 'footer', INTERACTIVE_LIMITS.footer);
	const action = object(message.action, `${path}.action`);
	if (type === 'product') singleProduct(action, catalogs);
	else if (type === 'product_list') productSections(action, catalogs);
	else catalogMessage(action, catalogs);
}

/** `{text}` of `body` or `footer`, at most `max` characters. */
function textPart(message: Json, key: 'body' | 'footer', max: number): void {
	const at = `interactive.${key}`;
	const part = object(message[key], at);
	onlyKeys(part, ['text'], at);
	text(part, 'text', `${at}.text`, max);
}

function textHeader(value: unknown): void {
	const path = 'interactive.header';
	const head = object(value, path);
	if (head.type !== 'text')
		throw bad(
			`${path}.type`,
			`must be text (a product_list message has a text header only${head.type === undefined ? '' : `, got ${JSON.stringify(head.type)}`})`,
		);
	onlyKeys(head, ['type', 'text'], path);
	text(head, 'text', `${path}.text`, INTERACTIVE_LIMITS.header);
}

/** The key's catalog named by `catalog_id`. */
function catalogOf(action: Json, catalogs: CatalogContext): Catalog {
	const at = 'interactive.action.catalog_id';
	const id = text(action, 'catalog_id', at);
	const catalog = catalogs.catalog(id);
	if (!catalog)
		throw bad(at, `catalog ${id} is not a catalog of this business (no such catalog on this key)`);
	return catalog;
}

/** The retailer ID at `path`, which must be a product of `catalog`. */
function productIn(catalog: Catalog, holder: Json, key: string, path: string): string {
	const retailerId = text(holder, key, path);
	if (!catalog.byRetailerId.has(retailerId))
		throw bad(path, `product ${retailerId} is not in catalog ${catalog.id}`);
	return retailerId;
}

function singleProduct(action: Json, catalogs: CatalogContext): void {
	const path = 'interactive.action';
	onlyKeys(action, ['catalog_id', 'product_retailer_id'], path);
	const catalog = catalogOf(action, catalogs);
	productIn(catalog, action, 'product_retailer_id', `${path}.product_retailer_id`);
}

function productSections(action: Json, catalogs: CatalogContext): void {
	const path = 'interactive.action';
	onlyKeys(action, ['catalog_id', 'sections'], path);
	const catalog = catalogOf(action, catalogs);
	checkProductSections(action.sections, `${path}.sections`, 'whenSeveral', (product, at) =>
		productIn(catalog, product, 'product_retailer_id', at),
	);
}

/**
 * Sections of products, as a product list message and a multi-product template button carry them
 * (the Cloud API's limits, the same for both): 1 to 10 sections, each with at least one
 * `{product_retailer_id}`, 30 products in all, a title of at most 24 characters, required when
 * there are several sections (`whenSeveral`) or always (a template button). `productIn` checks
 * a product's retailer ID, at its path, against the catalog of the message.
 */
export function checkProductSections(
	value: unknown,
	path: string,
	titles: 'always' | 'whenSeveral',
	productIn: (product: Json, path: string) => void,
): void {
	const sections = list(value, path, 1, INTERACTIVE_LIMITS.sections, 'sections');
	let products = 0;
	sections.forEach((item, i) => {
		const at = `${path}[${i}]`;
		const section = object(item, at);
		onlyKeys(section, ['title', 'product_items'], at);
		if (section.title === undefined && titles === 'always') throw bad(`${at}.title`, 'is required');
		if (section.title === undefined && sections.length > 1)
			throw bad(`${at}.title`, 'is required when the message has more than one section');
		optionalText(section, 'title', `${at}.title`, INTERACTIVE_LIMITS.sectionTitle);
		const items = list(section.product_items, `${at}.product_items`, 1, Infinity, 'products');
		items.forEach((entry, j) => {
			const itemPath = `${at}.product_items[${j}]`;
			products += 1;
			if (products > INTERACTIVE_LIMITS.products)
				throw bad(
					itemPath,
					`at most ${INTERACTIVE_LIMITS.products} products in all sections together (this is product ${products})`,
				);
			const product = object(entry, itemPath);
			onlyKeys(product, ['product_retailer_id'], itemPath);
			productIn(product, `${itemPath}.product_retailer_id`);
		});
	});
}

function catalogMessage(action: Json, catalogs: CatalogContext): void {
	const path = 'interactive.action';
	onlyKeys(action, ['name', 'parameters'], path);
	if (action.name !== 'catalog_message')
		throw bad(`${path}.name`, `must be "catalog_message" (got ${JSON.stringify(action.name)})`);
	const catalog = catalogs.connectedCatalog();
	if (!catalog)
		throw bad(
			path,
			"no catalog is connected to this number's WhatsApp Business Account, so there is no catalog to show",
		);
	if (action.parameters === undefined) return;
	const parameters = object(action.parameters, `${path}.parameters`);
	onlyKeys(parameters, ['thumbnail_product_retailer_id'], `${path}.parameters`);
	productIn(
		catalog,
		parameters,
		'thumbnail_product_retailer_id',
		`${path}.parameters.thumbnail_product_retailer_id`,
	);
}
