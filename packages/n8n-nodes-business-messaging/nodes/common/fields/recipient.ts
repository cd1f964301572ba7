import { NodeOperationError, type INode, type INodeProperties } from 'n8n-workflow';

/**
 * A recipient as the API wants it: international format, digits only, no plus
 * ("+1 (415) 555-0100" -> "14155550100"; "0044 20 7946 0958" -> "442079460958").
 */
export function normalizeRecipient(node: INode, raw: unknown, itemIndex: number): string {
	const text = String(raw ?? '').trim();
	const fail = (why: string) =>
		new NodeOperationError(node, `Recipient "${text}" ${why}`, {
			itemIndex,
			description:
				'Give the number in international format with its country code, e.g. +1 415 555 0100.',
		});
	if (!text) throw fail('is empty');
	if (/[^\d\s()+.\-/]/.test(text))
		throw fail('is not a phone number: only digits, spaces, +, -, ., / and brackets are allowed');
	let digits = text.replace(/[\s()+.\-/]/g, '');
	if (text.startsWith('00')) digits = digits.slice(2);
	else if (!text.startsWith('+') && digits.startsWith('0'))
		throw fail('has no country code (it starts with 0)');
	if (text.indexOf('+') > 0) throw fail('has a + that is not at the start');
	if (digits.startsWith('0')) throw fail('has no country code: country codes start with 1 to 9');
	if (digits.length < 7 || digits.length > 15)
		throw fail(`has ${digits.length} digits; a number in international format has 7 to 15`);
	return digits;
}

/** The Recipient field of the send operations; each says where the number usually comes from. */
export function recipientField(description: string): INodeProperties {
	return {
		displayName: 'Recipient',
		name: 'recipient',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. +1 (415) 555-0100',
		description,
	};
}
