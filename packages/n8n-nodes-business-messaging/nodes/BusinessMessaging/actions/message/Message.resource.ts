import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as markAsRead from './markAsRead.operation';
import * as react from './react.operation';
import * as sendAndWait from './sendAndWait.operation';
import * as sendButtons from './sendButtons.operation';
import * as sendCatalog from './sendCatalog.operation';
import * as sendContacts from './sendContacts.operation';
import * as sendFlow from './sendFlow.operation';
import * as sendLinkButton from './sendLinkButton.operation';
import * as sendList from './sendList.operation';
import * as sendLocation from './sendLocation.operation';
import * as sendMedia from './sendMedia.operation';
import * as sendProduct from './sendProduct.operation';
import * as sendProductList from './sendProductList.operation';
import * as sendTemplate from './sendTemplate.operation';
import * as sendText from './sendText.operation';

export const operations: Record<string, Operation> = {
	markAsRead,
	react,
	sendAndWait,
	sendButtons,
	sendCatalog,
	sendContacts,
	sendFlow,
	sendLinkButton,
	sendList,
	sendLocation,
	sendMedia,
	sendProduct,
	sendProductList,
	sendTemplate,
	sendText,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['message'] } },
		options: [
			{
				name: 'Mark as Read',
				value: 'markAsRead',
				description:
					'Show a customer’s message as read, optionally with "typing…" while you prepare the answer',
				action: 'Mark a message as read',
			},
			{
				name: 'React',
				value: 'react',
				description: 'Put an emoji on a message of the chat, or take it off',
				action: 'React to a message',
			},
			{
				name: 'Send and Wait for Response',
				value: 'sendAndWait',
				description:
					'Ask a question in the chat (approve or decline, a choice, or free text) and wait for the answer',
				action: 'Send a message and wait for the answer',
			},
			{
				name: 'Send Buttons',
				value: 'sendButtons',
				description: 'Answer with a text and up to 3 buttons to tap',
				action: 'Send a message with buttons',
			},
			{
				name: 'Send Catalog',
				value: 'sendCatalog',
				description:
					'Answer with a View catalog button that opens the catalog connected to the business account',
				action: 'Send a catalog message',
			},
			{
				name: 'Send Contacts',
				value: 'sendContacts',
				description: 'Answer with contact cards',
				action: 'Send contact cards',
			},
			{
				name: 'Send Flow',
				value: 'sendFlow',
				description:
					'Answer with a text and a button that opens a WhatsApp Flow, a form in the chat',
				action: 'Send a flow message',
			},
			{
				name: 'Send Link Button',
				value: 'sendLinkButton',
				description: 'Answer with a text and a button that opens a web page',
				action: 'Send a message with a link button',
			},
			{
				name: 'Send List',
				value: 'sendList',
				description: 'Answer with a text and a list of up to 10 options to choose from',
				action: 'Send a list message',
			},
			{
				name: 'Send Location',
				value: 'sendLocation',
				description: 'Answer with a place on a map',
				action: 'Send a location',
			},
			{
				name: 'Send Media',
				value: 'sendMedia',
				description: 'Answer with an image, video, audio file, document or sticker',
				action: 'Send a media message',
			},
			{
				name: 'Send Product',
				value: 'sendProduct',
				description: 'Answer with one product of a catalog, which the customer can add to a cart',
				action: 'Send a product message',
			},
			{
				name: 'Send Product List',
				value: 'sendProductList',
				description: 'Answer with up to 30 products of a catalog in sections',
				action: 'Send a product list message',
			},
			{
				name: 'Send Template',
				value: 'sendTemplate',
				description: 'Send an approved template to a customer, with its variables filled in',
				action: 'Send a template message',
			},
			{
				name: 'Send Text',
				value: 'sendText',
				description: 'Answer a customer with a text, within 24 hours of their last message',
				action: 'Send a text message',
			},
		],
		default: 'sendTemplate',
	},
	...markAsRead.description,
	...react.description,
	...sendAndWait.description,
	...sendButtons.description,
	...sendCatalog.description,
	...sendContacts.description,
	...sendFlow.description,
	...sendLinkButton.description,
	...sendList.description,
	...sendLocation.description,
	...sendMedia.description,
	...sendProduct.description,
	...sendProductList.description,
	...sendTemplate.description,
	...sendText.description,
];
