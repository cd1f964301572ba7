import { NodeOperationError, type INodeProperties } from 'n8n-workflow';
import { editTemplate, getTemplate, type TemplateEdit } from '../../../common/api/templates';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { businessAccountLocator, templateLocator } from '../../../common/fields/locators';
import { locatorValue } from '../../../common/parameters';
import { templateIdOf } from '../../../common/templates/byName';
import { categoryField } from '../../../common/fields/template';
import { componentFields } from '../../../common/fields/templateComponents';
import { checkedComponents } from '../../../common/templates/components';
import type { ItemExecute } from '../types';

const EDITABLE = ['APPROVED', 'REJECTED', 'PAUSED'];

const properties: INodeProperties[] = [
	businessAccountLocator(),
	templateLocator(),
	{
		displayName:
			'Only approved, rejected or paused templates can be edited. An approved template can be edited once a day and 10 times in 30 days, and goes back to review: it cannot be sent until approved again. Name and language cannot change.',
		name: 'editNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Change Category',
		name: 'changeCategory',
		type: 'boolean',
		default: false,
	},
	{ ...categoryField, displayOptions: { show: { changeCategory: [true] } } },
	{
		displayName: 'Content',
		name: 'content',
		type: 'options',
		default: 'keep',
		description: 'An edit replaces the whole content: rebuild it with the form, or give it as JSON',
		options: [
			{ name: 'Keep As It Is', value: 'keep' },
			{ name: 'Rebuild in the Form', value: 'builder' },
			{ name: 'Replace With JSON', value: 'json' },
		],
	},
	...componentFields(),
];

export const description = updateDisplayOptions(forOperation('template', 'update'), properties);

/** An edit sends the template back to review on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Edits a template (4.3): refused early, with the reason, when its status does not allow it. */
export const execute: ItemExecute = async function (item) {
	const node = this.getNode();
	const { itemIndex } = item;
	const templateId = await templateIdOf.call(this, item, async () =>
		locatorValue.call(this, 'businessAccountId', itemIndex),
	);
	const mode = this.getNodeParameter('content', itemIndex, 'keep') as string;
	const changeCategory = this.getNodeParameter('changeCategory', itemIndex, false) as boolean;
	if (mode === 'keep' && !changeCategory) {
		throw new NodeOperationError(
			node,
			'Nothing to change: choose a new category, new content, or both',
			{ itemIndex },
		);
	}
	const current = await getTemplate.call(this, templateId, item.request);
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
	const edit: TemplateEdit = changeCategory ? { category } : {};
	// The variables keep the format the template was created with.
	if (mode !== 'keep')
		edit.components = await checkedComponents.call(
			this,
			item,
			category,
			current.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL',
		);
	const result = await editTemplate.call(this, templateId, edit, item.request);
	return [
		{
			json: {
				...result,
				id: templateId,
				name: current.name,
				language: current.language,
				status: 'PENDING',
			},
		},
	];
};
