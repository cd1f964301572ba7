import { NodeOperationError, type INode } from 'n8n-workflow';

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
