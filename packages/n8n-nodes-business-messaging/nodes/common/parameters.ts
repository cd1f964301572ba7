import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
} from 'n8n-workflow';
import { characterCount } from './characters';
import { ONE_SEGMENT } from './fields/locators';
import { normalizeRecipient } from './recipient';
import { DEFAULT_RETRY, type RetrySettings } from './transport';

/**
 * The node's parameters as an operation reads them while it runs: each value taken from the
 * form (or the expression that gives it), trimmed and checked, with an error that names the
 * field. The fields themselves are described in fields/.
 */

/**
 * A value typed or mapped by the user, trimmed. Refused, naming the field, when it is missing:
 * empty, not text at all (an object, a list), or a missing value an expression turned into text
 * ("undefined", "null", "[object Object]"). Nothing is ever sent with such a value.
 */
export function requiredText(
	node: INode,
	label: string,
	raw: unknown,
	itemIndex: number,
	{ what = 'text', whenEmpty = `${label} is required` }: { what?: string; whenEmpty?: string } = {},
): string {
	if (typeof raw !== 'string' && typeof raw !== 'number' && raw !== undefined && raw !== null)
		throw new NodeOperationError(
			node,
			`${label} must be ${what}, not ${Array.isArray(raw) ? 'a list' : `an ${typeof raw}`}`,
			{
				itemIndex,
				description:
					'If an expression gives it, make it give the value itself (e.g. {{ $json.id }}).',
			},
		);
	const value = raw === undefined || raw === null ? '' : String(raw).trim();
	if (!value || value === 'undefined' || value === 'null' || value === '[object Object]')
		throw new NodeOperationError(node, whenEmpty, {
			itemIndex,
			...(value
				? { description: `It is "${value}": the expression that gives it found no value.` }
				: {}),
		});
	return value;
}

const ONE_SEGMENT_PATTERN = new RegExp(ONE_SEGMENT);

/** How the forms label the locator fields, for errors that name them. */
const LOCATOR_LABELS: Record<string, string> = {
	phoneNumberId: 'Phone Number',
	businessAccountId: 'Business Account',
	catalogId: 'Catalog',
	template: 'Template',
	fallbackTemplate: 'Fallback Template',
};

/**
 * A JSON field's value: as n8n hands it, already parsed, or as text, parsed here. Refused as
 * "<label> is not valid JSON" when the text does not parse; the caller checks its shape.
 */
export function jsonParameter(
	context: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
	fallback: string,
): unknown {
	const value = context.getNodeParameter(name, itemIndex, fallback) as unknown;
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value) as unknown;
	} catch {
		throw new NodeOperationError(context.getNode(), `${label} is not valid JSON`, { itemIndex });
	}
}

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

/** The Media ID field (fields/media.ts › mediaIdField), checked. */
export function mediaIdValue(this: IExecuteFunctions, itemIndex: number): string {
	const raw = this.getNodeParameter('mediaId', itemIndex, '');
	return checkedId(this.getNode(), 'Media ID', raw, itemIndex);
}

/** A message ID as the platform gives it (2.10: it starts with "wamid."). */
const MESSAGE_ID = /^wamid\.[\w=+/-]+$/;

/** A message ID typed by the user, checked; `field` names it in the error. */
export function messageIdValue(
	node: INode,
	field: string,
	raw: unknown,
	itemIndex: number,
): string {
	const id = String(raw ?? '').trim();
	if (!id) throw new NodeOperationError(node, `${field} is empty`, { itemIndex });
	if (!MESSAGE_ID.test(id))
		throw new NodeOperationError(
			node,
			`${field} "${id}" is not a message ID: it starts with "wamid."`,
			{ itemIndex, description: 'Use the messageId of the trigger’s item, or of a send’s output.' },
		);
	return id;
}

/** The optional Reply To Message ID of an Options collection, checked ('' when not set). */
export function replyToValue(
	node: INode,
	options: { replyTo?: unknown },
	itemIndex: number,
): string {
	const raw = String(options.replyTo ?? '').trim();
	return raw ? messageIdValue(node, 'Options › Reply To Message ID', raw, itemIndex) : '';
}

/** How many results a list operation returns: its Limit, or undefined with Return All on. */
export function resultLimit(this: IExecuteFunctions, itemIndex: number): number | undefined {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return returnAll ? undefined : (this.getNodeParameter('limit', itemIndex, 50) as number);
}

/** The retries of the item's requests, from Request Options, each kept within its bounds. */
export function retrySettings(this: IExecuteFunctions, itemIndex: number): RetrySettings {
	const options = this.getNodeParameter('requestOptions', itemIndex, {}) as IDataObject;
	const pick = (name: keyof RetrySettings, min: number, max: number) => {
		const value = Number(options[name] ?? DEFAULT_RETRY[name]);
		return Number.isFinite(value)
			? Math.min(Math.max(Math.round(value), min), max)
			: DEFAULT_RETRY[name];
	};
	return {
		maxRetries: pick('maxRetries', 0, 10),
		baseDelayMs: pick('baseDelayMs', 0, 600_000),
		maxWaitMs: pick('maxWaitMs', 0, 3_600_000),
		timeoutMs: pick('timeoutMs', 1000, 3_600_000),
	};
}

/** Items processed at the same time (the first item's setting applies to the run). */
export function concurrency(this: IExecuteFunctions): number {
	const options = this.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	const value = Math.round(Number(options.concurrency ?? 1));
	return Number.isFinite(value) ? Math.min(Math.max(value, 1), 20) : 1;
}

/** The Customer field (blocking): a number or a user ID, checked as Recipient is. */
export function customerValue(this: IExecuteFunctions, itemIndex: number): string {
	const raw = this.getNodeParameter('customer', itemIndex);
	return normalizeRecipient(this.getNode(), raw, itemIndex, 'Customer');
}

/** A link the platform fetches or opens: an http(s) address; `field` names it in the error. */
export function webAddress(node: INode, field: string, raw: unknown, itemIndex: number): string {
	const link = String(raw ?? '').trim();
	if (!/^https?:\/\/[^\s/]+\S*$/i.test(link))
		throw new NodeOperationError(
			node,
			`${field} "${link}" is not a web address: it starts with https:// (or http://)`,
			{ itemIndex },
		);
	return link;
}

/**
 * A text of a message field, checked against its limit. `field` names it as the form does;
 * lengths are counted by characterCount (UTF-16 code units).
 */
export function limitedText(
	node: INode,
	field: string,
	raw: unknown,
	max: number,
	itemIndex: number,
	options: { required?: boolean } = {},
): string {
	const text = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : String(raw);
	if (options.required && !text.trim())
		throw new NodeOperationError(node, `${field} is empty`, { itemIndex });
	if (characterCount(text) > max)
		throw new NodeOperationError(
			node,
			`${field} has ${characterCount(text)} characters; it may have at most ${max}`,
			{ itemIndex },
		);
	return text;
}
