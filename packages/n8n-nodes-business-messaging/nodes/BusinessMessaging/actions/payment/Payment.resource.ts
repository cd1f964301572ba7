import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as refund from './refund.operation';

export const operations: Record<string, Operation> = { refund };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['payment'] } },
		options: [
			{
				name: 'Refund',
				value: 'refund',
				description: 'Refund all or part of a payment made in a conversation',
				action: 'Refund a payment',
			},
		],
		default: 'refund',
	},
	...refund.description,
];
