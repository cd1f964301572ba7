import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as batch from './batch.operation';
import * as getMany from './getMany.operation';

export const operations: Record<string, Operation> = { batch, getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['product'] } },
		options: [
			{
				name: 'Batch',
				value: 'batch',
				description: 'Create, update or delete a product per input item, many per request',
				action: 'Change products in batches',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the products of a catalog',
				action: 'Get many products',
			},
		],
		default: 'getMany',
	},
	...batch.description,
	...getMany.description,
];
