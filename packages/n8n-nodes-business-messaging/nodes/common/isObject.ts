import type { IDataObject } from 'n8n-workflow';

/** Whether `value` is a JSON object: not null, not a list. */
export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
