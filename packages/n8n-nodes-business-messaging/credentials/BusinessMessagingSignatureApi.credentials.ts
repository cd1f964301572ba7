import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The Business Messaging Trigger's check of deliveries by signature: the secret the provider
 * signs each delivery's body with (HMAC-SHA256), and the verify token of its URL check. Kept in
 * a credential, encrypted by n8n: node parameters are stored in plain text, returned by n8n's
 * workflow API and copied into every execution.
 */
export class BusinessMessagingSignatureApi implements ICredentialType {
	name = 'businessMessagingSignatureApi';

	displayName = 'Business Messaging Webhook Signature API';

	icon: Icon = {
		light: 'file:../icons/business-messaging.svg',
		dark: 'file:../icons/business-messaging.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-business-messaging/n8n-nodes-business-messaging/blob/main/docs/guide/trigger.md#authentication';

	properties: INodeProperties[] = [
		{
			displayName: 'Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The secret the provider signs deliveries with: for the WhatsApp Cloud API, the app secret (App settings › Basic in the app dashboard). Not the API key or an access token.',
		},
		{
			displayName: 'Signature Header',
			name: 'signatureHeader',
			type: 'string',
			default: 'X-Hub-Signature-256',
			required: true,
			description: 'The header carrying "sha256=" and the hex HMAC-SHA256 of the raw body',
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
