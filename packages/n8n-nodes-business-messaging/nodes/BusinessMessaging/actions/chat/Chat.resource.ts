import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as handBack from './handBack.operation';
import * as handOver from './handOver.operation';

/**
 * Who answers a chat: the workflow, or a person. Its own resource, not Message's: nothing is sent
 * to the customer, and not Account's: the state is the chat's, which the trigger reads.
 */
export const operations: Record<string, Operation> = { handBack, handOver };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['chat'] } },
		options: [
			{
				name: 'Hand Back to the Workflow',
				value: 'handBack',
				description: "The trigger starts the workflow again for the chat's messages",
				action: 'Hand a chat back to the workflow',
			},
			{
				name: 'Hand Over to a Person',
				value: 'handOver',
				description:
					'A person answers the chat: the trigger starts nothing for its messages until it is handed back or the time limit passes',
				action: 'Hand a chat over to a person',
			},
		],
		default: 'handOver',
	},
	...handOver.description,
	...handBack.description,
];
