import { ErrorCode, refused, type ApiError } from '../errors';
import { isObject, type Json } from '../validate';
import { characterCount } from '../characters';

/**
 * The small checks every message rule reads a field with: each refuses with 131009, "Parameter
 * value is not valid", naming the field's path and the rule broken.
 */

/** 131009: the value at `path` is not valid. */
export function bad(path: string, rule: string): ApiError {
	return refused(ErrorCode.parameterValue, `${path}: ${rule}`, path);
}

export function object(value: unknown, path: string): Json {
	if (!isObject(value)) throw bad(path, 'is required and must be a JSON object');
	return value;
}

export function list(
	value: unknown,
	path: string,
	min: number,
	max: number,
	what: string,
): unknown[] {
	if (!Array.isArray(value)) throw bad(path, `is required and must be an array of ${what}`);
	if (value.length < min) throw bad(path, `needs at least ${min} ${what} (got ${value.length})`);
	if (value.length > max)
		throw bad(`${path}[${max}]`, `at most ${max} ${what} (got ${value.length})`);
	return value;
}

export function text(obj: Json, key: string, path: string, max = Infinity): string {
	const value = obj[key];
	if (typeof value !== 'string' || value.trim() === '')
		throw bad(path, 'is required and must be a non-empty string');
	if (characterCount(value) > max)
		throw bad(path, `at most ${max} characters (got ${characterCount(value)})`);
	return value;
}

export function optionalText(
	obj: Json,
	key: string,
	path: string,
	max = Infinity,
): string | undefined {
	return obj[key] === undefined ? undefined : text(obj, key, path, max);
}
