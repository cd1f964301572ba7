import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { resourceProperties } from './actions/resources';
import { router } from './actions/router';
import { requestOptionsProperty } from '../common/fields/requestOptions';
import { resumeWebhook } from './waiting/resumeWebhook';
import { getFallbackTemplateVariables, getTemplateVariables } from './methods/resourceMapping';
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
		// Where a waiting execution is resumed (common/waiting): n8n's waiting-webhook address
		// /webhook-waiting/<execution>/<node>, as n8n's own Send and Wait nodes declare it.
		webhooks: [
			{
				name: 'default',
				httpMethod: 'GET',
				responseMode: 'onReceived',
				responseData: '',
				path: '={{ $nodeId }}',
				restartWebhook: true,
				isFullPath: true,
			},
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: '',
				path: '={{ $nodeId }}',
				restartWebhook: true,
				isFullPath: true,
			},
		],
		properties: [...resourceProperties, requestOptionsProperty],
	};

	methods = {
		listSearch: {
			searchApprovedTemplates,
			searchBusinessAccounts,
			searchPhoneNumbers,
			searchTemplates,
		},
		resourceMapping: { getFallbackTemplateVariables, getTemplateVariables },
	};

	// The waiting webhooks above are n8n's own resume addresses: there is nothing to register
	// with the platform, and n8n never activates restart webhooks.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeWebhook.call(this);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return router.call(this);
	}
}
