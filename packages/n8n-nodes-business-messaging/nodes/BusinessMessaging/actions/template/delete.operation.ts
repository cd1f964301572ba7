import { type INodeProperties } from 'n8n-workflow';
import { deleteTemplate } from '../../../common/api/templates';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { businessAccountLocator } from '../../../common/fields/locators';
import { checkedId, locatorValue, requiredText } from '../../../common/parameters';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	businessAccountLocator(),
	{
		displayName: 'Template Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. order_confirmation',
	},
	{
		displayName: 'Delete',
		name: 'scope',
		type: 'options',
		default: 'all',
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
		description: 'The ID of the language version to delete, as Template › Get shows it',
		displayOptions: { show: { scope: ['one'] } },
	},
	{
		displayName:
			'Messages already sent are not affected. The name cannot be used for a new template for 30 days.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions(forOperation('template', 'delete'), properties);

/** Deletes a template (4.3): every language, or the one language whose ID is given. */
export const execute: ItemExecute = async function (item) {
	const node = this.getNode();
	const { itemIndex } = item;
	const name = requiredText(
		node,
		'Template Name',
		this.getNodeParameter('name', itemIndex, ''),
		itemIndex,
	);
	const one = this.getNodeParameter('scope', itemIndex, 'all') === 'one';
	const templateId = one
		? checkedId(node, 'Template ID', this.getNodeParameter('templateId', itemIndex, ''), itemIndex)
		: '';
	const result = await deleteTemplate.call(
		this,
		locatorValue.call(this, 'businessAccountId', itemIndex),
		{ name, ...(one ? { templateId } : {}) },
		item.request,
	);
	return [{ json: { ...result, name, ...(one ? { templateId } : {}) } }];
};
