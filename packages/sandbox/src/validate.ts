import { invalid } from './errors';
import { characterCount } from './characters';

/** Small checks that turn a bad request field into a 400 naming the field and the rule. */

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requireObject(value: unknown, field: string): Json {
	if (!isObject(value)) throw invalid(field, 'must be a JSON object');
	return value;
}

export function requireString(obj: Json, key: string, path: string, maxLength = Infinity): string {
	const value = obj[key];
	if (typeof value !== 'string' || value.length === 0)
		throw invalid(path, 'is required and must be a non-empty string');
	if (characterCount(value) > maxLength)
		throw invalid(path, `must be at most ${maxLength} characters (got ${characterCount(value)})`);
	return value;
}

export function optionalString(
	obj: Json,
	key: string,
	path: string,
	maxLength = Infinity,
): string | undefined {
	if (obj[key] === undefined) return undefined;
	return requireString(obj, key, path, maxLength);
}

export function requireArray(obj: Json, key: string, path: string): unknown[] {
	const value = obj[key];
	if (!Array.isArray(value)) throw invalid(path, 'is required and must be an array');
	return value;
}

export function requireStringArray(obj: Json, key: string, path: string): string[] {
	const values = requireArray(obj, key, path);
	values.forEach((v, i) => {
		if (typeof v !== 'string' || v.length === 0)
			throw invalid(`${path}[${i}]`, 'must be a non-empty string');
	});
	return values as string[];
}

export function requireInteger(
	obj: Json,
	key: string,
	path: string,
	min = -Infinity,
	max = Infinity,
): number {
	const value = obj[key];
	if (typeof value !== 'number' || !Number.isSafeInteger(value))
		throw invalid(path, 'is required and must be an integer');
	if (value < min || value > max)
		throw invalid(path, `must be between ${min} and ${max} (got ${value})`);
	return value;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
	if (typeof value !== 'string' || !allowed.includes(value as T)) {
		throw invalid(
			path,
			`must be one of ${allowed.join(', ')}${value === undefined ? '' : ` (got ${JSON.stringify(value)})`}`,
		);
	}
	return value as T;
}

/** Rejects keys that the endpoint does not know, so typos fail loudly instead of being ignored. */
export function onlyKeys(obj: Json, allowed: readonly string[], path: string): void {
	for (const key of Object.keys(obj)) {
		if (!allowed.includes(key))
			throw invalid(
				path ? `${path}.${key}` : key,
				`is not a known field (known: ${allowed.join(', ')})`,
			);
	}
}

/** Parses an integer query parameter; absent gives the fallback. */
export function queryInteger(
	raw: string | undefined,
	field: string,
	min: number,
	fallback: number,
): number {
	if (raw === undefined || raw === '') return fallback;
	if (!/^\d+$/.test(raw))
		throw invalid(field, `must be a whole number (got ${JSON.stringify(raw)})`);
	const value = Number(raw);
	if (value < min) throw invalid(field, `must be at least ${min}`);
	return value;
}

export function queryBoolean(raw: string | undefined, field: string): boolean {
	if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
	if (raw === 'true' || raw === '1') return true;
	throw invalid(field, `must be true or false (got ${JSON.stringify(raw)})`);
}

/** Parses a comma-separated `fields` list against the names a resource has. */
export function commaFields(
	raw: string | undefined,
	known: readonly string[],
	field = 'fields',
): string[] | undefined {
	if (raw === undefined || raw.trim() === '') return undefined;
	const names = raw
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	for (const name of names) {
		if (!known.includes(name))
			throw invalid(field, `unknown field ${JSON.stringify(name)} (known: ${known.join(', ')})`);
	}
	return names;
}

export function pick<T extends object>(record: T, names: readonly string[]): Json {
	const out: Json = {};
	for (const name of names) {
		const value = (record as Json)[name];
		if (value !== undefined) out[name] = value;
	}
	return out;
}
