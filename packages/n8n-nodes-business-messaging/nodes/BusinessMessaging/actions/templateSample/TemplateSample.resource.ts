import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as upload from './upload.operation';

export const operations: Record<string, Operation> = { upload };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['templateSample'] } },
		options: [
			{
				name: 'Upload',
				value: 'upload',
				description: 'Upload a sample file for a media header and get its handle',
				action: 'Upload a template sample',
			},
		],
		default: 'upload',
	},
	...upload.description,
];
