/**
 * JSON Schema pieces the route schemas share. The schemas document the API: requests are
 * validated against them but the routes' own checks answer (see app.ts), and answers are
 * written as the routes build them.
 */

export type Schema = Record<string, unknown>;

export const str: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };

/** The one error shape (errors.ts): every refusal, 4xx or 5xx, answers it. */
export const errorAnswer: Schema = {
	description: 'An error: the message names the field and the rule',
	type: 'object',
	required: ['error'],
	properties: {
		error: {
			type: 'object',
			required: ['message', 'type', 'code', 'fbtrace_id'],
			properties: {
				message: str,
				type: str,
				code: int,
				error_subcode: int,
				error_data: { type: 'object', properties: { field: str } },
				fbtrace_id: str,
			},
			additionalProperties: false,
		},
	},
	additionalProperties: false,
};

/** A route's answers: `ok` on success, the error shape otherwise. */
export function answers(ok: Schema): Schema {
	return { 200: ok, '4xx': errorAnswer, '5xx': errorAnswer };
}

/** A file sent as raw bytes, its type in Content-Type. */
export const fileAnswer: Schema = {
	description: 'The file, as raw bytes (Content-Type, Content-Length, Content-Disposition set)',
};

/** An object whose listed properties are all strings (the path parameters, a query string). */
export function strings(described: Record<string, string>, required: string[] = []): Schema {
	const properties: Record<string, Schema> = {};
	for (const [name, description] of Object.entries(described))
		properties[name] = { type: 'string', description };
	return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** Path parameters: the object ID in `/:id/...`. */
export function idParams(description: string): Schema {
	return strings({ id: description }, ['id']);
}

/** An object with exactly these properties, none required unless listed. */
export function closed(properties: Record<string, Schema>, required: string[] = []): Schema {
	return {
		type: 'object',
		properties,
		...(required.length > 0 ? { required } : {}),
		additionalProperties: false,
	};
}

export const success: Schema = closed({ success: { type: 'boolean', const: true } }, ['success']);

/** `{ok: true}`, the control API's answer when there is nothing else to tell. */
export const acknowledged: Schema = closed({ ok: { type: 'boolean', const: true } }, ['ok']);

/** Cursor paging of every list (paging.ts). */
export const paging: Schema = closed({ cursors: closed({ before: str, after: str }) }, ['cursors']);

/** The paging query parameters of a list. */
export const pageQuery = {
	limit: 'Page size, a whole number from 1 (capped at the configured maximum)',
	after: 'Cursor: the page after this one (paging.cursors.after of the previous page)',
	before: 'Cursor: the page before this one (paging.cursors.before)',
};
