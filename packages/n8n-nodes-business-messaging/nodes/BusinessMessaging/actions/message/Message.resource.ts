import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as sendTemplate from './sendTemplate.operation';
import * as sendText from './sendText.operation';

export const operations: Record<string, Operation> = { sendTemplate, sendText };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['message'] } },
		options: [
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
	...sendTemplate.description,
	...sendText.description,
];
