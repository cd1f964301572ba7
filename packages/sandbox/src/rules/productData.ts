import { invalid } from '../errors';
import type { Product } from '../model';
import { currencyDigits, formatPrice } from './money';
import { isObject, type Json } from '../validate';

/** Product data fields of batch CREATE/UPDATE (spec 2.4). */
export const PRODUCT_DATA_FIELDS = [
	'name',
	'description',
	'price',
	'currency',
	'availability',
	'condition',
	'brand',
	'category',
	'image_url',
	'url',
	'retailer_product_group_id',
] as const;

/** Fields the listing can return; without `fields` the default set of spec 2.3 is returned. */
export const PRODUCT_LIST_FIELDS = ['id', 'retailer_id', ...PRODUCT_DATA_FIELDS] as const;
export const PRODUCT_DEFAULT_FIELDS = [
	'id',
	'retailer_id',
	'name',
	'price',
	'availability',
	'image_url',
] as const;

export const AVAILABILITY_VALUES = [
	'in stock',
	'out of stock',
	'preorder',
	'available for order',
	'discontinued',
] as const;
export const CONDITION_VALUES = ['new', 'refurbished', 'used'] as const;
const REQUIRED_ON_CREATE = ['name', 'price', 'currency'] as const;

export type ProductData = Partial<Omit<Product, 'id' | 'seq' | 'retailer_id'>>;

/** Validates the `data` of one batch entry; CREATE needs name, price and currency. */
export function parseProductData(raw: unknown, path: string, forCreate: boolean): ProductData {
	if (!isObject(raw)) throw invalid(path, 'must be a product data object');
	const data = raw as Json;
	const out: ProductData = {};
	for (const [key, value] of Object.entries(data)) {
		const field = `${path}.${key}`;
		if (!(PRODUCT_DATA_FIELDS as readonly string[]).includes(key)) {
			throw invalid(field, `is not a product field (known: ${PRODUCT_DATA_FIELDS.join(', ')})`);
		}
		if (key === 'price') {
			if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
				throw invalid(
					field,
					'must be a whole, non-negative number of minor currency units (1999 for 19.99)',
				);
			}
			out.price = value;
			continue;
		}
		if (typeof value !== 'string' || value.length === 0)
			throw invalid(field, 'must be a non-empty string');
		if (key === 'currency') currencyDigits(value, field);
		if (key === 'availability' && !(AVAILABILITY_VALUES as readonly string[]).includes(value)) {
			throw invalid(field, `must be one of ${AVAILABILITY_VALUES.join(', ')}`);
		}
		if (key === 'condition' && !(CONDITION_VALUES as readonly string[]).includes(value)) {
			throw invalid(field, `must be one of ${CONDITION_VALUES.join(', ')}`);
		}
		if ((key === 'url' || key === 'image_url') && !/^https?:\/\/\S+$/.test(value))
			throw invalid(field, 'must be an http(s) URL');
		(out as Json)[key] = value;
	}
	if (forCreate) {
		for (const key of REQUIRED_ON_CREATE) {
			if (out[key] === undefined) throw invalid(`${path}.${key}`, 'is required for CREATE');
		}
	}
	return out;
}

/** A product as the listing shows it: price formatted with the currency symbol. */
export function productView(product: Product, fields: readonly string[]): Json {
	const out: Json = {};
	for (const name of fields) {
		if (name === 'price') out.price = formatPrice(product.price, product.currency);
		else if ((product as unknown as Json)[name] !== undefined)
			out[name] = (product as unknown as Json)[name];
	}
	return out;
}
