import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { businessAccountLocator, locatorValue } from '../../helpers/locators';
import { retrySettings } from '../../helpers/requestOptions';
import { apiPath, apiRequest } from '../../transport';
import { showFor } from '../types';

const show = showFor('template', 'delete');

export const description: INodeProperties[] = [
	businessAccountLocator(show),
	{
		displayName: 'Template Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. order_confirmation',
		displayOptions: { show },
	},
	{
		displayName: 'Delete',
		name: 'scope',
		type: 'options',
		default: 'all',
		displayOptions: { show },
		options: [
			{ name: 'All Languages', value: 'all', description: 'Every language of the template' },
			{
				name: 'One Language',
				value: 'one',
				description: 'Only the language with the template ID below',
			},
		],
	},
	{
		displayName: 'Template ID',
		name: 'templateId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1234567890123456',
		description: 'The ID of the language version to delete (hsm_id)',
		displayOptions: { show: { ...show, scope: ['one'] } },
	},
	{
		displayName:
			'Messages already sent are not affected. The name cannot be used for a new template for 30 days.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
];

/** DELETE /{business_account_id}/message_templates?name[&hsm_id] (4.3). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const name = String(this.getNodeParameter('name', itemIndex, '')).trim();
	if (!name) throw new NodeOperationError(node, 'Template Name is required', { itemIndex });
	const one = this.getNodeParameter('scope', itemIndex, 'all') === 'one';
	const hsmId = one ? String(this.getNodeParameter('templateId', itemIndex, '')).trim() : '';
	if (one && !/^\d+$/.test(hsmId))
		throw new NodeOperationError(
			node,
			'Template ID must be the ID of one language version (digits only)',
			{ itemIndex },
		);
	const result = await apiRequest.call(
		this,
		{
			method: 'DELETE',
			path: apiPath(
				node,
				locatorValue.call(this, 'businessAccountId', itemIndex),
				'message_templates',
			),
			qs: { name, ...(one ? { hsm_id: hsmId } : {}) },
		},
		{ itemIndex, retry: retrySettings.call(this, itemIndex) },
	);
	return [{ json: { ...result, name, ...(one ? { hsm_id: hsmId } : {}) } }];
}
