import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
} from 'n8n-workflow';
import type { ItemContext } from '../context';
import { LIMITS } from '../rules/messageLimits';
import type { Choice, InteractiveFrame, ListMenu } from './contents';
import { HEADER_MEDIA } from '../fields/interactive';
import { jsonParameter, limitedText, webAddress } from '../parameters';
import { mediaReference, type Upload } from './mediaSource';

/**
 * The reading of interactive messages' fields (fields/interactive.ts): the optional header and
 * footer, and the reply buttons, list rows and link button, each checked against the platform's
 * limits with an error that names the field. contents.ts builds the messages from what they read.
 */

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
