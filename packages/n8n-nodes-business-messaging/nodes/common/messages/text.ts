import { NodeOperationError, type INode } from 'n8n-workflow';
import { characterCount } from '../characters';

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
