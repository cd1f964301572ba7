import type { IDataObject, INodeProperties } from 'n8n-workflow';
import {
	listTemplatePage,
	listTemplates,
	TEMPLATE_PAGE_SIZE,
	type TemplateField,
} from '../../../common/api/templates';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { businessAccountLocator } from '../../../common/fields/locators';
import { locatorValue, resultLimit } from '../../../common/parameters';
import { returnAllFields } from '../../../common/fields/returnAll';
import { LANGUAGES, STATUSES, TEMPLATE_FIELDS } from '../../../common/fields/template';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	businessAccountLocator(),
	...returnAllFields,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		options: [
			{
				displayName: 'Language',
				name: 'language',
				type: 'options',
				default: 'en_US',
				options: LANGUAGES,
			},
			{
				displayName: 'Name Contains',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. order',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				default: 'APPROVED',
				options: STATUSES,
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'After Cursor',
				name: 'after',
				type: 'string',
				default: '',
				description: 'Start after this cursor (paging.cursors.after of an earlier page)',
			},
			{
				displayName: 'Before Cursor',
				name: 'before',
				type: 'string',
				default: '',
				description: 'Return the page before this cursor (paging.cursors.before of a later page)',
			},
			{
				displayName: 'Fields',
				name: 'fields',
				type: 'multiOptions',
				default: [],
				description: 'Which fields to return (the ID always comes). Leave empty for all of them.',
				options: TEMPLATE_FIELDS,
			},
		],
	},
];

export const description = updateDisplayOptions(forOperation('template', 'getMany'), properties);

/** The templates of a business account (4.3), newest first. */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const accountId = locatorValue.call(this, 'businessAccountId', itemIndex);
	const limit = resultLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// Cursors have no spaces: one pasted with a trailing space or new line still works.
	const cursor = (key: 'after' | 'before') =>
		typeof options[key] === 'string' ? (options[key] as string).trim() : undefined;
	const query = {
		status: filters.status as string | undefined,
		name: filters.name as string | undefined,
		language: filters.language as string | undefined,
		fields: Array.isArray(options.fields) ? (options.fields as TemplateField[]) : undefined,
	};
	const before = cursor('before');
	if (before) {
		// One page backwards: the page just before the cursor.
		const page = await listTemplatePage.call(
			this,
			accountId,
			query,
			{ limit: Math.min(limit ?? TEMPLATE_PAGE_SIZE, TEMPLATE_PAGE_SIZE), before },
			item.request,
		);
		return page.templates.map((json) => ({ json }));
	}
	const templates = await listTemplates.call(
		this,
		accountId,
		query,
		{ limit, after: cursor('after') },
		item.request,
	);
	return templates.map((json) => ({ json }));
};
