import type { FastifyRequest } from 'fastify';
import { fieldsToAnswer, nameFilter, pagingOf } from '../dialect';
import { ErrorCode, invalid, notFound, refused } from '../errors';
import { jsonBody, param, query, requiredQuery, type Endpoint, type SandboxPlugin } from '../http';
import {
	PARAMETER_FORMATS,
	TEMPLATE_CATEGORIES,
	TEMPLATE_STATUSES,
	type ParameterFormat,
	type Template,
	type TemplateCategory,
} from '../model';
import { paginate } from '../paging';
import { validateComponents, type ValidationContext } from '../rules/templateComponents';
import { timeToLive } from '../rules/templateTtl';
import type { SandboxState } from '../sandbox';
import {
	commaFields,
	oneOf,
	onlyKeys,
	pick,
	queryInteger,
	requireString,
	type Json,
} from '../validate';

const TEMPLATE_FIELDS = [
	'id',
	'name',
	'language',
	'status',
	'category',
	'components',
	'parameter_format',
	'message_send_ttl_seconds',
	'rejected_reason',
] as const;
const NAME_PATTERN = /^[a-z0-9_]{1,512}$/;
const LANGUAGE_PATTERN = /^[a-z]{2,3}(_[A-Z]{2})?$/;
const DAY_MS = 24 * 60 * 60 * 1000;
export const EDIT_LIMITS = { minIntervalMs: DAY_MS, perWindow: 10, windowMs: 30 * DAY_MS } as const;
export const NAME_BLOCK_MS = 30 * DAY_MS;
const EDITABLE = ['APPROVED', 'REJECTED', 'PAUSED'];

/** A template as the API shows it: these fields (all of them by default). */
export function templateView(
	template: Template,
	fields: readonly string[] = TEMPLATE_FIELDS,
): Json {
	return pick(template, fields);
}

export const templateRoutes: SandboxPlugin = async (app, { sandbox }) => {
	const store = () => sandbox.store;

	/** List (4.3): newest first, filtered by status (and, as the platform does, name and language). */
	app.get('/:id/message_templates', async (request) => {
		const account = store().account(request.apiKey, param(request, 'id'));
		const status = query(request, 'status');
		if (status !== undefined) oneOf(status, TEMPLATE_STATUSES, 'status');
		const fields = fieldsToAnswer(
			sandbox.dialect,
			commaFields(query(request, 'fields'), TEMPLATE_FIELDS),
			TEMPLATE_FIELDS,
		);
		const name = nameFilter(sandbox.dialect, query(request, 'name'))?.toLowerCase();
		const language = query(request, 'language');
		const { default: defaultSize, max } = sandbox.config.templatePageSize;
		const limit = Math.min(queryInteger(query(request, 'limit'), 'limit', 1, defaultSize), max);
		const templates = store()
			.templatesOf(account.id)
			.filter(
				(t) =>
					(status === undefined || t.status === status) &&
					(!name || t.name.includes(name)) &&
					(!language || t.language === language),
			)
			.sort((a, b) => b.seq - a.seq);
		const page = paginate(templates, (t) => -t.seq, `templates:${account.id}`, {
			limit,
			after: query(request, 'after'),
			before: query(request, 'before'),
		});
		return {
			data: page.data.map((t) => templateView(t, fields)),
			...pagingOf(sandbox.dialect, request, page),
		};
	});

	/** Create (4.3, rule 3): validated, then PENDING until the review decides. */
	app.post('/:id/message_templates', async (request) => {
		const account = store().account(request.apiKey, param(request, 'id'));
		const body = jsonBody(request);
		onlyKeys(
			body,
			[
				'name',
				'language',
				'category',
				'components',
				'parameter_format',
				'message_send_ttl_seconds',
				'allow_category_change',
			],
			'',
		);
		const name = requireString(body, 'name', 'name');
		if (!NAME_PATTERN.test(name))
			throw invalid(
				'name',
				'must be 1 to 512 lowercase letters, digits or underscores (^[a-z0-9_]{1,512}$)',
			);
		const language = requireString(body, 'language', 'language');
		if (!LANGUAGE_PATTERN.test(language))
			throw invalid('language', 'must be a language code such as en, en_US or pt_BR');
		const category = oneOf(body.category, TEMPLATE_CATEGORIES, 'category');
		const parameterFormat =
			body.parameter_format === undefined
				? undefined
				: oneOf(body.parameter_format, PARAMETER_FORMATS, 'parameter_format');
		const ttl =
			body.message_send_ttl_seconds === undefined
				? undefined
				: timeToLive(body.message_send_ttl_seconds, category);
		const components = validateComponents(
			body.components,
			handleContext(sandbox, request.apiKey, category, parameterFormat),
		);
		if (
			store()
				.templatesOf(account.id)
				.some((t) => t.name === name && t.language === language)
		) {
			throw refused(
				ErrorCode.templateExists,
				`A template named ${name} in ${language} already exists; edit it, or pick another name`,
				'name',
			);
		}
		const blockedUntil = store().blockedUntil(account.id, name, language, sandbox.now());
		if (blockedUntil !== undefined) {
			throw refused(
				ErrorCode.templateNameBlocked,
				`The name ${name} was deleted less than 30 days ago and cannot be used again until ${new Date(blockedUntil).toISOString()}`,
				'name',
			);
		}
		const template: Template = {
			id: store().newId('template'),
			seq: store().nextSeq(),
			accountId: account.id,
			name,
			language,
			status: 'PENDING',
			category,
			components,
			...(parameterFormat ? { parameter_format: parameterFormat } : {}),
			...(ttl !== undefined ? { message_send_ttl_seconds: ttl } : {}),
			approvedEdits: [],
		};
		store().templates.set(template.id, template);
		sandbox.scheduleReview(template);
		return { id: template.id, status: template.status, category: template.category };
	});

	/** Delete (4.3, rule 6): by name (every language) or name + hsm_id (one language). */
	app.delete('/:id/message_templates', async (request) => {
		const account = store().account(request.apiKey, param(request, 'id'));
		const name = requiredQuery(request, 'name');
		const hsmId = query(request, 'hsm_id');
		const named = store()
			.templatesOf(account.id)
			.filter((t) => t.name === name);
		const doomed = hsmId === undefined ? named : named.filter((t) => t.id === hsmId);
		if (doomed.length === 0)
			throw notFound('Template', hsmId === undefined ? name : `${name} (hsm_id ${hsmId})`);
		const until = sandbox.now() + NAME_BLOCK_MS;
		for (const template of doomed) {
			store().templates.delete(template.id);
			store().blockName(account.id, name, hsmId === undefined ? '*' : template.language, until);
		}
		return { success: true };
	});
};

/** Edit (4.3, rule 5; limits of section 8). */
export function editTemplate(
	sandbox: SandboxState,
	request: FastifyRequest,
	template: Template,
): Json {
	const body = jsonBody(request);
	for (const fixed of ['name', 'language']) {
		if (body[fixed] !== undefined)
			throw invalid(fixed, 'cannot be changed after creation; create a new template instead');
	}
	onlyKeys(body, ['components', 'category'], '');
	if (body.components === undefined && body.category === undefined)
		throw invalid('components', 'send components, category or both');
	if (!EDITABLE.includes(template.status)) {
		throw refused(
			ErrorCode.templateNotEditable,
			`Template ${template.name} is ${template.status}; only APPROVED, REJECTED or PAUSED templates can be edited`,
		);
	}
	const now = sandbox.now();
	if (template.status === 'APPROVED') {
		const recent = template.approvedEdits.filter((t) => now - t < EDIT_LIMITS.windowMs);
		const last = Math.max(...recent, -Infinity);
		if (now - last < EDIT_LIMITS.minIntervalMs) {
			throw refused(
				ErrorCode.templateEditLimit,
				`An approved template can be edited once a day; next edit allowed after ${new Date(last + EDIT_LIMITS.minIntervalMs).toISOString()}`,
			);
		}
		if (recent.length >= EDIT_LIMITS.perWindow) {
			throw refused(
				ErrorCode.templateEditLimit,
				`An approved template can be edited at most ${EDIT_LIMITS.perWindow} times in 30 days`,
			);
		}
	}
	const category: TemplateCategory =
		body.category === undefined
			? template.category
			: oneOf(body.category, TEMPLATE_CATEGORIES, 'category');
	const components = validateComponents(
		body.components ?? template.components,
		handleContext(sandbox, request.apiKey, category, template.parameter_format),
	);
	if (template.status === 'APPROVED') template.approvedEdits.push(now);
	template.category = category;
	template.components = components;
	template.status = 'PENDING';
	delete template.rejected_reason;
	sandbox.scheduleReview(template);
	return { success: true };
}

function handleContext(
	sandbox: SandboxState,
	apiKey: string,
	category: TemplateCategory,
	parameterFormat: ParameterFormat = 'POSITIONAL',
): ValidationContext {
	return {
		category,
		parameterFormat,
		handleFileType: (handle: string) => {
			const record = sandbox.store.uploadHandles.get(handle);
			return record && record.apiKey === apiKey ? record.fileType : undefined;
		},
	};
}

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		spec: '4.3',
		route:
			'`GET /{business_account_id}/message_templates?status&fields&limit&after&before&name&language`',
		notes: 'newest first',
	},
	{
		spec: '4.3',
		route: '`POST /{business_account_id}/message_templates`',
		notes: '`{id, status:"PENDING", category}`',
	},
	{ spec: '4.3', route: '`GET /{template_id}`, `POST /{template_id}` (edit)' },
	{ spec: '4.3', route: '`DELETE /{business_account_id}/message_templates?name&hsm_id`' },
];
