import type { INodeProperties } from 'n8n-workflow';
import { phoneNumberLocator } from './locators';
import { recipientField } from './recipient';

/** The fields every message sent in a chat shares: who sends, to whom, and as a reply to what. */

/** Reminds that everything but a template only answers a customer, inside 24 hours. */
export const windowNotice: INodeProperties = {
	displayName:
		'Only an answer: accepted within 24 hours of the customer’s last message. To start a conversation, use Send Template, or choose a template below for when the window is closed.',
	name: 'windowNotice',
	type: 'notice',
	default: '',
};

/**
 * Sender: empty by default, which answers from the number the customer wrote to (see
 * common/sender); a number chosen here sends every message.
 */
export function senderLocator(description: string): INodeProperties {
	const locator = phoneNumberLocator();
	return {
		...locator,
		displayName: 'Sender',
		required: false,
		description,
		hint: 'Leave empty to answer from the number the customer wrote to (the trigger’s phoneNumberId)',
		modes: locator.modes?.map((mode) =>
			mode.name === 'list' ? { ...mode, placeholder: 'The number the customer wrote to' } : mode,
		),
	};
}

export const senderField: INodeProperties = senderLocator(
	'The business number that sends the message. Empty: the number the customer wrote to.',
);

export const chatRecipientField: INodeProperties = recipientField(
	'The customer’s number in international format with its country code, or their user ID (e.g. US.13491208655302741918); the trigger’s "sendTo" field fits as it is',
);

/** Options › Reply To Message ID: the message is shown as a reply (the Cloud API's `context`). */
export const replyToOption: INodeProperties = {
	displayName: 'Reply To Message ID',
	name: 'replyTo',
	type: 'string',
	default: '',
	placeholder: 'e.g. wamid.HBgLMTQxNTU1NTAxMDA',
	description: 'Show the message as a reply to this message of the chat (the trigger’s messageId)',
};
