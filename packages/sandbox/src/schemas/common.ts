/**
 * JSON Schema pieces the route schemas share. The schemas document the API: requests are
 * validated against them but the routes' own checks answer (see app.ts), and answers are
 * written as the routes build them.
 */

export type Schema = Record<string, unknown>;

export const str: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };

const code: Schema = {
	type: ['integer', 'string'],
	description: 'A number, or a string (errorCodes)',
};

/** The Graph-style error (errors.ts): every refusal of the control API, and of the API by default. */
export const graphError: Schema = {
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
				code,
				error_subcode: code,
				error_data: {
					type: 'object',
					properties: {
						field: str,
						messaging_product: { type: 'string', const: 'whatsapp' },
						details: { type: 'string', description: "Meta's details (131062)" },
					},
					additionalProperties: false,
				},
				is_transient: { type: 'boolean', description: 'graphFull' },
				error_user_title: { type: 'string', description: 'graphFull' },
				error_user_msg: { type: 'string', description: 'graphFull' },
				fbtrace_id: str,
			},
			additionalProperties: false,
		},
	},
	additionalProperties: false,
};

/**
 * Every refusal of the API, 4xx or 5xx: the Graph-style error, or the shape the dialect's
 * errorShape names (dialect.ts). `text` and `html` answer text (text/plain, text/html) and
 * `empty` no body at all.
 */
export const errorAnswer: Schema = {
	description: 'An error, in the shape of the dialect in force (Graph-style by default)',
	anyOf: [
		graphError,
		closed(
			{
				code,
				status: { type: 'string', const: 'FAILURE' },
				message: str,
				error_code: code,
				error_subcode: code,
				trace_id: str,
			},
			['code', 'status', 'message', 'error_code', 'trace_id'],
		),
		closed({ error: str }, ['error']),
		closed(
			{
				errors: {
					type: 'array',
					minItems: 1,
					items: closed({ code, title: str, detail: str }, ['code', 'title', 'detail']),
				},
			},
			['errors'],
		),
		closed({ message: str }, ['message']),
		{ type: 'string', description: 'text (text/plain) or html (text/html)' },
	],
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

/**
 * Cursor paging of every list (paging.ts); the dialect may leave out `before`, leave `paging` off
 * the last page, or add `next` / `previous` URLs (dialect.ts).
 */
export const paging: Schema = closed(
	{ cursors: closed({ before: str, after: str }), next: str, previous: str },
	['cursors'],
);

/** The paging query parameters of a list. */
export const pageQuery = {
	limit: 'Page size, a whole number from 1 (capped at the configured maximum)',
	after: 'Cursor: the page after this one (paging.cursors.after of the previous page)',
	before: 'Cursor: the page before this one (paging.cursors.before)',
};
