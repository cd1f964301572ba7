import { NodeOperationError, type IHookFunctions } from 'n8n-workflow';
import { deliveryAuth } from './verify';

/**
 * The API key pasted as the signing secret passes every check the credential's own Test can make
 * (it cannot see the API key), and then every delivery is refused. The trigger holds both
 * credentials: publishing (and Listen for Test Event) stops here, saying which field to fix.
 */
export async function refuseApiKeyAsSecret(this: IHookFunctions): Promise<void> {
	const auth = await deliveryAuth(this);
	if (auth.mode === 'none') return;
	let apiKey: string;
	try {
		apiKey = String(
			(await this.getCredentials<{ apiKey?: string }>('businessMessagingApi')).apiKey ?? '',
		);
	} catch {
		// No API credential chosen: nothing to compare with.
		return;
	}
	const secret = auth.mode === 'signature' ? auth.secret : auth.token;
	if (apiKey === '' || secret !== apiKey) return;
	const field = auth.mode === 'signature' ? 'Secret' : 'Header Value';
	throw new NodeOperationError(
		this.getNode(),
		`The ${field} of the Authentication credential is the API key`,
		{
			description: `Deliveries are ${auth.mode === 'signature' ? 'signed with the app secret (for the WhatsApp Cloud API: App settings › Basic in the app dashboard)' : 'sent with the token set in the provider dashboard'}, not with the API key: with it, every delivery would be refused (401). Enter that ${field} in the credential.`,
		},
	);
}
