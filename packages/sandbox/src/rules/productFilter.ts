import { invalid } from '../errors';
import type { Product } from '../model';
import { formatPrice } from './money';
import { PRODUCT_LIST_FIELDS } from './productData';
import { isObject } from '../validate';

/**
 * The listing's `filter` (4.4): a JSON object keyed by product field, each value an object with
 * one operator, e.g. {"name":{"i_contains":"kenya"}}. Several keys must all match; "and" / "or"
 * take arrays of such objects. The spec shows `i_contains`; the other operators are those of
 * the platform's product filter. Numeric operators on `price` compare minor units.
 */
export const FILTER_OPERATORS = [
	'eq',
	'neq',
	'contains',
	'i_contains',
	'not_contains',
	'i_not_contains',
	'starts_with',
	'i_starts_with',
	'gt',
	'gte',
	'lt',
	'lte',
	'is_any',
	'is_not_any',
] as const;

type Predicate = (product: Product) => boolean;

export function parseFilter(raw: string): Predicate {
	let parsed: unknown;
	try {
		parsed = JSON.parse(raw);
	} catch {
		throw invalid('filter', 'must be a JSON object, e.g. {"name":{"i_contains":"shirt"}}');
	}
	return compile(parsed, 'filter');
}

function compile(node: unknown, path: string): Predicate {
	if (!isObject(node) || Object.keys(node).length === 0)
		throw invalid(path, 'must be a non-empty JSON object keyed by product field');
	const parts: Predicate[] = Object.entries(node).map(([key, value]) => {
		if (key === 'and' || key === 'or') {
			if (!Array.isArray(value) || value.length === 0)
				throw invalid(`${path}.${key}`, 'must be a non-empty array of filters');
			const children = value.map((child, i) => compile(child, `${path}.${key}[${i}]`));
			return key === 'and' ? (p) => children.every((c) => c(p)) : (p) => children.some((c) => c(p));
		}
		if (!(PRODUCT_LIST_FIELDS as readonly string[]).includes(key)) {
			throw invalid(
				`${path}.${key}`,
				`is not a product field (known: ${PRODUCT_LIST_FIELDS.join(', ')})`,
			);
		}
		if (!isObject(value) || Object.keys(value).length !== 1)
			throw invalid(
				`${path}.${key}`,
				'must be an object with one operator, e.g. {"i_contains":"..."}',
			);
		const [operator, operand] = Object.entries(value)[0];
		return condition(key, operator, operand, `${path}.${key}.${operator}`);
	});
	return (p) => parts.every((part) => part(p));
}

function condition(field: string, operator: string, operand: unknown, path: string): Predicate {
	if (!(FILTER_OPERATORS as readonly string[]).includes(operator))
		throw invalid(path, `is not an operator (known: ${FILTER_OPERATORS.join(', ')})`);
	const text = (p: Product): string => {
		if (field === 'price') return formatPrice(p.price, p.currency);
		const value = (p as unknown as Record<string, unknown>)[field];
		return value === undefined ? '' : String(value);
	};
	if (operator === 'is_any' || operator === 'is_not_any') {
		if (!Array.isArray(operand) || operand.some((v) => typeof v !== 'string'))
			throw invalid(path, 'must be an array of strings');
		const set = new Set(operand as string[]);
		return operator === 'is_any' ? (p) => set.has(text(p)) : (p) => !set.has(text(p));
	}
	if (['gt', 'gte', 'lt', 'lte'].includes(operator)) {
		if (typeof operand !== 'number') throw invalid(path, 'must be a number');
		const value = (p: Product) => (field === 'price' ? p.price : Number(text(p)));
		if (operator === 'gt') return (p) => value(p) > operand;
		if (operator === 'gte') return (p) => value(p) >= operand;
		if (operator === 'lt') return (p) => value(p) < operand;
		return (p) => value(p) <= operand;
	}
	if (typeof operand !== 'string') throw invalid(path, 'must be a string');
	const lower = operand.toLowerCase();
	switch (operator) {
		case 'eq':
			return (p) => text(p) === operand;
		case 'neq':
			return (p) => text(p) !== operand;
		case 'contains':
			return (p) => text(p).includes(operand);
		case 'i_contains':
			return (p) => text(p).toLowerCase().includes(lower);
		case 'not_contains':
			return (p) => !text(p).includes(operand);
		case 'i_not_contains':
			return (p) => !text(p).toLowerCase().includes(lower);
		case 'starts_with':
			return (p) => text(p).startsWith(operand);
		default:
			return (p) => text(p).toLowerCase().startsWith(lower);
	}
}
