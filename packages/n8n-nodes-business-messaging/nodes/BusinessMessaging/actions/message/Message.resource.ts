import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as sendTemplate from './sendTemplate.operation';

export const operations: Record<string, Operation> = { sendTemplate };

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
		],
		default: 'sendTemplate',
	},
	...sendTemplate.description,
];
