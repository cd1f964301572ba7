import type { INodeProperties } from 'n8n-workflow';

/** The Recipient field of the send operations; each says where the number usually comes from. */
export function recipientField(description: string): INodeProperties {
	return {
		displayName: 'Recipient',
		name: 'recipient',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. +1 (415) 555-0100, or a user ID: US.13491208655302741918',
		description,
	};
}

/** The customer an operation acts on outside a send (blocking): a number or a user ID. */
export function customerField(description: string): INodeProperties {
	return {
		displayName: 'Customer',
		name: 'customer',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. +1 (415) 555-0100, or a user ID: US.13491208655302741918',
		description: `${description}. Their number in international format, or their user ID; the trigger's "sendTo" field fits as it is.`,
	};
}
