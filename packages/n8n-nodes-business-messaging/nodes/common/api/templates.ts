import type { IDataObject } from 'n8n-workflow';
import {
	apiPath,
	nextCursor,
	requestAllPages,
	requestJson,
	type Context,
	type Page,
	type RequestContext,
} from '../transport';

/** A template (2.2): only the fields asked for when a list names `fields`. */
export interface Template extends IDataObject {
	id?: string;
	name?: string;
	language?: string;
	status?: string;
	category?: string;
	rejected_reason?: string;
	components?: IDataObject[];
	/** NAMED when the placeholders are names (`{{first_name}}`); absent or POSITIONAL otherwise. */
	parameter_format?: string;
}

export type TemplateField =
	| 'id'
	| 'name'
	| 'language'
	| 'status'
	| 'category'
	| 'rejected_reason'
	| 'components';

/** What a template list asks for (4.3); `name` and `language` are filters the platform takes. */
export interface TemplateQuery {
	status?: string;
	name?: string;
	language?: string;
	fields?: TemplateField[];
}

export interface TemplatePage {
	templates: Template[];
	/** The next page's cursor; absent on the last page. */
	after?: string;
}

/** The API's largest template page (the spec shows none; the platform's is 100). */
export const TEMPLATE_PAGE_SIZE = 100;

export interface NewTemplate extends IDataObject {
	name: string;
	language: string;
	category: string;
	components: IDataObject[];
	/** Sent only for NAMED: POSITIONAL is the API's default. */
	parameter_format?: 'NAMED';
	/** How long the platform tries to deliver its messages; left out, the platform's default. */
	message_send_ttl_seconds?: number;
}

/** The answer to a create: the new template's ID, status (PENDING) and category. */
export interface CreatedTemplate extends IDataObject {
	id?: string;
	status?: string;
	category?: string;
}

/** The answer of an edit or a delete. */
export interface Success extends IDataObject {
	success?: boolean;
}

export interface TemplateEdit extends IDataObject {
	category?: string;
	components?: IDataObject[];
}

function listQuery(query: TemplateQuery): IDataObject {
	const qs: IDataObject = {};
	if (query.status) qs.status = query.status;
	if (query.name) qs.name = query.name;
	if (query.language) qs.language = query.language;
	if (query.fields?.length) qs.fields = fieldsToAsk(query).join(',');
	return qs;
}

/**
 * The fields a list asks for: those chosen, the ID (every template is addressed by it), and the
 * fields filtered on, which are checked again here (a server may return only what is asked).
 */
function fieldsToAsk(query: TemplateQuery): TemplateField[] {
	const fields = new Set<TemplateField>(['id', ...(query.fields ?? [])]);
	if (query.status) fields.add('status');
	if (query.name) fields.add('name');
	if (query.language) fields.add('language');
	return [...fields];
}

function filters(query: TemplateQuery): boolean {
	return Boolean(query.status || query.name?.trim() || query.language);
}

/**
 * Whether a template passes the list's filters. Only `status` is in the spec's list query; `name`
 * (a part of the name) and `language` are the platform's, and a server may ignore any of them:
 * the node applies them again to what comes back.
 */
function inQuery(query: TemplateQuery): (template: Template) => boolean {
	const name = query.name?.trim().toLowerCase();
	return (t) =>
		(!query.status || t.status === query.status) &&
		(!name ||
			String(t.name ?? '')
				.toLowerCase()
				.includes(name)) &&
		(!query.language || t.language === query.language);
}

function listPath(context: Context, businessAccountId: string): string {
	return apiPath(
		context.getNode(),
		{ 'Business account ID': businessAccountId },
		'message_templates',
	);
}

/** GET /{business_account_id}/message_templates (4.3): one page, newest first. */
export async function listTemplatePage(
	this: Context,
	businessAccountId: string,
	query: TemplateQuery,
	page: { limit: number; after?: string; before?: string },
	request: RequestContext = {},
): Promise<TemplatePage> {
	const response = await requestJson<Page<Template>>(
		this,
		{
			method: 'GET',
			path: listPath(this, businessAccountId),
			qs: {
				...listQuery(query),
				limit: page.limit,
				...(page.after ? { after: page.after } : {}),
				...(page.before ? { before: page.before } : {}),
			},
		},
		request,
	);
	return {
		templates: (response.data ?? []).filter(inQuery(query)),
		after: nextCursor(response),
	};
}

/** The same list across pages, from `after` on, up to `limit` templates (all without one). */
export async function listTemplates(
	this: Context,
	businessAccountId: string,
	query: TemplateQuery,
	paging: { limit?: number; after?: string },
	request: RequestContext = {},
): Promise<Template[]> {
	const qs = { ...listQuery(query), ...(paging.after ? { after: paging.after } : {}) };
	return await requestAllPages<Template>(
		this,
		{ method: 'GET', path: listPath(this, businessAccountId), qs },
		{
			...request,
			limit: paging.limit,
			pageSize: TEMPLATE_PAGE_SIZE,
			// Without filters nothing is dropped, so the last page asks only for what is missing.
			...(filters(query) ? { keep: inQuery(query) } : {}),
		},
	);
}

/** GET /{template_id} (4.3). */
export async function getTemplate(
	this: Context,
	templateId: string,
	request: RequestContext = {},
): Promise<Template> {
	return await requestJson<Template>(
		this,
		{ method: 'GET', path: apiPath(this.getNode(), { 'Template ID': templateId }) },
		request,
	);
}

/** POST /{business_account_id}/message_templates (4.3): submitted for review, PENDING. */
export async function createTemplate(
	this: Context,
	businessAccountId: string,
	template: NewTemplate,
	request: RequestContext = {},
): Promise<CreatedTemplate> {
	return await requestJson<CreatedTemplate>(
		this,
		{ method: 'POST', path: listPath(this, businessAccountId), body: template, idempotent: false },
		request,
	);
}

/** POST /{template_id} (4.3): a new category, a whole new components list, or both. */
export async function editTemplate(
	this: Context,
	templateId: string,
	edit: TemplateEdit,
	request: RequestContext = {},
): Promise<Success> {
	return await requestJson<Success>(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), { 'Template ID': templateId }),
			body: edit,
			idempotent: false,
		},
		request,
	);
}

/** DELETE /{business_account_id}/message_templates (4.3): every language, or one by its ID. */
export async function deleteTemplate(
	this: Context,
	businessAccountId: string,
	which: { name: string; templateId?: string },
	request: RequestContext = {},
): Promise<Success> {
	return await requestJson<Success>(
		this,
		{
			method: 'DELETE',
			path: listPath(this, businessAccountId),
			qs: { name: which.name, ...(which.templateId ? { hsm_id: which.templateId } : {}) },
		},
		request,
	);
}
