import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { businessAccountLocator, locatorValue } from '../../helpers/locators';
import { retrySettings } from '../../helpers/requestOptions';
import { checkedComponents } from '../../helpers/templateBuilder';
import { checkTemplateName, withRules } from '../../helpers/templateRules';
import { apiPath, apiRequest } from '../../transport';
import { showFor } from '../types';
import { componentFields } from './componentFields';
import { categoryField, LANGUAGES } from './templateFields';

const show = showFor('template', 'create');

export const description: INodeProperties[] = [
	businessAccountLocator(show),
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. order_confirmation',
		description: 'Lowercase letters, digits and underscores. It cannot be changed later.',
		hint: 'A deleted template’s name cannot be used again for 30 days',
		displayOptions: { show },
	},
	{
		displayName: 'Language',
		name: 'language',
		type: 'options',
		default: 'en_US',
		description: 'The language of the text. It cannot be changed later.',
		displayOptions: { show },
		options: LANGUAGES,
	},
	{ ...categoryField, required: true, displayOptions: { show } },
	{
		displayName: 'Define Content',
		name: 'componentsMode',
		type: 'options',
		default: 'builder',
		displayOptions: { show },
		options: [
			{ name: 'Build in the Form', value: 'builder' },
			{ name: 'Paste JSON', value: 'json', description: 'A components array, for power users' },
		],
	},
	...componentFields(show),
	{
		displayName:
			'New templates are reviewed before they can be sent (usually within minutes). The Business Messaging Trigger tells you when the review decides.',
		name: 'reviewNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
];

/** POST /{business_account_id}/message_templates (4.3): starts PENDING. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const context = { itemIndex, retry: retrySettings.call(this, itemIndex) };
	const accountId = locatorValue.call(this, 'businessAccountId', itemIndex);
	const name = String(this.getNodeParameter('name', itemIndex, '')).trim();
	const language = this.getNodeParameter('language', itemIndex) as string;
	const category = this.getNodeParameter('category', itemIndex) as string;
	await withRules(node, itemIndex, () => checkTemplateName(name));
	const components = await checkedComponents.call(this, itemIndex, category, context);
	const created = await apiRequest.call(
		this,
		{
			method: 'POST',
			path: apiPath(node, accountId, 'message_templates'),
			body: { name, language, category, components },
			idempotent: false,
		},
		context,
	);
	return [{ json: { ...(created as IDataObject), name, language } }];
}
