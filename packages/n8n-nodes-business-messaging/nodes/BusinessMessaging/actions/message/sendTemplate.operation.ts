import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
	type ResourceMapperValue,
} from 'n8n-workflow';
import {
	locatorValue,
	phoneNumberLocator,
	templateIdOf,
	templateLocator,
} from '../../helpers/locators';
import { oncePerRun } from '../../helpers/oncePerRun';
import { sendMessage } from '../../helpers/sendMessage';
import { accountOfNumber } from '../../helpers/templateByName';
import { normalizeRecipient, recipientField } from '../../helpers/recipient';
import { retrySettings } from '../../helpers/requestOptions';
import { templateVariables, type TemplateVariable } from '../../helpers/templateRules';
import { apiPath, apiRequest, type RequestContext } from '../../transport';
import { showFor } from '../types';

const show = showFor('message', 'sendTemplate');

export const description: INodeProperties[] = [
	{
		...phoneNumberLocator(show),
		displayName: 'Sender',
		description: 'The business number that sends the message',
	},
	recipientField(
		show,
		'The customer’s number in international format with its country code; spaces, brackets and dashes are fine',
	),
	templateLocator(show, { approvedOnly: true, description: 'Only approved templates can be sent' }),
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
		displayOptions: { show },
	},
];

/** The template, read once per run, not once per item. */
function templateOf(
	this: IExecuteFunctions,
	templateId: string,
	context: RequestContext,
): Promise<IDataObject> {
	return oncePerRun(
		this,
		`template:${templateId}`,
		async () =>
			await apiRequest.call(
				this,
				{ method: 'GET', path: apiPath(this.getNode(), templateId) },
				context,
			),
	);
}

/** POST /{phone_number_id}/messages (4.2) with the template's parameters; never repeated blindly. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const context = { itemIndex, retry: retrySettings.call(this, itemIndex) };
	const sender = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const to = normalizeRecipient(node, this.getNodeParameter('recipient', itemIndex), itemIndex);
	const templateId = await templateIdOf.call(
		this,
		itemIndex,
		async () =>
			await oncePerRun(
				this,
				`account:${sender}`,
				async () => await accountOfNumber.call(this, sender, context),
			),
		context,
	);
	const template = await templateOf.call(this, templateId, context);
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
	const components = parametersFor(
		node,
		templateVariables((template.components as IDataObject[] | undefined) ?? []),
		mapped,
		itemIndex,
	);
	const sent = await sendMessage.call(
		this,
		sender,
		to,
		{
			type: 'template',
			template: {
				name,
				language: { code: language },
				...(components.length ? { components } : {}),
			},
		},
		context,
	);
	return [
		{
			json: {
				...sent,
				template: name,
				language,
				phoneNumberId: sender,
			},
		},
	];
}

/** The Cloud API component parameters for the values of the variables form. */
function parametersFor(
	node: INode,
	variables: TemplateVariable[],
	values: Record<string, unknown>,
	itemIndex: number,
): IDataObject[] {
	const valueOf = (variable: TemplateVariable): string => {
		const value = String(values[variable.id] ?? '').trim();
		const field = `Template Variables › ${variable.label}`;
		if (!value) {
			throw new NodeOperationError(node, `${field} is empty`, {
				itemIndex,
				description: variable.example ? `For example: ${variable.example}` : undefined,
			});
		}
		// The platform refuses these in a parameter (error 132018).
		if (/[\n\t]|\s{5,}/.test(value)) {
			throw new NodeOperationError(
				node,
				`${field} cannot hold new lines, tabs or more than 4 spaces in a row`,
				{ itemIndex },
			);
		}
		return value;
	};
	const components: IDataObject[] = [];
	const header = variables.find((v) => v.id.startsWith('header_'));
	if (header) {
		const value = valueOf(header);
		if (header.id === 'header_1') {
			components.push({ type: 'header', parameters: [{ type: 'text', text: value }] });
		} else {
			const kind = header.id.slice('header_'.length);
			const media = /^https?:\/\//i.test(value) ? { link: value } : { id: value };
			components.push({ type: 'header', parameters: [{ type: kind, [kind]: media }] });
		}
	}
	const body = variables.filter((v) => v.id.startsWith('body_'));
	if (body.length)
		components.push({
			type: 'body',
			parameters: body.map((v) => ({ type: 'text', text: valueOf(v) })),
		});
	for (const variable of variables.filter((v) => v.id.startsWith('button_'))) {
		const [, index, kind] = variable.id.split('_');
		const value = valueOf(variable);
		components.push(
			kind === 'url'
				? { type: 'button', sub_type: 'url', index, parameters: [{ type: 'text', text: value }] }
				: {
						type: 'button',
						sub_type: 'copy_code',
						index,
						parameters: [{ type: 'coupon_code', coupon_code: value }],
					},
		);
	}
	return components;
}
