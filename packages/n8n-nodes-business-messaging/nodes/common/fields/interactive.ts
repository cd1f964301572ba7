import type { INodeProperties } from 'n8n-workflow';
import { LIMITS } from '../rules/messageLimits';
import { mediaSourceFields, type MediaFieldNames } from './media';

/**
 * The form of interactive messages: the optional header and footer, the body text, the reply
 * buttons, list rows and link button, each described with the platform's limit
 * (messages/interactive.ts reads them and checks the limits).
 */

export const HEADER_MEDIA: MediaFieldNames = {
	source: 'headerSource',
	binaryProperty: 'headerBinaryProperty',
	link: 'headerLink',
	mediaId: 'headerMediaId',
	label: 'Header',
};

/** The header kinds of reply-button and link-button messages; a list's header is text only. */
export const MEDIA_HEADER_KINDS = ['text', 'image', 'video', 'document'];

export const TEXT_HEADER_KINDS = ['text'];

/** Header and footer fields; a list's header can only be text. */
export function headerFooterFields(media: boolean): INodeProperties[] {
	const kinds = media ? MEDIA_HEADER_KINDS.slice(1) : [];
	return [
		{
			displayName: 'Header',
			name: 'headerType',
			type: 'options',
			default: 'none',
			options: [
				{ name: 'None', value: 'none' },
				{ name: 'Text', value: 'text' },
				...kinds.map((kind) => ({ name: kind[0].toUpperCase() + kind.slice(1), value: kind })),
			].sort((a, b) => a.name.localeCompare(b.name)),
			description: 'A title above the message: a short text, or a file shown above the text',
		},
		{
			displayName: 'Header Text',
			name: 'headerText',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { headerType: ['text'] } },
			description: `Up to ${LIMITS.headerText} characters`,
		},
		...(media ? mediaSourceFields(HEADER_MEDIA, { show: { headerType: kinds } }) : []),
		footerField,
	];
}

/** The optional footer of an interactive message. */
export const footerField: INodeProperties = {
	displayName: 'Footer',
	name: 'footer',
	type: 'string',
	default: '',
	description: `A small grey line under the message, up to ${LIMITS.footerText} characters (optional)`,
};

/** The body text field, with its limit. */
export function bodyTextField(max: number, placeholder: string): INodeProperties {
	return {
		displayName: 'Text',
		name: 'bodyText',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder,
		description: `The message above the buttons, up to ${max} characters`,
	};
}

/** Fields or JSON: how a list of buttons or rows is given. */
function inputModeField(name: string, what: string): INodeProperties {
	return {
		displayName: `Define ${what}`,
		name,
		type: 'options',
		default: 'fields',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{
				name: 'Using JSON',
				value: 'json',
				description: `An array of ${what.toLowerCase()}, e.g. from an expression over earlier data`,
			},
		],
	};
}

export const buttonFields: INodeProperties[] = [
	inputModeField('buttonsInput', 'Buttons'),
	{
		displayName: 'Buttons',
		name: 'replyButtons',
		type: 'fixedCollection',
		// No maxAllowedFields: n8n keeps its Add button past the limit and refuses the run with its
		// own words ("At most 3 fields are allowed"); the send names the field and the limit.
		typeOptions: {
			multipleValues: true,
			multipleValueButtonText: `Add Button (up to ${LIMITS.buttons})`,
			sortable: true,
		},
		default: {},
		// n8n labels a fixedCollection's Add button with its placeholder.
		placeholder: `Add Button (up to ${LIMITS.buttons})`,
		displayOptions: { show: { buttonsInput: ['fields'] } },
		description: `Up to ${LIMITS.buttons} buttons the customer can tap; the answer comes to the trigger as an incoming message`,
		options: [
			{
				displayName: 'Button',
				name: 'button',
				values: [
					{
						displayName: 'Title',
						name: 'title',
						type: 'string',
						default: '',
						required: true,
						placeholder: 'e.g. Yes, deliver it',
						description: `The button’s text, up to ${LIMITS.buttonTitle} characters`,
					},
					{
						displayName: 'ID',
						name: 'id',
						type: 'string',
						default: '',
						placeholder: 'e.g. confirm',
						description: `The ID the trigger gives (its reply field) when this button is tapped (up to ${LIMITS.buttonId} characters); empty uses the title`,
					},
				],
			},
		],
	},
	{
		displayName: 'Buttons (JSON)',
		name: 'buttonsJson',
		type: 'json',
		default: '[\n  { "title": "Yes", "id": "yes" },\n  { "title": "No", "id": "no" }\n]',
		required: true,
		displayOptions: { show: { buttonsInput: ['json'] } },
		description:
			'An array of buttons, each an object with a title and an optional ID, which defaults to the title',
	},
];

export const rowFields: INodeProperties[] = [
	{
		displayName: 'Button Text',
		name: 'listButton',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Choose an order',
		description: `The button that opens the list, up to ${LIMITS.listButton} characters`,
	},
	inputModeField('rowsInput', 'Rows'),
	{
		displayName: 'Rows',
		name: 'rows',
		type: 'fixedCollection',
		// As Buttons: the send checks the limit.
		typeOptions: {
			multipleValues: true,
			multipleValueButtonText: `Add Row (up to ${LIMITS.rows})`,
			sortable: true,
		},
		default: {},
		placeholder: `Add Row (up to ${LIMITS.rows})`,
		displayOptions: { show: { rowsInput: ['fields'] } },
		description: `Up to ${LIMITS.rows} options; rows with the same section are shown together under its title`,
		options: [
			{
				displayName: 'Row',
				name: 'row',
				values: [
					{
						displayName: 'Title',
						name: 'title',
						type: 'string',
						default: '',
						required: true,
						description: `Up to ${LIMITS.rowTitle} characters`,
					},
					{
						displayName: 'ID',
						name: 'id',
						type: 'string',
						default: '',
						description: `The ID the trigger gives (its reply field) when this row is chosen (up to ${LIMITS.rowId} characters); empty uses the title`,
					},
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						default: '',
						description: `A second line under the title, up to ${LIMITS.rowDescription} characters (optional)`,
					},
					{
						displayName: 'Section',
						name: 'section',
						type: 'string',
						default: '',
						description: `The title of the row’s section, up to ${LIMITS.sectionTitle} characters; needed when the rows are in more than one section`,
					},
				],
			},
		],
	},
	{
		displayName: 'Rows (JSON)',
		name: 'rowsJson',
		type: 'json',
		default:
			'[\n  { "title": "Order #1001", "id": "order-1001", "description": "Shipped Monday" }\n]',
		required: true,
		displayOptions: { show: { rowsInput: ['json'] } },
		description:
			'An array of rows, each an object with a title and optionally an ID, a description and a section',
	},
];

export const linkButtonFields: INodeProperties[] = [
	{
		displayName: 'Button Text',
		name: 'buttonText',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Track your order',
		description: `Up to ${LIMITS.linkButtonText} characters`,
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/orders/1001',
		description: 'The page the button opens',
	},
];
