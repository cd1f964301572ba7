import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as blockUser from './blockUser.operation';
import * as getBusinessAccount from './getBusinessAccount.operation';
import * as listBlockedUsers from './listBlockedUsers.operation';
import * as listNumbers from './listNumbers.operation';
import * as unblockUser from './unblockUser.operation';

export const operations: Record<string, Operation> = {
	blockUser,
	getBusinessAccount,
	listBlockedUsers,
	listNumbers,
	unblockUser,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Block User',
				value: 'blockUser',
				description:
					'Block a customer who wrote in the last 24 hours: they can no longer write to the number, nor it to them',
				action: 'Block a user',
			},
			{
				name: 'Get Business Account',
				value: 'getBusinessAccount',
				description:
					'Get the name, currency, time zone and template namespace of a business account',
				action: 'Get a business account',
			},
			{
				name: 'List Blocked Users',
				value: 'listBlockedUsers',
				description: 'List the customers a number blocked',
				action: 'List blocked users',
			},
			{
				name: 'List Numbers',
				value: 'listNumbers',
				description: 'List the phone numbers this API key can use, with their business account',
				action: 'List phone numbers',
			},
			{
				name: 'Unblock User',
				value: 'unblockUser',
				description: 'Unblock a customer: they can write to the number again, and it to them',
				action: 'Unblock a user',
			},
		],
		default: 'listNumbers',
	},
	...blockUser.description,
	...getBusinessAccount.description,
	...listBlockedUsers.description,
	...listNumbers.description,
	...unblockUser.description,
];
