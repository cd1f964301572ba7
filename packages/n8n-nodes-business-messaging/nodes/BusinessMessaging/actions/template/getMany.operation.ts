import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { businessAccountLocator, locatorValue } from '../../helpers/locators';
import { retrySettings } from '../../helpers/requestOptions';
import { returnAllFields } from '../../helpers/returnAll';
import { apiPath, apiRequest, apiRequestAllItems } from '../../transport';
import { showFor } from '../types';
import { LANGUAGES, STATUSES, TEMPLATE_FIELDS } from './templateFields';

const show = showFor('template', 'getMany');
/** The API's largest template page (the spec shows none; the platform's is 100). */
const PAGE_SIZE = 100;

export const description: INodeProperties[] = [
	businessAccountLocator(show),
	...returnAllFields(show),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		displayOptions: { show },
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
		displayOptions: { show },
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

/** GET /{business_account_id}/message_templates (4.3): newest first. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const context = { itemIndex, retry: retrySettings.call(this, itemIndex) };
	const accountId = locatorValue.call(this, 'businessAccountId', itemIndex);
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex, 50) as number);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// Cursors have no spaces: one pasted with a trailing space or new line still works.
	for (const key of ['after', 'before'])
		if (typeof options[key] === 'string') options[key] = (options[key] as string).trim();
	const qs: IDataObject = {};
	for (const key of ['status', 'name', 'language']) if (filters[key]) qs[key] = filters[key];
	if (Array.isArray(options.fields) && options.fields.length) qs.fields = options.fields.join(',');
	const request = {
		method: 'GET' as const,
		path: apiPath(this.getNode(), accountId, 'message_templates'),
		qs,
	};
	if (options.before) {
		// One page backwards: the page just before the cursor.
		const page = await apiRequest.call(
			this,
			{
				...request,
				qs: { ...qs, before: options.before, limit: Math.min(limit ?? PAGE_SIZE, PAGE_SIZE) },
			},
			context,
		);
		return ((page.data as IDataObject[] | undefined) ?? []).map((json) => ({ json }));
	}
	if (options.after) qs.after = options.after;
	const templates = await apiRequestAllItems.call(this, request, {
		...context,
		limit,
		pageSize: PAGE_SIZE,
	});
	return templates.map((json) => ({ json }));
}
