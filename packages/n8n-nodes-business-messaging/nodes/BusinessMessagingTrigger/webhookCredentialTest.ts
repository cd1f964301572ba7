import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

/**
 * The Test button of the trigger's webhook credentials. There is nothing to call: the provider
 * calls n8n. So the test checks what would make every delivery fail or every forger pass: a
 * secret or token that is empty or too short to resist guessing, one pasted with spaces or a line
 * break around it, an access token pasted in place of the app secret, a header name that no HTTP
 * request can carry, a verify token with spaces (the dashboard field takes none). A secret equal
 * to the API key is found when the trigger is published (it holds both credentials).
 */

/** Shorter secrets can be guessed; Meta's app secrets have 32 characters. */
const MIN_SECRET = 16;
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export async function webhookCredentialTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const signing = credential.type === 'businessMessagingSignatureApi';
	const secret = String((signing ? data.secret : data.token) ?? '');
	const header = String((signing ? data.signatureHeader : data.headerName) ?? '');
	const secretName = signing ? 'Secret' : 'Header Value';
	const headerName = signing ? 'Signature Header' : 'Header Name';
	if (secret !== secret.trim())
		return {
			status: 'Error',
			message: `${secretName} starts or ends with a space or a line break: copy it again without them, or every delivery is refused`,
		};
	if (signing && looksLikeAccessToken(secret))
		return {
			status: 'Error',
			message:
				'Secret looks like an access token or API key, not the secret deliveries are signed with: for the WhatsApp Cloud API it is the app secret (App settings › Basic in the app dashboard)',
		};
	if (secret.length < MIN_SECRET)
		return {
			status: 'Error',
			message: `${secretName} has ${secret.length} characters; use the one from the provider dashboard (at least ${MIN_SECRET}), or deliveries could be forged by guessing`,
		};
	if (!HEADER_NAME.test(header))
		return {
			status: 'Error',
			message: `${headerName} "${header}" is not an HTTP header name (letters, digits and - only, no spaces)`,
		};
	if (/\s/.test(String(data.verifyToken ?? '')))
		return {
			status: 'Error',
			message: 'Verify Token contains a space: enter it as in the dashboard',
		};
	return {
		status: 'OK',
		message: `Ready: deliveries must carry ${signing ? 'a signature made with this secret' : 'this token'} in ${header}`,
	};
}

/**
 * An access token where the signing secret belongs: Meta's tokens start with "EAA", and a JWT is
 * three base64url parts joined by dots. No signing secret has either shape.
 */
function looksLikeAccessToken(secret: string): boolean {
	return /^EAA[A-Za-z0-9]{20,}$/.test(secret) || /^[\w-]+\.[\w-]+\.[\w-]+$/.test(secret);
}
