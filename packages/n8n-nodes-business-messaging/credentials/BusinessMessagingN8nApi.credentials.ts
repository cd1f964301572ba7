import type {
	IAuthenticate,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { isUnderBaseUrl, requestTarget } from '../nodes/common/transport/keyScope';

/**
 * Where the trigger keeps what outlives a delivery (open bursts, events taken, open questions)
 * when it must hold across processes and restarts: n8n's own database, through n8n's public API
 * (data tables). Its Test tells a wrong key from a key without data-table scopes and from an API
 * that has no data tables (turned off, or an n8n older than 2.7).
 */
export class BusinessMessagingN8nApi implements ICredentialType {
	name = 'businessMessagingN8nApi';

	displayName = 'Business Messaging State Store API';

	icon: Icon = {
		light: 'file:../icons/business-messaging.svg',
		dark: 'file:../icons/business-messaging.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-business-messaging/n8n-nodes-business-messaging/blob/main/docs/guide/trigger.md#where-the-trigger-keeps-its-state';

	properties: INodeProperties[] = [
		{
			displayName: 'n8n API URL',
			name: 'baseUrl',
			type: 'string',
			default: 'http://127.0.0.1:5678/api/v1',
			required: true,
			placeholder: 'http://127.0.0.1:5678/api/v1',
			description:
				"The address of this n8n's public API as every n8n process can reach it (in queue mode, the main's), ending in /api/v1",
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Created in n8n under Settings › n8n API, with the data table scopes (Data Table and Data Table Row: create, read, list, update, delete)',
		},
	];

	/** The key in n8n's own header, and only to addresses under the n8n API URL (keyScope.ts). */
	authenticate: IAuthenticate = async (credentials, requestOptions) => {
		const base = String(credentials.baseUrl ?? '');
		const target = requestTarget(requestOptions);
		if (target === undefined || !isUnderBaseUrl(target, base))
			throw new Error(
				`The Business Messaging State credential sends its key only to its n8n API URL (${base.trim()}); this request goes to ${target ? target.origin + target.pathname : 'an address that is not a URL'}.`,
			);
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, 'X-N8N-API-KEY': String(credentials.apiKey ?? '') },
		};
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}',
			url: '/data-tables',
			qs: { limit: 1 },
			disableFollowRedirect: true,
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The API key was refused. Create one under Settings › n8n API and paste it here.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'The API key lacks the data table scopes: give it Data Table and Data Table Row (create, read, list, update, delete) under Settings › n8n API.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						"No data tables answer at this URL: n8n's API is turned off (N8N_PUBLIC_API_DISABLED=true), the URL does not end in /api/v1, or this n8n is older than 2.7 (data tables came in 2.7).",
				},
			},
		],
	};
}
