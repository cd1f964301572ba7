import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import {
	businessAccountLocator,
	locatorValue,
	templateIdOf,
	templateLocator,
} from '../../helpers/locators';
import { retrySettings } from '../../helpers/requestOptions';
import { checkedComponents } from '../../helpers/templateBuilder';
import { apiPath, apiRequest } from '../../transport';
import { showFor } from '../types';
import { componentFields } from './componentFields';
import { categoryField } from './templateFields';

const show = showFor('template', 'update');
const EDITABLE = ['APPROVED', 'REJECTED', 'PAUSED'];

export const description: INodeProperties[] = [
	businessAccountLocator(show),
	templateLocator(show),
	{
		displayName:
			'Only approved, rejected or paused templates can be edited. An approved template can be edited once a day and 10 times in 30 days, and goes back to review: it cannot be sent until approved again. Name and language cannot change.',
		name: 'editNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	{
		displayName: 'Change Category',
		name: 'changeCategory',
		type: 'boolean',
		default: false,
		displayOptions: { show },
	},
	{ ...categoryField, displayOptions: { show: { ...show, changeCategory: [true] } } },
	{
		displayName: 'Content',
		name: 'componentsMode',
		type: 'options',
		default: 'keep',
		description: 'An edit replaces the whole content: rebuild it with the form, or give it as JSON',
		displayOptions: { show },
		options: [
			{ name: 'Keep As It Is', value: 'keep' },
			{ name: 'Rebuild in the Form', value: 'builder' },
			{ name: 'Replace With JSON', value: 'json' },
		],
	},
	...componentFields(show),
];

/** POST /{template_id} (4.3): refused early, with the reason, when the status does not allow it. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const context = { itemIndex, retry: retrySettings.call(this, itemIndex) };
	const templateId = await templateIdOf.call(
		this,
		itemIndex,
		async () => locatorValue.call(this, 'businessAccountId', itemIndex),
		context,
	);
	const mode = this.getNodeParameter('componentsMode', itemIndex, 'keep') as string;
	const changeCategory = this.getNodeParameter('changeCategory', itemIndex, false) as boolean;
	if (mode === 'keep' && !changeCategory) {
		throw new NodeOperationError(
			node,
			'Nothing to change: choose a new category, new content, or both',
			{ itemIndex },
		);
	}
	const path = apiPath(node, templateId);
	const current = await apiRequest.call(this, { method: 'GET', path }, context);
	const status = String(current.status);
	if (!EDITABLE.includes(status)) {
		throw new NodeOperationError(
			node,
			`Template ${String(current.name)} is ${status}: only APPROVED, REJECTED or PAUSED templates can be edited`,
			{
				itemIndex,
				description:
					status === 'PENDING' ? 'Wait for the review to decide, then edit it.' : undefined,
			},
		);
	}
	const category = changeCategory
		? (this.getNodeParameter('category', itemIndex) as string)
		: String(current.category);
	const body: IDataObject = changeCategory ? { category } : {};
	if (mode !== 'keep')
		body.components = await checkedComponents.call(this, itemIndex, category, context);
	const result = await apiRequest.call(
		this,
		{ method: 'POST', path, body, idempotent: false },
		context,
	);
	return [
		{
			json: {
				...(result as IDataObject),
				id: templateId,
				name: current.name,
				language: current.language,
				status: 'PENDING',
			},
		},
	];
}
