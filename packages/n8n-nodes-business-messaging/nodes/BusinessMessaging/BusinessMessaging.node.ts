import { NodeConnectionTypes, type IExecuteFunctions, type INodeExecutionData, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import * as account from './actions/account/Account.resource';
import * as payment from './actions/payment/Payment.resource';
import { router } from './actions/router';
import { requestOptionsProperty } from './helpers/requestOptions';
import { searchBusinessAccounts, searchPhoneNumbers } from './methods/listSearch';

export class BusinessMessaging implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Messaging',
		name: 'businessMessaging',
		icon: { light: 'file:../../icons/business-messaging.svg', dark: 'file:../../icons/business-messaging.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Send approved templates and manage templates, catalogs, media, account and payments',
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
					{ name: 'Payment', value: 'payment' },
				],
				default: 'account',
			},
			...account.description,
			...payment.description,
			requestOptionsProperty,
		],
	};

	methods = {
		listSearch: { searchBusinessAccounts, searchPhoneNumbers },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return router.call(this);
	}
}
