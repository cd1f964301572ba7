import type { INodeProperties } from 'n8n-workflow';

/** Resource locator fields shared by operations: pick from a searchable list, or type an ID. */

/**
 * An ID as the contract types it: a non-empty string that is one path segment. The platform's
 * IDs happen to be digits, but another faithful server's need not be, so digits are not required.
 */
export const ONE_SEGMENT = '^[^/]*[^/\\s][^/]*$';

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

/**
 * A template by name, as the list shows them: "order_confirmation (en_US)", or the bare name
 * when the template exists in one language (read by parseTemplateName in templates/byName.ts).
 */
export const TEMPLATE_NAME_PATTERN =
	'^\\s*[a-z0-9_]{1,512}\\s*(\\(\\s*[A-Za-z]{2,3}(_[A-Za-z0-9]{2,4})?\\s*\\))?\\s*$';

export function templateLocator(
	options: {
		approvedOnly?: boolean;
		description?: string;
		name?: string;
		displayName?: string;
		/** The list's search method, when not the templates' own. */
		searchListMethod?: string;
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
					searchListMethod:
						options.searchListMethod ??
						(options.approvedOnly ? 'searchApprovedTemplates' : 'searchTemplates'),
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
