import { NodeOperationError, type INode } from 'n8n-workflow';

/**
 * A text of a message field, checked against its limit. `field` names it as the form does;
 * lengths count UTF-16 code units, as the platform and JavaScript do.
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
	if (text.length > max)
		throw new NodeOperationError(
			node,
			`${field} has ${text.length} characters; it may have at most ${max}`,
			{ itemIndex },
		);
	return text;
}
