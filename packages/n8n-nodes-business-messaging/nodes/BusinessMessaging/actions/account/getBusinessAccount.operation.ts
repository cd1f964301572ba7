import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { businessAccountLocator, locatorValue } from '../../helpers/locators';
import { retrySettings } from '../../helpers/requestOptions';
import { apiPath, apiRequest } from '../../transport';
import { showFor } from '../types';

const show = showFor('account', 'getBusinessAccount');

export const description: INodeProperties[] = [
	businessAccountLocator(show),
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'multiOptions',
		default: [],
		description: 'Which fields to return. Leave empty for all of them.',
		displayOptions: { show },
		options: [
			{ name: 'Currency', value: 'currency' },
			{ name: 'ID', value: 'id' },
			{ name: 'Message Template Namespace', value: 'message_template_namespace' },
			{ name: 'Name', value: 'name' },
			{ name: 'Time Zone ID', value: 'timezone_id' },
		],
	},
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const accountId = locatorValue.call(this, 'businessAccountId', itemIndex);
	const fields = this.getNodeParameter('fields', itemIndex, []) as string[];
	const account = await apiRequest.call(
		this,
		{
			method: 'GET',
			path: apiPath(this.getNode(), accountId),
			qs: fields.length ? { fields: fields.join(',') } : undefined,
		},
		{ itemIndex, retry: retrySettings.call(this, itemIndex) },
	);
	return [{ json: account as IDataObject }];
}
