import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { contactsContent, type ContactCard } from '../../../common/messages/contents';
import { chatMessageSend, type ChatMessage } from './chatMessageSend';

const text = (
	displayName: string,
	name: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...extra,
});

const fields: INodeProperties[] = [
	{
		displayName: 'Contacts',
		name: 'contacts',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Contact' },
		default: {},
		placeholder: 'Add Contact',
		description: 'Contact cards the customer can save or message',
		options: [
			{
				displayName: 'Contact',
				name: 'contact',
				values: [
					text('Name', 'name', {
						required: true,
						placeholder: 'e.g. Ana García',
						description: 'The name shown on the card',
					}),
					text('Phone', 'phone', { placeholder: 'e.g. +1 415 555 0100' }),
					{
						displayName: 'Phone Type',
						name: 'phoneType',
						type: 'options',
						default: 'CELL',
						options: [
							{ name: 'Cell', value: 'CELL' },
							{ name: 'Home', value: 'HOME' },
							{ name: 'Main', value: 'MAIN' },
							{ name: 'Work', value: 'WORK' },
						],
					},
					text('WhatsApp ID', 'waId', {
						description:
							'The number’s WhatsApp ID (digits), which adds a "Message" button to the card (optional)',
					}),
					text('Email', 'email', { placeholder: 'e.g. name@email.com' }),
					text('Company', 'company', { placeholder: 'e.g. Coffee Roasters Ltd' }),
					text('Website', 'url', { placeholder: 'e.g. https://example.com' }),
					text('Birthday', 'birthday', {
						placeholder: 'e.g. 1990-04-21',
						description: 'YYYY-MM-DD (optional)',
					}),
				],
			},
		],
	},
];

export const { description, sideEffects, idempotencyKey, execute } = chatMessageSend({
	operation: 'sendContacts',
	fields,
	message: contactsMessage,
});

/** One or more contact cards (the Cloud API's `contacts` message). */
async function contactsMessage(this: IExecuteFunctions, item: ItemContext): Promise<ChatMessage> {
	const node = this.getNode();
	const { itemIndex } = item;
	const { contact = [] } = this.getNodeParameter('contacts', itemIndex, {}) as {
		contact?: IDataObject[];
	};
	if (contact.length === 0)
		throw new NodeOperationError(node, 'Contacts is empty: add at least one contact', {
			itemIndex,
		});
	const contacts = contact.map((entry, index) =>
		card(this, entry, `Contacts › Contact ${index + 1}`, itemIndex),
	);
	return { content: contactsContent(contacts) };
}

/** One contact card of the form, checked; empty fields stay empty (the builder leaves them out). */
function card(
	context: IExecuteFunctions,
	entry: IDataObject,
	field: string,
	itemIndex: number,
): ContactCard {
	const node = context.getNode();
	const value = (key: string) => String(entry[key] ?? '').trim();
	const name = value('name');
	if (!name) throw new NodeOperationError(node, `${field} › Name is empty`, { itemIndex });
	const birthday = value('birthday');
	if (birthday && !/^\d{4}-\d{2}-\d{2}$/.test(birthday))
		throw new NodeOperationError(
			node,
			`${field} › Birthday "${birthday}" is not a date written YYYY-MM-DD`,
			{ itemIndex },
		);
	const waId = value('waId');
	if (waId && !/^\d{7,15}$/.test(waId))
		throw new NodeOperationError(
			node,
			`${field} › WhatsApp ID "${waId}" is not a WhatsApp ID: 7 to 15 digits`,
			{ itemIndex },
		);
	return {
		name,
		phone: value('phone'),
		phoneType: value('phoneType'),
		waId,
		email: value('email'),
		company: value('company'),
		url: value('url'),
		birthday,
	};
}
