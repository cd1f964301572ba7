import { createHmac, timingSafeEqual } from 'crypto';
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

/** How deliveries are authenticated; compared in constant time. */
export type DeliveryAuth =
	| { mode: 'none' }
	| { mode: 'headerToken'; header: string; token: string }
	| { mode: 'signature'; header: string; secret: string };

export const SIGNATURE_CREDENTIAL = 'businessMessagingSignatureApi';
export const HEADER_TOKEN_CREDENTIAL = 'businessMessagingHeaderTokenApi';

interface WebhookSecrets {
	secret?: string;
	signatureHeader?: string;
	headerName?: string;
	token?: string;
	verifyToken?: string;
}

/** The credential of the trigger's Authentication, or undefined for None. */
async function webhookSecrets(
	context: IWebhookFunctions | IHookFunctions,
): Promise<WebhookSecrets | undefined> {
	const mode = context.getNodeParameter('deliveryAuth', 'none') as string;
	if (mode === 'signature')
		return await context.getCredentials<WebhookSecrets>(SIGNATURE_CREDENTIAL);
	if (mode === 'headerToken')
		return await context.getCredentials<WebhookSecrets>(HEADER_TOKEN_CREDENTIAL);
	return undefined;
}

/**
 * The trigger's check of deliveries: its Authentication, with the secrets from that choice's
 * credential. Throws when the credential is not chosen (the caller refuses the delivery).
 */
export async function deliveryAuth(
	context: IWebhookFunctions | IHookFunctions,
): Promise<DeliveryAuth> {
	const mode = context.getNodeParameter('deliveryAuth', 'none') as string;
	const secrets = await webhookSecrets(context);
	if (mode === 'headerToken')
		return {
			mode,
			header: String(secrets?.headerName ?? ''),
			token: String(secrets?.token ?? ''),
		};
	if (mode === 'signature')
		return {
			mode,
			header: String(secrets?.signatureHeader ?? ''),
			secret: String(secrets?.secret ?? ''),
		};
	return { mode: 'none' };
}

/** The verify token of the URL check, from the Authentication's credential ('' without one). */
export async function verifyTokenOf(context: IWebhookFunctions | IHookFunctions): Promise<string> {
	try {
		return String((await webhookSecrets(context))?.verifyToken ?? '');
	} catch {
		return '';
	}
}

/** The headers that authenticate `body` as a delivery (a burst handed over, burstHandOver). */
export function signedHeaders(auth: DeliveryAuth, body: string): Record<string, string> {
	if (auth.mode === 'headerToken') return { [auth.header]: auth.token };
	if (auth.mode === 'signature')
		return {
			[auth.header]: `sha256=${createHmac('sha256', auth.secret).update(body).digest('hex')}`,
		};
	return {};
}

/**
 * Why a delivery is not authentic, in words that say what to check; undefined when it is.
 * The reasons never quote the secret or what was received in its place.
 */
export function authenticationProblem(
	auth: DeliveryAuth,
	headers: Record<string, unknown>,
	rawBody: Buffer | undefined,
): string | undefined {
	if (auth.mode === 'none') return undefined;
	// An empty secret would let anyone sign or match: the credential must hold one.
	if ((auth.mode === 'headerToken' ? auth.token : auth.secret) === '')
		return `The credential of Authentication has no ${auth.mode === 'headerToken' ? 'Header Value' : 'Secret'}: enter the one set in the provider dashboard`;
	const given = headerValue(headers, auth.header);
	if (auth.mode === 'headerToken') {
		if (given === undefined)
			return `The delivery has no "${auth.header}" header: check the credential's Header Name against the header the provider sends the token in`;
		return sameText(given, auth.token)
			? undefined
			: `The "${auth.header}" header does not match the credential's Header Value: copy the token again from the provider dashboard`;
	}
	if (given === undefined)
		return `The delivery has no "${auth.header}" signature header: check the credential's Signature Header, or whether the provider signs deliveries at all (then choose another Authentication)`;
	if (!rawBody) return 'The delivery came without its raw body, so its signature cannot be checked';
	const expected = createHmac('sha256', auth.secret).update(rawBody).digest('hex');
	// "sha256=<hex>" as the platform sends it, or the bare hex
	const hex = given
		.trim()
		.replace(/^sha256=/i, '')
		.toLowerCase();
	if (!/^[0-9a-f]{64}$/.test(hex))
		return `The "${auth.header}" header is not an HMAC-SHA256 signature ("sha256=" and 64 hex digits)`;
	return timingSafeEqual(Buffer.from(hex, 'hex'), Buffer.from(expected, 'hex'))
		? undefined
		: `The delivery's signature does not match: the credential's Secret must be the secret the provider signs with (the app secret), or the body was changed on its way`;
}

/**
 * The shape of a challenge the platform sends (Meta's is a number; letters, `-`, `_`, `.` and `~`
 * are allowed too): echoed back, so nothing that a browser could read as markup.
 */
const CHALLENGE = /^[A-Za-z0-9._~-]{1,256}$/;

/** The verification handshake: a GET with hub.mode=subscribe and the user's verify token. */
export function isVerification(
	query: Record<string, unknown>,
	verifyToken: string,
): 'ok' | 'wrongToken' | 'badChallenge' | 'notVerification' {
	if (query['hub.mode'] !== 'subscribe' || typeof query['hub.challenge'] !== 'string')
		return 'notVerification';
	const token = query['hub.verify_token'];
	if (verifyToken === '' || typeof token !== 'string' || !sameText(token, verifyToken))
		return 'wrongToken';
	return CHALLENGE.test(query['hub.challenge']) ? 'ok' : 'badChallenge';
}

function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
	const value = headers[name.toLowerCase()];
	if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
	return typeof value === 'string' ? value : undefined;
}

/** Constant-time equality of two texts of any length (digests have equal length). */
function sameText(a: string, b: string): boolean {
	const da = createHmac('sha256', 'compare').update(a).digest();
	const db = createHmac('sha256', 'compare').update(b).digest();
	return timingSafeEqual(da, db) && a.length === b.length;
}
