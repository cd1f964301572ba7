import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { MarketingDelivery } from '../../../common/messages/messageRequest';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { senderLocator } from '../../../common/fields/conversation';
import { templateLocator } from '../../../common/fields/locators';
import { recipientField } from '../../../common/fields/recipient';
import { headerBinaryOption, templateMessage } from '../../../common/templates/templateMessage';
import { chatAddress, chatOptions, sendInChat } from './chatSend';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	senderLocator(
		'The business number that sends the message. Empty: the number the customer wrote to, when the item comes from the trigger.',
	),
	recipientField(
		'The customer’s number in international format with its country code (spaces, brackets and dashes are fine), or their user ID (e.g. US.13491208655302741918: the trigger’s sendTo)',
	),
	templateLocator({ approvedOnly: true, description: 'Only approved templates can be sent' }),
	{
		displayName: 'Template Variables',
		name: 'variables',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		typeOptions: {
			loadOptionsDependsOn: ['template.value', 'phoneNumberId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getTemplateVariables',
				mode: 'add',
				valuesLabel: 'Template Variables',
				fieldWords: { singular: 'variable', plural: 'variables' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: false,
			},
		},
	},
	{
		displayName: 'Send Through',
		name: 'sendThrough',
		type: 'options',
		default: 'cloudApi',
		options: [
			{
				name: 'Cloud API',
				value: 'cloudApi',
				description: 'The messages endpoint, for every template',
			},
			{
				name: 'Marketing Messages API',
				value: 'marketingMessages',
				description:
					'For MARKETING templates: Meta’s delivery optimisations and conversion metrics. The business must be onboarded to it.',
			},
		],
	},
	{
		displayName: 'If It Cannot Go Through the Marketing Messages API',
		name: 'productPolicy',
		type: 'options',
		default: 'CLOUD_API_FALLBACK',
		displayOptions: { show: { sendThrough: ['marketingMessages'] } },
		options: [
			{
				name: 'Fail',
				value: 'STRICT',
				description: 'The item fails with the platform’s reason',
			},
			{
				name: 'Send It Through the Cloud API',
				value: 'CLOUD_API_FALLBACK',
				description: 'The message still goes, without the optimisations',
			},
		],
	},
	{
		displayName: 'Share Message Activity With Meta',
		name: 'activitySharing',
		type: 'options',
		default: 'accountSetting',
		displayOptions: { show: { sendThrough: ['marketingMessages'] } },
		options: [
			{
				name: 'As the Business Account Is Set',
				value: 'accountSetting',
			},
			{
				name: 'Do Not Share',
				value: 'doNotShare',
			},
			{
				name: 'Share',
				value: 'share',
				description: 'Clicks and reads may be used to optimise delivery and measure conversions',
			},
		],
	},
	chatOptions([headerBinaryOption]),
];

export const description = updateDisplayOptions(
	forOperation('message', 'sendTemplate'),
	properties,
);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Options › Idempotency Key: a run again with the same key sends nothing. */
export const idempotencyKey = true;

/** An approved template with its variables filled in (4.2); never repeated blindly. */
export const execute: ItemExecute = async function (item) {
	// No window fallback: a template is what reaches a customer outside the window.
	const address = await chatAddress.call(this, item, null);
	address.marketing = marketingDelivery.call(this, item.itemIndex);
	const message = await templateMessage.call(this, item, address.sender, {
		template: 'template',
		variables: 'variables',
		headerBinary: 'headerBinary',
		recipient: address.to,
		...(address.marketing
			? {
					category: {
						only: 'MARKETING',
						because: 'Send Through › Marketing Messages API sends MARKETING templates only',
					},
				}
			: {}),
	});
	return await sendInChat.call(
		this,
		item,
		address,
		message.content,
		{
			template: message.name,
			language: message.language,
			...(address.marketing ? { sentThrough: 'marketingMessages' } : {}),
		},
		message.upload,
	);
};

/** Send Through and its two fields: how the Marketing Messages API takes the send, if it does. */
function marketingDelivery(
	this: IExecuteFunctions,
	itemIndex: number,
): MarketingDelivery | undefined {
	const node = this.getNode();
	const through = this.getNodeParameter('sendThrough', itemIndex, 'cloudApi');
	if (through === 'cloudApi') return undefined;
	if (through !== 'marketingMessages')
		throw new NodeOperationError(
			node,
			`Send Through "${String(through)}" is not one of cloudApi, marketingMessages`,
			{ itemIndex },
		);
	const policy = this.getNodeParameter('productPolicy', itemIndex, 'CLOUD_API_FALLBACK');
	if (policy !== 'CLOUD_API_FALLBACK' && policy !== 'STRICT')
		throw new NodeOperationError(
			node,
			`If It Cannot Go Through the Marketing Messages API "${String(policy)}" is not one of CLOUD_API_FALLBACK, STRICT`,
			{ itemIndex },
		);
	const sharing = this.getNodeParameter('activitySharing', itemIndex, 'accountSetting');
	if (sharing !== 'accountSetting' && sharing !== 'share' && sharing !== 'doNotShare')
		throw new NodeOperationError(
			node,
			`Share Message Activity With Meta "${String(sharing)}" is not one of accountSetting, share, doNotShare`,
			{ itemIndex },
		);
	return {
		productPolicy: policy,
		...(sharing === 'accountSetting' ? {} : { activitySharing: sharing === 'share' }),
	};
}
