import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { idempotencyKeyOption } from '../../../common/idempotency/idempotencyKey';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { replyToOption, senderLocator } from '../../../common/fields/conversation';
import { replyToValue } from '../../../common/parameters';
import { templateLocator } from '../../../common/fields/locators';
import { senderOf } from '../../../common/sender';
import { recipientField } from '../../../common/fields/recipient';
import { normalizeRecipient } from '../../../common/recipient';
import { headerBinaryOption, templateMessage } from '../../../common/templates/templateMessage';
import { receiptWaitOptions } from '../../../common/waiting/receiptWait';
import { sendInChat } from './chatSend';

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
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [headerBinaryOption, idempotencyKeyOption, replyToOption, ...receiptWaitOptions],
	},
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
	const node = this.getNode();
	const { itemIndex } = item;
	const { phoneNumberId: sender, triggerChat } = senderOf.call(this, itemIndex);
	const to = normalizeRecipient(node, this.getNodeParameter('recipient', itemIndex), itemIndex);
	const replyTo = replyToValue(
		node,
		this.getNodeParameter('options', itemIndex, {}) as IDataObject,
		itemIndex,
	);
	const message = await templateMessage.call(this, item, sender, {
		template: 'template',
		variables: 'variables',
		headerBinary: 'headerBinary',
		recipient: to,
	});
	return await sendInChat.call(
		this,
		item,
		{ sender, to, replyTo, triggerChat },
		message.content,
		{ template: message.name, language: message.language },
		message.upload,
	);
}
