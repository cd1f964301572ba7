import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeParameterResourceLocator,
	type INodeProperties,
} from 'n8n-workflow';
import type { ItemContext } from '../context';
import { parseTemplateName, TEMPLATE_NAME_PATTERN, templateIdByName } from '../templates/byName';

/** Resource locator fields shared by operations: pick from a searchable list, or type an ID. */

const DIGITS = '^\\s*\\d+\\s*$';

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
				validation: [
					{
						type: 'regex',
						properties: { regex: DIGITS, errorMessage: 'A phone number ID has digits only' },
					},
				],
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
				validation: [
					{
						type: 'regex',
						properties: { regex: DIGITS, errorMessage: 'A business account ID has digits only' },
					},
				],
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
};

/** The chosen ID of a resource locator, trimmed; an empty one (or "." / "..") is refused by its label. */
export function locatorValue(this: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = String(
		this.getNodeParameter(name, itemIndex, '', { extractValue: true }) ?? '',
	).trim();
	const label = LOCATOR_LABELS[name] ?? name;
	if (!value)
		throw new NodeOperationError(
			this.getNode(),
			`${label} is empty: pick one from the list or give its ID`,
			{ itemIndex },
		);
	if (value === '.' || value === '..')
		throw new NodeOperationError(this.getNode(), `${label} "${value}" is not an ID`, { itemIndex });
	return value;
}

export function templateLocator(
	options: { approvedOnly?: boolean; description?: string } = {},
): INodeProperties {
	return {
		displayName: 'Template',
		name: 'template',
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
				validation: [
					{
						type: 'regex',
						properties: { regex: DIGITS, errorMessage: 'A template ID has digits only' },
					},
				],
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
): Promise<string> {
	const { itemIndex } = item;
	const locator = this.getNodeParameter('template', itemIndex) as INodeParameterResourceLocator;
	if (locator.mode !== 'name') return locatorValue.call(this, 'template', itemIndex);
	const value = String(locator.value ?? '').trim();
	const wanted = parseTemplateName(this.getNode(), value, itemIndex);
	const account = await accountId();
	return await item.once(
		`templateName:${account}:${value}`,
		async () => await templateIdByName.call(this, account, wanted, item.request),
	);
}
