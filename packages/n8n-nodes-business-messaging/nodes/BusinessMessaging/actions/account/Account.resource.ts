import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as blockUser from './blockUser.operation';
import * as getBusinessAccount from './getBusinessAccount.operation';
import * as getBusinessProfile from './getBusinessProfile.operation';
import * as getCommerceSettings from './getCommerceSettings.operation';
import * as getConversationalAutomation from './getConversationalAutomation.operation';
import * as getRoutingRoles from './getRoutingRoles.operation';
import * as listBlockedUsers from './listBlockedUsers.operation';
import * as listNumbers from './listNumbers.operation';
import * as unblockUser from './unblockUser.operation';
import * as updateBusinessProfile from './updateBusinessProfile.operation';
import * as updateCommerceSettings from './updateCommerceSettings.operation';
import * as updateConversationalAutomation from './updateConversationalAutomation.operation';

export const operations: Record<string, Operation> = {
	blockUser,
	getBusinessAccount,
	getBusinessProfile,
	getCommerceSettings,
	getConversationalAutomation,
	getRoutingRoles,
	listBlockedUsers,
	listNumbers,
	unblockUser,
	updateBusinessProfile,
	updateCommerceSettings,
	updateConversationalAutomation,
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
				name: 'Get Business Profile',
				value: 'getBusinessProfile',
				description:
					'Get the profile customers see for a number: about, address, description, email, websites, industry and photo',
				action: 'Get a business profile',
			},
			{
				name: 'Get Commerce Settings',
				value: 'getCommerceSettings',
				description: 'Get whether a number’s chats show the cart and the catalog',
				action: 'Get commerce settings',
			},
			{
				name: 'Get Conversational Automation',
				value: 'getConversationalAutomation',
				description: 'Get a number’s ice breakers, commands and whether the welcome message is on',
				action: 'Get conversational automation',
			},
			{
				name: 'Get Routing Roles',
				value: 'getRoutingRoles',
				description:
					"Get this app's roles on a number under Meta's conversation routing, with a warning when another app gets its customers' messages",
				action: 'Get routing roles',
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
			{
				name: 'Update Business Profile',
				value: 'updateBusinessProfile',
				description: 'Change the profile customers see for a number, the profile photo included',
				action: 'Update a business profile',
			},
			{
				name: 'Update Commerce Settings',
				value: 'updateCommerceSettings',
				description: 'Show or hide the cart and the catalog in a number’s chats',
				action: 'Update commerce settings',
			},
			{
				name: 'Update Conversational Automation',
				value: 'updateConversationalAutomation',
				description:
					'Set a number’s ice breakers and commands, and turn the welcome message on or off',
				action: 'Update conversational automation',
			},
		],
		default: 'listNumbers',
	},
	...blockUser.description,
	...getBusinessAccount.description,
	...getBusinessProfile.description,
	...getCommerceSettings.description,
	...getConversationalAutomation.description,
	...getRoutingRoles.description,
	...listBlockedUsers.description,
	...listNumbers.description,
	...unblockUser.description,
	...updateBusinessProfile.description,
	...updateCommerceSettings.description,
	...updateConversationalAutomation.description,
];
