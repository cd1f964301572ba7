import { PARAMETER_FORMATS, TEMPLATE_CATEGORIES, TEMPLATE_STATUSES } from '../model';
import {
	answers,
	closed,
	idParams,
	pageQuery,
	paging,
	str,
	strings,
	success,
	type Schema,
} from './common';

const category: Schema = { type: 'string', enum: [...TEMPLATE_CATEGORIES] };
const status: Schema = { type: 'string', enum: [...TEMPLATE_STATUSES] };
const parameterFormat: Schema = {
	description: 'POSITIONAL ({{1}}, the default) or NAMED ({{first_name}}) placeholders',
	type: 'string',
	enum: [...PARAMETER_FORMATS],
};
/** Components (spec 2.2): rules/templateComponents.ts checks each kind. */
const components: Schema = {
	description: 'HEADER, BODY (required), FOOTER, BUTTONS, LIMITED_TIME_OFFER: at most one each',
	type: 'array',
	minItems: 1,
	items: {
		type: 'object',
		required: ['type'],
		properties: {
			type: { type: 'string', enum: ['HEADER', 'BODY', 'FOOTER', 'BUTTONS', 'LIMITED_TIME_OFFER'] },
		},
	},
};

/**
 * A template as the API shows it: `id` and the requested fields (all without `fields`); with the
 * dialect's strictFields only the requested ones.
 */
export const templateAnswer: Schema = closed({
	id: str,
	name: str,
	language: str,
	status,
	category,
	components: { type: 'array', items: { type: 'object' } },
	parameter_format: parameterFormat,
	rejected_reason: str,
});

const accountParams = idParams('The business account ID');

export const listTemplatesSchema = {
	summary: 'List templates, newest first (4.3)',
	params: accountParams,
	querystring: strings({
		status: `One of ${TEMPLATE_STATUSES.join(', ')}`,
		name: 'Part of the name (case-insensitive); the dialect may ignore it (nameFilter)',
		language: 'Language code, e.g. en_US',
		fields: 'Comma-separated fields of the template to return (id always)',
		...pageQuery,
	}),
	response: answers(closed({ data: { type: 'array', items: templateAnswer }, paging }, ['data'])),
};

export const createTemplateSchema = {
	summary: 'Create a template; it is PENDING until the review decides (4.3)',
	params: accountParams,
	body: closed(
		{
			name: { type: 'string', pattern: '^[a-z0-9_]{1,512}$' },
			language: { type: 'string', pattern: '^[a-z]{2,3}(_[A-Z]{2})?$' },
			category,
			components,
			parameter_format: parameterFormat,
			allow_category_change: {
				description: 'Accepted, as the platform does; the sandbox ignores it',
			},
		},
		['name', 'language', 'category', 'components'],
	),
	response: answers(
		closed({ id: str, status: { type: 'string', const: 'PENDING' }, category }, [
			'id',
			'status',
			'category',
		]),
	),
};

export const deleteTemplateSchema = {
	summary: 'Delete a template by name (every language) or name and hsm_id (one language) (4.3)',
	params: accountParams,
	querystring: strings(
		{ name: 'The template name', hsm_id: 'The template ID, to delete one language only' },
		['name'],
	),
	response: answers(success),
};

/** POST /{template_id} with JSON: the edit (4.3, rule 5). */
export const editTemplateBody: Schema = {
	description: 'Send components, category or both; name and language cannot change',
	...closed({ components, category }),
	minProperties: 1,
};
