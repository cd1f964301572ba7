import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { resourceProperties } from './actions/resources';
import { router } from './actions/router';
import { requestOptionsProperty } from '../common/fields/requestOptions';
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

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return router.call(this);
	}
}
