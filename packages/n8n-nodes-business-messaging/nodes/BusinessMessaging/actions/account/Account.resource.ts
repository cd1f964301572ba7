import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as getBusinessAccount from './getBusinessAccount.operation';
import * as listNumbers from './listNumbers.operation';

export const operations: Record<string, Operation> = { getBusinessAccount, listNumbers };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Get Business Account',
				value: 'getBusinessAccount',
				description:
					'Get the name, currency, time zone and template namespace of a business account',
				action: 'Get a business account',
			},
			{
				name: 'List Numbers',
				value: 'listNumbers',
				description: 'List the phone numbers this API key can use, with their business account',
				action: 'List phone numbers',
			},
		],
		default: 'listNumbers',
	},
	...getBusinessAccount.description,
	...listNumbers.description,
];
