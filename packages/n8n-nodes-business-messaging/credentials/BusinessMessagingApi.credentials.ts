import type {
	IAuthenticate,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { isUnderBaseUrl, requestTarget } from '../nodes/common/transport/keyScope';

export class BusinessMessagingApi implements ICredentialType {
	name = 'businessMessagingApi';

	displayName = 'Business Messaging API';

	icon: Icon = {
		light: 'file:../icons/business-messaging.svg',
		dark: 'file:../icons/business-messaging.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-business-messaging/n8n-nodes-business-messaging/blob/main/packages/n8n-nodes-business-messaging/README.md#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com/v3',
			description: 'The address of the API including its version, so it ends in /v3',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Created in the provider dashboard under Messaging › API keys. The number must already be connected there.',
		},
	];

	/**
	 * The key travels in the apikey header only, never in a query string or body (spec 5), and only
	 * to the Base URL: a request elsewhere (n8n's HTTP Request node with this credential, a URL
	 * typed by hand) is refused before it is sent. A function rather than the declarative
	 * `{ headers: { apikey: '={{$credentials.apiKey}}' } }`: n8n resolves that expression for every
	 * request through its expression engine, about 1.6 ms a request in n8n 2.41.1
	 * (bench/RESULTS.md, "Paging in a real n8n").
	 */
	authenticate: IAuthenticate = async (credentials, requestOptions) => {
		const base = String(credentials.baseUrl ?? '');
		const target = requestTarget(requestOptions);
		if (target === undefined || !isUnderBaseUrl(target, base))
			throw new Error(
				`The Business Messaging API credential sends its key only to its Base URL (${base.trim()}); this request goes to ${target ? target.origin + target.pathname : 'an address that is not a URL'}. Use a URL under the Base URL.`,
			);
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, apikey: String(credentials.apiKey ?? '') },
		};
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}',
			url: '/getuserdetails',
			// As every request of the nodes: a redirect is an answer, never followed, or the apikey
			// header would go to whatever host the redirect names.
			disableFollowRedirect: true,
		},
		// The spec shows no status for a refused key: 401 is the common one, and gateways answer
		// 403. Graph answers 400 (code 190), but also 400 for a path it does not know: that message
		// names both causes.
		rules: [
			...[301, 302, 303, 307, 308].map((value) => ({
				type: 'responseCode' as const,
				properties: {
					value,
					message:
						'The Base URL answered with a redirect to another address, which was not followed (the API key is never sent there). Set Base URL to the API address itself, ending in /v3.',
				},
			})),
			...[401, 403].map((value) => ({
				type: 'responseCode' as const,
				properties: {
					value,
					message:
						'The API key was refused. Copy it again from the dashboard (Messaging › API keys) and check that its number is connected.',
				},
			})),
			{
				type: 'responseCode',
				properties: {
					value: 400,
					message:
						'The API refused the request: the API key was refused, or the Base URL is not the API address ending in /v3. Copy the key again from the dashboard (Messaging › API keys) and check the Base URL.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'Nothing answers at this Base URL. It must be the API address ending in /v3, e.g. https://api.example.com/v3.',
				},
			},
		],
	};
}
