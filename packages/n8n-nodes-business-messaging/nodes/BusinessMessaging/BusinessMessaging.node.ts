import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import * as account from './actions/account/Account.resource';
import * as media from './actions/media/Media.resource';
import * as message from './actions/message/Message.resource';
import * as payment from './actions/payment/Payment.resource';
import * as product from './actions/product/Product.resource';
import * as template from './actions/template/Template.resource';
import * as templateSample from './actions/templateSample/TemplateSample.resource';
import { router } from './actions/router';
import { requestOptionsProperty } from './helpers/requestOptions';
import { getTemplateVariables } from './methods/resourceMapping';
import {
	searchApprovedTemplates,
	searchBusinessAccounts,
	searchPhoneNumbers,
	searchTemplates,
} from './methods/listSearch';

export class BusinessMessaging implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Messaging',
		name: 'businessMessaging',
		icon: {
			light: 'file:../../icons/business-messaging.svg',
			dark: 'file:../../icons/business-messaging.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Send approved templates and manage templates, catalogs, media, account and payments',
		defaults: { name: 'Business Messaging' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'businessMessagingApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'Media', value: 'media' },
					{ name: 'Message', value: 'message' },
					{ name: 'Payment', value: 'payment' },
					{ name: 'Product', value: 'product' },
					{ name: 'Template', value: 'template' },
					{ name: 'Template Sample', value: 'templateSample' },
				],
				default: 'account',
			},
			...account.description,
			...media.description,
			...message.description,
			...payment.description,
			...product.description,
			...template.description,
			...templateSample.description,
			requestOptionsProperty,
		],
	};

	methods = {
		listSearch: {
			searchApprovedTemplates,
			searchBusinessAccounts,
			searchPhoneNumbers,
			searchTemplates,
		},
		resourceMapping: { getTemplateVariables },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return router.call(this);
	}
}
