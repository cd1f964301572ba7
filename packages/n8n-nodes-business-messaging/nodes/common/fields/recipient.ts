import type { INodeProperties } from 'n8n-workflow';

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
