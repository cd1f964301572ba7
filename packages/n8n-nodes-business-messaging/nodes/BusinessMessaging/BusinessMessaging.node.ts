import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
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
import { listSearchMethods } from './methods/listSearch';

/** Resources whose operations' names say what they act on ("Send Buttons", "List Numbers"). */
const NAMED_BY_OPERATION = new Set(['account', 'message']);

/**
 * The canvas subtitle n8n evaluates: the operation as the user picked it ("Send Buttons",
 * "Template › Create"), not the internal values ("sendButtons: message"). Without a subtitle
 * n8n looks the operation up in the first Operation field only, which is Account's.
 */
function operationSubtitle(properties: INodeProperties[]): string {
	const labels: Record<string, string> = {};
	const resources = (properties.find((p) => p.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	for (const resource of resources)
		for (const field of properties.filter(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		))
			for (const operation of (field.options ?? []) as INodePropertyOptions[])
				labels[`${resource.value}:${operation.value}`] = NAMED_BY_OPERATION.has(
					String(resource.value),
				)
					? operation.name
					: `${resource.name} › ${operation.name}`;
	return `={{ ${JSON.stringify(labels)}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}`;
}

const properties = [...resourceProperties, requestOptionsProperty];

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
		subtitle: operationSubtitle(properties),
		// Also the default description of its AI tool. In the nodes panel n8n shows the trigger's
		// description for the pair (generateMergedNodesAndActions), so that one names both.
		description:
			'Send WhatsApp templates, texts, buttons, lists and media, ask and wait for the answer, and manage templates, catalogs, media, account and payments',
		// n8n opens a node's own http documentationUrl as is; a codex link gets ?utm_… after its
		// #anchor, which loses the section (test/docsLinks.test.ts).
		documentationUrl:
			'https://github.com/n8n-nodes-business-messaging/n8n-nodes-business-messaging/blob/main/packages/n8n-nodes-business-messaging/README.md#operations',
		defaults: { name: 'Business Messaging' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'businessMessagingApi', required: true },
			// n8n's API, where Chat › Hand Over and Hand Back keep the chat's state for the trigger.
			{
				name: 'businessMessagingN8nApi',
				required: true,
				displayOptions: { show: { resource: ['chat'], keepStateIn: ['database'] } },
			},
		],
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
		properties,
	};

	methods = {
		listSearch: listSearchMethods,
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
