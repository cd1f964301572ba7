import { bad } from './fieldChecks';
import { PRODUCT_LIMITS } from './productMessages';
import type { Catalog } from '../model';
import { isObject, type Json } from '../validate';
import { characterCount } from '../characters';

/**
 * The products a template send names: an MPM button's sections (Cloud API "Multi-product
 * message templates": 1 to 10 sections, each titled and holding at least one product, at most
 * 30 products in all) and a thumbnail. Each product must be in the catalog connected to the
 * sending number's business account. A broken limit is refused with 131009.
 */
/** A multi-product button's sections have a product list message's limits (the Cloud API's). */
const MPM_LIMITS = PRODUCT_LIMITS;

/** `action` is the parameter's action object (its shape is checked by templateButtonParameters.ts). */
export function checkTemplateProducts(
	action: Json,
	path: string,
	subType: 'catalog' | 'mpm',
	catalog: Catalog | undefined,
): void {
	const inCatalog = (retailerId: unknown, at: string) => {
		if (typeof retailerId !== 'string' || retailerId.trim() === '')
			throw bad(at, 'must be the retailer ID of a product of the catalog');
		if (!catalog)
			throw bad(at, 'the business account has no catalog connected: a product cannot be shown');
		if (!catalog.byRetailerId.has(retailerId))
			throw bad(
				at,
				`no product with retailer ID ${JSON.stringify(retailerId)} in the connected catalog ${catalog.id}`,
			);
	};
	if (subType === 'catalog') {
		if (action.thumbnail_product_retailer_id !== undefined)
			inCatalog(action.thumbnail_product_retailer_id, `${path}.thumbnail_product_retailer_id`);
		return;
	}
	inCatalog(action.thumbnail_product_retailer_id, `${path}.thumbnail_product_retailer_id`);
	const sections = action.sections;
	if (!Array.isArray(sections) || sections.length === 0)
		throw bad(`${path}.sections`, `must hold 1 to ${MPM_LIMITS.sections} sections`);
	if (sections.length > MPM_LIMITS.sections)
		throw bad(
			`${path}.sections`,
			`at most ${MPM_LIMITS.sections} sections (it has ${sections.length})`,
		);
	let products = 0;
	sections.forEach((raw, i) => {
		const at = `${path}.sections[${i}]`;
		if (!isObject(raw)) throw bad(at, 'must be {"title","product_items":[...]}');
		const unknown = Object.keys(raw).find((key) => !['title', 'product_items'].includes(key));
		if (unknown)
			throw bad(`${at}.${unknown}`, 'is not a known field (known: title, product_items)');
		const title = raw.title;
		if (typeof title !== 'string' || title.trim() === '') throw bad(`${at}.title`, 'is required');
		if (characterCount(title) > MPM_LIMITS.sectionTitle)
			throw bad(
				`${at}.title`,
				`at most ${MPM_LIMITS.sectionTitle} characters (it has ${characterCount(title)})`,
			);
		const items = raw.product_items;
		if (!Array.isArray(items) || items.length === 0)
			throw bad(`${at}.product_items`, 'must hold at least one product');
		items.forEach((item, j) => {
			const itemAt = `${at}.product_items[${j}]`;
			if (!isObject(item) || Object.keys(item).some((key) => key !== 'product_retailer_id'))
				throw bad(itemAt, 'must be {"product_retailer_id":"..."}');
			products += 1;
			if (products > MPM_LIMITS.products)
				throw bad(itemAt, `at most ${MPM_LIMITS.products} products in all sections`);
			inCatalog(item.product_retailer_id, `${itemAt}.product_retailer_id`);
		});
	});
}
