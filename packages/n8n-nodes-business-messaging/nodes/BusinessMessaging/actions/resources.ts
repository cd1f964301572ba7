import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from './types';
import * as account from './account/Account.resource';
import * as analytics from './analytics/Analytics.resource';
import * as chat from './chat/Chat.resource';
import * as media from './media/Media.resource';
import * as message from './message/Message.resource';
import * as payment from './payment/Payment.resource';
import * as product from './product/Product.resource';
import * as template from './template/Template.resource';
import * as templateSample from './templateSample/TemplateSample.resource';

/**
 * Every resource of the node, by the value of its Resource option: the router's map and, below,
 * the Resource field itself, kept side by side in this one file.
 */
export const resources: Record<
	string,
	{ operations: Record<string, Operation>; description: INodeProperties[] }
> = {
	account,
	analytics,
	chat,
	media,
	message,
	payment,
	product,
	template,
	templateSample,
};

/** The Resource field, then each resource's Operation field and operations' fields. */
export const resourceProperties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Account', value: 'account' },
			{ name: 'Analytics', value: 'analytics' },
			{ name: 'Chat', value: 'chat' },
			{ name: 'Media', value: 'media' },
			{ name: 'Message', value: 'message' },
			{ name: 'Payment', value: 'payment' },
			{ name: 'Product', value: 'product' },
			{ name: 'Template', value: 'template' },
			{ name: 'Template Sample', value: 'templateSample' },
		],
		default: 'account',
	},
	...Object.values(resources).flatMap((resource) => resource.description),
];
