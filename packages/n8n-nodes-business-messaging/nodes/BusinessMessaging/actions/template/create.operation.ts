import { NodeOperationError, type INodeProperties } from 'n8n-workflow';
import { createTemplate } from '../../../common/api/templates';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { businessAccountLocator } from '../../../common/fields/locators';
import { locatorValue } from '../../../common/parameters';
import { categoryField, LANGUAGES } from '../../../common/fields/template';
import { componentFields } from '../../../common/fields/templateComponents';
import { checkTemplateName, checkTimeToLive, withRules } from '../../../common/rules/templateRules';
import { checkedComponents } from '../../../common/templates/components';
import { reviewWaitFields, waitForReview } from '../../../common/templates/reviewWait';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	businessAccountLocator(),
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. order_confirmation',
		description: 'Lowercase letters, digits and underscores. It cannot be changed later.',
		hint: 'A deleted template’s name cannot be used again for 30 days',
	},
	{
		displayName: 'Language',
		name: 'language',
		type: 'options',
		default: 'en_US',
		description: 'The language of the text. It cannot be changed later.',
		options: LANGUAGES,
	},
	{ ...categoryField, required: true },
	{
		displayName: 'Parameter Format',
		name: 'parameterFormat',
		type: 'options',
		default: 'POSITIONAL',
		description: 'How the header and body variables are written',
		options: [
			{
				name: 'Named',
				value: 'NAMED',
				description:
					'Named variables of lowercase letters, digits and underscores: {{first_name}}, {{order_id}}',
			},
			{
				name: 'Positional',
				value: 'POSITIONAL',
				description: 'Numbered variables: {{1}}, {{2}}, …',
			},
		],
	},
	{
		displayName: 'Define Content',
		name: 'content',
		type: 'options',
		default: 'builder',
		options: [
			{ name: 'Build in the Form', value: 'builder' },
			{ name: 'Paste JSON', value: 'json', description: 'A components array, for power users' },
		],
	},
	...componentFields(),
	{
		displayName: 'Time-to-Live (Seconds)',
		name: 'ttlSeconds',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			'How long the platform keeps trying to deliver a message of this template when the phone is off. 0: the platform’s default (10 minutes for authentication, 30 days otherwise). Authentication 30 to 900; utility 30 to 43,200; marketing 43,200 to 2,592,000, through the Marketing Messages API.',
	},
	{
		displayName:
			'New templates are reviewed before they can be sent (usually within minutes). The Business Messaging Trigger tells you when the review decides, or this node waits for it below.',
		name: 'reviewNotice',
		type: 'notice',
		default: '',
	},
	...reviewWaitFields,
];

export const description = updateDisplayOptions(forOperation('template', 'create'), properties);

/** A create submits a template for review on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Submits a new template (4.3): it starts PENDING. */
export const execute: ItemExecute = async function (item) {
	const node = this.getNode();
	const { itemIndex } = item;
	const accountId = locatorValue.call(this, 'businessAccountId', itemIndex);
	const name = String(this.getNodeParameter('name', itemIndex, '')).trim();
	const language = this.getNodeParameter('language', itemIndex) as string;
	const category = this.getNodeParameter('category', itemIndex) as string;
	await withRules(node, itemIndex, () => checkTemplateName(name));
	const parameterFormat =
		this.getNodeParameter('parameterFormat', itemIndex, 'POSITIONAL') === 'NAMED'
			? 'NAMED'
			: 'POSITIONAL';
	const ttl = Number(this.getNodeParameter('ttlSeconds', itemIndex, 0) ?? 0);
	if (ttl !== 0) await withRules(node, itemIndex, () => checkTimeToLive(category, ttl));
	const components = await checkedComponents.call(this, item, category, parameterFormat);
	const created = await createTemplate.call(
		this,
		accountId,
		{
			name,
			language,
			category,
			components,
			...(parameterFormat === 'NAMED' ? { parameter_format: parameterFormat } : {}),
			...(ttl !== 0 ? { message_send_ttl_seconds: ttl } : {}),
		},
		item.request,
	);
	let review = {};
	if (this.getNodeParameter('waitForReview', itemIndex, false) === true) {
		if (typeof created.id !== 'string' || !created.id)
			throw new NodeOperationError(
				node,
				'The template was submitted, but the API’s answer has no template ID to follow its review',
				{ itemIndex, description: `Answer: ${JSON.stringify(created)}` },
			);
		review = await waitForReview.call(this, created.id, itemIndex, item.request);
	}
	return [{ json: { ...created, name, language, ...review } }];
};
