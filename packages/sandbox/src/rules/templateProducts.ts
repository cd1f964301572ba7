import { bad } from './fieldChecks';
import { checkProductSections } from './productMessages';
import type { Catalog } from '../model';
import type { Json } from '../validate';

/**
 * The products a template send names: an MPM button's sections (Cloud API "Multi-product
 * message templates": a product list message's sections, each titled; checkProductSections) and
 * a thumbnail. Each product must be in the catalog connected to the
 * sending number's business account. A broken limit is refused with 131009.
 */
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
	checkProductSections(action.sections, `${path}.sections`, 'always', (product, at) =>
		inCatalog(product.product_retailer_id, at),
	);
}
