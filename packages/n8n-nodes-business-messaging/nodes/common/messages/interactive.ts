import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeProperties,
} from 'n8n-workflow';
import type { ItemContext } from '../context';
import { LIMITS } from '../rules/messageLimits';
import type { Choice, InteractiveFrame, ListMenu } from './contents';
import { mediaReference, mediaSourceFields, type Upload } from './mediaSource';
import { limitedText, webAddress } from './text';
import { jsonParameter } from '../parameters';

/**
 * The fields of interactive messages and their reading: the optional header and footer, and the
 * reply buttons, list rows and link button, each checked against the platform's limits with an
 * error that names the field. contents.ts builds the messages from what they read.
 */

const HEADER_MEDIA = {
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

/**
 * The Text (`bodyText`) and Footer of one item, checked: Text up to `bodyMax` characters and
 * required unless `textRequired` is false, Footer up to 60; an empty footer is left out.
 */
export function textAndFooter(
	context: IExecuteFunctions,
	itemIndex: number,
	bodyMax: number,
	{ textRequired = true }: { textRequired?: boolean } = {},
): { body: string; footer?: string } {
	const node = context.getNode();
	const body = limitedText(
		node,
		'Text',
		context.getNodeParameter('bodyText', itemIndex, ''),
		bodyMax,
		itemIndex,
		{ required: textRequired },
	);
	const footer = limitedText(
		node,
		'Footer',
		context.getNodeParameter('footer', itemIndex, ''),
		LIMITS.footerText,
		itemIndex,
	);
	return { body, ...(footer.trim() ? { footer } : {}) };
}

/** Header, body and footer of one item, checked; a media header from a binary is uploaded. */
export async function interactiveFrame(
	this: IExecuteFunctions,
	item: ItemContext,
	bodyMax: number,
	phoneNumberId: string,
	headerKinds: string[],
): Promise<{ frame: InteractiveFrame; upload?: Upload }> {
	const node = this.getNode();
	const { itemIndex } = item;
	const text = textAndFooter(this, itemIndex, bodyMax);
	const headerType = String(this.getNodeParameter('headerType', itemIndex, 'none'));
	// An expression, or a value kept from another operation, may name a kind this message lacks.
	if (headerType !== 'none' && !headerKinds.includes(headerType))
		throw new NodeOperationError(
			node,
			`Header "${headerType}" is not one of ${['none', ...headerKinds].join(', ')}`,
			{ itemIndex },
		);
	const frame: InteractiveFrame = text;
	if (headerType === 'text') {
		const text = limitedText(
			node,
			'Header Text',
			this.getNodeParameter('headerText', itemIndex, ''),
			LIMITS.headerText,
			itemIndex,
			{ required: true },
		);
		return { frame: { header: { type: 'text', text }, ...frame } };
	}
	if (headerType === 'image' || headerType === 'video' || headerType === 'document') {
		const { media, upload } = await mediaReference.call(
			this,
			item,
			HEADER_MEDIA,
			headerType,
			phoneNumberId,
		);
		return { frame: { header: { type: headerType, media }, ...frame }, upload };
	}
	return { frame };
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

/**
 * The entries of a fixedCollection or of its JSON alternative, as objects, and the label of
 * the field they came from.
 */
function entries(
	context: IExecuteFunctions,
	itemIndex: number,
	mode: string,
	collection: string,
	key: string,
	json: string,
	what: string,
): { list: IDataObject[]; field: string } {
	const node = context.getNode();
	if (String(context.getNodeParameter(mode, itemIndex, 'fields')) === 'json') {
		const value = jsonParameter(context, json, itemIndex, `${what} (JSON)`, '[]');
		if (
			!Array.isArray(value) ||
			value.some((entry) => typeof entry !== 'object' || entry === null || Array.isArray(entry))
		)
			throw new NodeOperationError(node, `${what} (JSON) must be an array of objects`, {
				itemIndex,
			});
		return { list: value as IDataObject[], field: `${what} (JSON)` };
	}
	const values = context.getNodeParameter(collection, itemIndex, {}) as Record<
		string,
		IDataObject[] | undefined
	>;
	return { list: values[key] ?? [], field: what };
}

/** An ID of a button or row: given, or the title; unique in the message. */
function choiceId(
	node: INode,
	field: string,
	entry: IDataObject,
	title: string,
	max: number,
	seen: Set<string>,
	itemIndex: number,
): string {
	const given = entry.id === undefined || entry.id === null ? '' : String(entry.id);
	const id = limitedText(node, `${field} ID`, given.trim() ? given : title, max, itemIndex);
	if (seen.has(id))
		throw new NodeOperationError(node, `${field} ID "${id}" is used twice: each needs its own ID`, {
			itemIndex,
			description: 'The ID tells which one the customer chose; an empty ID takes the title.',
		});
	seen.add(id);
	return id;
}

/** The buttons of a reply-buttons message: 1 to 3, titles and IDs unique. */
export function replyButtons(context: IExecuteFunctions, itemIndex: number): Choice[] {
	const node = context.getNode();
	const { list, field: where } = entries(
		context,
		itemIndex,
		'buttonsInput',
		'replyButtons',
		'button',
		'buttonsJson',
		'Buttons',
	);
	if (list.length === 0)
		throw new NodeOperationError(node, `${where} is empty: add 1 to ${LIMITS.buttons} buttons`, {
			itemIndex,
		});
	if (list.length > LIMITS.buttons)
		throw new NodeOperationError(
			node,
			`${where}: at most ${LIMITS.buttons} buttons; this message has ${list.length}`,
			{
				itemIndex,
				description: `For more choices, use Send List (up to ${LIMITS.rows} rows).`,
			},
		);
	const ids = new Set<string>();
	const titles = new Set<string>();
	return list.map((entry, index) => {
		const field = `Buttons › Button ${index + 1}`;
		const title = limitedText(
			node,
			`${field} › Title`,
			entry.title,
			LIMITS.buttonTitle,
			itemIndex,
			{ required: true },
		);
		if (titles.has(title))
			throw new NodeOperationError(
				node,
				`${field} › Title "${title}" is used twice: each button needs its own title`,
				{ itemIndex },
			);
		titles.add(title);
		const id = choiceId(node, `${field} ›`, entry, title, LIMITS.buttonId, ids, itemIndex);
		return { id, title };
	});
}

/** A list message's button and up to 10 rows, grouped in their sections. */
export function listMenu(context: IExecuteFunctions, itemIndex: number): ListMenu {
	const node = context.getNode();
	const button = limitedText(
		node,
		'Button Text',
		context.getNodeParameter('listButton', itemIndex, ''),
		LIMITS.listButton,
		itemIndex,
		{ required: true },
	);
	const { list, field: where } = entries(
		context,
		itemIndex,
		'rowsInput',
		'rows',
		'row',
		'rowsJson',
		'Rows',
	);
	if (list.length === 0)
		throw new NodeOperationError(node, `${where} is empty: add 1 to ${LIMITS.rows} rows`, {
			itemIndex,
		});
	if (list.length > LIMITS.rows)
		throw new NodeOperationError(
			node,
			`${where}: at most ${LIMITS.rows} rows, over all sections; this list has ${list.length}`,
			{ itemIndex },
		);
	const ids = new Set<string>();
	const sections = new Map<string, Choice[]>();
	list.forEach((entry, index) => {
		const field = `Rows › Row ${index + 1}`;
		const title = limitedText(node, `${field} › Title`, entry.title, LIMITS.rowTitle, itemIndex, {
			required: true,
		});
		const id = choiceId(node, `${field} ›`, entry, title, LIMITS.rowId, ids, itemIndex);
		const description = limitedText(
			node,
			`${field} › Description`,
			entry.description ?? '',
			LIMITS.rowDescription,
			itemIndex,
		);
		const section = limitedText(
			node,
			`${field} › Section`,
			entry.section ?? '',
			LIMITS.sectionTitle,
			itemIndex,
		).trim();
		const rows = sections.get(section) ?? [];
		rows.push({ id, title, ...(description.trim() ? { description } : {}) });
		sections.set(section, rows);
	});
	if (sections.size > 1 && sections.has(''))
		throw new NodeOperationError(
			node,
			'Rows › Section is empty for some rows: when rows are in more than one section, every row names its section',
			{ itemIndex },
		);
	if (sections.size > LIMITS.sections)
		throw new NodeOperationError(
			node,
			`${where} › Section: at most ${LIMITS.sections} sections; this list has ${sections.size}`,
			{ itemIndex },
		);
	return {
		button,
		sections: [...sections].map(([title, rows]) => ({ ...(title ? { title } : {}), rows })),
	};
}

/** The button of a link-button (CTA URL) message: its text and the page it opens. */
export function linkButton(
	context: IExecuteFunctions,
	itemIndex: number,
): { text: string; url: string } {
	const node = context.getNode();
	const text = limitedText(
		node,
		'Button Text',
		context.getNodeParameter('buttonText', itemIndex, ''),
		LIMITS.linkButtonText,
		itemIndex,
		{ required: true },
	);
	const url = webAddress(node, 'URL', context.getNodeParameter('url', itemIndex, ''), itemIndex);
	return { text, url };
}
