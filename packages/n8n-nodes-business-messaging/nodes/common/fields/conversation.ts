import { NodeOperationError, type INode, type INodeProperties } from 'n8n-workflow';
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

/** A message ID as the platform gives it (2.10: it starts with "wamid."). */
export const MESSAGE_ID = /^wamid\.[\w=+/-]+$/;

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
