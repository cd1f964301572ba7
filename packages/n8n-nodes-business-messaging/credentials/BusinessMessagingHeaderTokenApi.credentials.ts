import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The Business Messaging Trigger's check of deliveries by a token in a header, and the verify
 * token of the URL check. Kept in a credential, encrypted by n8n: node parameters are stored in
 * plain text, returned by n8n's workflow API and copied into every execution.
 */
export class BusinessMessagingHeaderTokenApi implements ICredentialType {
	name = 'businessMessagingHeaderTokenApi';

	displayName = 'Business Messaging Webhook Header Token API';

	icon: Icon = {
		light: 'file:../icons/business-messaging.svg',
		dark: 'file:../icons/business-messaging.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-business-messaging/n8n-nodes-business-messaging/blob/main/docs/guide/trigger.md#authentication';

	properties: INodeProperties[] = [
		{
			displayName: 'Header Name',
			name: 'headerName',
			type: 'string',
			default: 'X-Webhook-Token',
			required: true,
			description: 'The header the provider puts the token in',
		},
		{
			displayName: 'Header Value',
			name: 'token',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The token the provider sends in that header, as set in its dashboard',
		},
		{
			displayName: 'Verify Token',
			name: 'verifyToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'If the provider verifies the URL (a GET with hub.mode=subscribe and hub.challenge), the token you entered there; the trigger then answers the challenge',
		},
	];
}
