import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations: Record<string, Operation> = { create, delete: del, get, getMany, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['template'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a template and submit it for review',
				action: 'Create a template',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a template in all languages or in one',
				action: 'Delete a template',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a template with its content and status',
				action: 'Get a template',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List templates, newest first',
				action: 'Get many templates',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the content or category of a template',
				action: 'Update a template',
			},
		],
		default: 'getMany',
	},
	...create.description,
	...del.description,
	...get.description,
	...getMany.description,
	...update.description,
];
