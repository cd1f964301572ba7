import {
	NodeOperationError,
	type IExecuteFunctions,
	type INode,
	type INodeParameterResourceLocator,
	type INodeProperties,
} from 'n8n-workflow';
import type { ItemContext } from '../context';
import { requiredText } from './requiredText';
import { parseTemplateName, TEMPLATE_NAME_PATTERN, templateIdByName } from '../templates/byName';

/** Resource locator fields shared by operations: pick from a searchable list, or type an ID. */

/**
 * An ID as the contract types it: a non-empty string that is one path segment. The platform's
 * IDs happen to be digits, but another faithful server's need not be, so digits are not required.
 */
export const ONE_SEGMENT = '^[^/]*[^/\\s][^/]*$';
const ONE_SEGMENT_PATTERN = new RegExp(ONE_SEGMENT);

/** The editor's check of a typed ID, with the field's label in its message. */
export function idValidation(
	label: string,
): NonNullable<INodeProperties['modes']>[number]['validation'] {
	return [
		{
			type: 'regex',
			properties: { regex: ONE_SEGMENT, errorMessage: `${label} is one ID, without "/"` },
		},
	];
}

export function phoneNumberLocator(): INodeProperties {
	return {
		displayName: 'Phone Number',
		name: 'phoneNumberId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The business number to act for',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a phone number...',
				typeOptions: { searchListMethod: 'searchPhoneNumbers', searchable: true },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 106540352242922',
				hint: 'The phone number ID, not the phone number itself',
				validation: idValidation('A phone number ID'),
			},
		],
	};
}

export function businessAccountLocator(): INodeProperties {
	return {
		displayName: 'Business Account',
		name: 'businessAccountId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a business account...',
				typeOptions: { searchListMethod: 'searchBusinessAccounts', searchable: true },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 102290129340398',
				validation: idValidation('A business account ID'),
			},
		],
	};
}

/** How the forms label the locator fields, for errors that name them. */
const LOCATOR_LABELS: Record<string, string> = {
	phoneNumberId: 'Phone Number',
	businessAccountId: 'Business Account',
	catalogId: 'Catalog',
	template: 'Template',
	fallbackTemplate: 'Fallback Template',
};

/** The chosen ID of a resource locator, trimmed, and checked by checkedId under the field's label. */
export function locatorValue(this: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = this.getNodeParameter(name, itemIndex, '', { extractValue: true });
	return checkedId(this.getNode(), LOCATOR_LABELS[name] ?? name, value, itemIndex, true);
}

/**
 * An ID typed or mapped by the user, trimmed: refused, naming the field, when it is missing
 * (requiredText), "." or "..", or more than one path segment (a pasted link).
 */
export function checkedId(
	node: INode,
	label: string,
	raw: unknown,
	itemIndex: number,
	fromList = false,
): string {
	const value = requiredText(node, label, raw, itemIndex, {
		what: 'an ID',
		whenEmpty: fromList
			? `${label} is empty: pick one from the list or give its ID`
			: `${label} is required`,
	});
	if (value === '.' || value === '..' || !ONE_SEGMENT_PATTERN.test(value))
		throw new NodeOperationError(node, `${label} "${value}" is not an ID`, {
			itemIndex,
			description:
				'An ID is one word of the API’s addresses: it cannot be "." or "..", or hold "/" (give the ID, not a link).',
		});
	return value;
}

export function templateLocator(
	options: {
		approvedOnly?: boolean;
		description?: string;
		name?: string;
		displayName?: string;
	} = {},
): INodeProperties {
	return {
		displayName: options.displayName ?? 'Template',
		name: options.name ?? 'template',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: options.approvedOnly
					? 'Select an approved template...'
					: 'Select a template...',
				typeOptions: {
					searchListMethod: options.approvedOnly ? 'searchApprovedTemplates' : 'searchTemplates',
					searchable: true,
				},
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. order_confirmation (en_US)',
				hint: 'The name as the list shows it; the language can be left out when the template has only one',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: TEMPLATE_NAME_PATTERN,
							errorMessage: 'A template name, e.g. order_confirmation (en_US)',
						},
					},
				],
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1234567890123456',
				validation: idValidation('A template ID'),
			},
		],
	};
}

/**
 * The template ID the Template field points at: as chosen from the list or typed, or looked up
 * by name in the account that `accountId` gives (asked only in that mode).
 */
export async function templateIdOf(
	this: IExecuteFunctions,
	item: ItemContext,
	accountId: () => Promise<string>,
	parameter = 'template',
): Promise<string> {
	const { itemIndex } = item;
	const locator = this.getNodeParameter(parameter, itemIndex) as INodeParameterResourceLocator;
	if (locator.mode !== 'name') return locatorValue.call(this, parameter, itemIndex);
	const value = String(locator.value ?? '').trim();
	const wanted = parseTemplateName(this.getNode(), value, itemIndex);
	const account = await accountId();
	return await item.once(
		`templateName:${account}:${value}`,
		async () => await templateIdByName.call(this, account, wanted, item.request),
	);
}
