import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type ResourceMapperValue,
} from 'n8n-workflow';
import { businessAccountOfNumber } from '../../../common/api/account';
import { sendMessage, templateContent } from '../../../common/api/messages';
import { getTemplate } from '../../../common/api/templates';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import {
	locatorValue,
	phoneNumberLocator,
	templateIdOf,
	templateLocator,
} from '../../../common/fields/locators';
import { normalizeRecipient, recipientField } from '../../../common/fields/recipient';
import { filledValues } from '../../../common/templates/filledValues';
import { otpButtonIndex, templateVariables } from '../../../common/templates/variables';
import { sentMessageJson } from './sentMessage';

const properties: INodeProperties[] = [
	{
		...phoneNumberLocator(),
		displayName: 'Sender',
		description: 'The business number that sends the message',
	},
	recipientField(
		'The customer’s number in international format with its country code; spaces, brackets and dashes are fine',
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
				fieldWords: { singular: 'variable', plural: 'variables' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: false,
			},
		},
	},
];

export const description = updateDisplayOptions(
	forOperation('message', 'sendTemplate'),
	properties,
);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** An approved template with its variables filled in (4.2); never repeated blindly. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const { itemIndex } = item;
	const sender = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const to = normalizeRecipient(node, this.getNodeParameter('recipient', itemIndex), itemIndex);
	const templateId = await templateIdOf.call(
		this,
		item,
		async () =>
			await item.once(
				`account:${sender}`,
				async () => await businessAccountOfNumber.call(this, sender, item.request),
			),
	);
	// Read once per run, not once per item.
	const template = await item.once(
		`template:${templateId}`,
		async () => await getTemplate.call(this, templateId, item.request),
	);
	const name = String(template.name);
	const language = String(template.language);
	if (template.status !== 'APPROVED') {
		throw new NodeOperationError(
			node,
			`Template ${name} (${language}) is ${String(template.status)}: only APPROVED templates can be sent`,
			{
				itemIndex,
				description:
					'Wait for the review to approve it (the trigger tells you), or pick an approved template.',
			},
		);
	}
	const mapped =
		(this.getNodeParameter('variables', itemIndex, {}) as ResourceMapperValue).value ?? {};
	const filled = filledValues(
		node,
		templateVariables(template),
		mapped,
		itemIndex,
		otpButtonIndex(template.components ?? []),
	);
	const sent = await sendMessage.call(
		this,
		{
			phoneNumberId: sender,
			to,
			content: templateContent({ name, language }, filled),
		},
		item.request,
	);
	return [
		{
			json: {
				...sentMessageJson(sent, to),
				template: name,
				language,
				phoneNumberId: sender,
			},
		},
	];
}
