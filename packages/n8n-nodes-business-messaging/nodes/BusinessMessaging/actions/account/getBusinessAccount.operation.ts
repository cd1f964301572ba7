import type { INodeProperties } from 'n8n-workflow';
import { getBusinessAccount, type BusinessAccountField } from '../../../common/api/account';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { businessAccountLocator } from '../../../common/fields/locators';
import { locatorValue } from '../../../common/parameters';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	businessAccountLocator(),
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'multiOptions',
		default: [],
		description: 'Which fields to return. Leave empty for all of them.',
		options: [
			{ name: 'Currency', value: 'currency' },
			{ name: 'ID', value: 'id' },
			{ name: 'Message Template Namespace', value: 'message_template_namespace' },
			{ name: 'Name', value: 'name' },
			{ name: 'Time Zone ID', value: 'timezone_id' },
		],
	},
];

export const description = updateDisplayOptions(
	forOperation('account', 'getBusinessAccount'),
	properties,
);

/** The business account as the API returns it (4.7). */
export const execute: ItemExecute = async function (item) {
	const accountId = locatorValue.call(this, 'businessAccountId', item.itemIndex);
	const fields = this.getNodeParameter('fields', item.itemIndex, []) as BusinessAccountField[];
	return [{ json: await getBusinessAccount.call(this, accountId, fields, item.request) }];
};
