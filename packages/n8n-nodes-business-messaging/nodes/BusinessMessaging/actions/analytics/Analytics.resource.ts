import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../types';
import * as getPricingAnalytics from './getPricingAnalytics.operation';
import * as getTemplateAnalytics from './getTemplateAnalytics.operation';

export const operations: Record<string, Operation> = {
	getPricingAnalytics,
	getTemplateAnalytics,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['analytics'] } },
		options: [
			{
				name: 'Get Pricing Analytics',
				value: 'getPricingAnalytics',
				description:
					'What the account’s messages cost, per day or month, split by category, type, country or number',
				action: 'Get pricing analytics',
			},
			{
				name: 'Get Template Analytics',
				value: 'getTemplateAnalytics',
				description:
					'Each template’s sends, deliveries, reads, clicks and cost, one item per template and day',
				action: 'Get template analytics',
			},
		],
		default: 'getTemplateAnalytics',
	},
	...getPricingAnalytics.description,
	...getTemplateAnalytics.description,
];
