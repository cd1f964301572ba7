import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { senderLocator } from '../../../common/fields/conversation';
import { templateLocator } from '../../../common/fields/locators';
import { recipientField } from '../../../common/fields/recipient';
import { headerBinaryOption, templateMessage } from '../../../common/templates/templateMessage';
import { chatAddress, chatOptions, sendInChat } from './chatSend';

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
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	// No window fallback: a template is what reaches a customer outside the window.
	const address = await chatAddress.call(this, item, null);
	const message = await templateMessage.call(this, item, address.sender, {
		template: 'template',
		variables: 'variables',
		headerBinary: 'headerBinary',
		recipient: address.to,
	});
	return await sendInChat.call(
		this,
		item,
		address,
		message.content,
		{ template: message.name, language: message.language },
		message.upload,
	);
}
