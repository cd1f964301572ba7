import { createHmac, timingSafeEqual } from 'crypto';

/** How deliveries are authenticated; compared in constant time. */
export type DeliveryAuth =
	| { mode: 'none' }
	| { mode: 'headerToken'; header: string; token: string }
	| { mode: 'signature'; header: string; secret: string };

export function isAuthentic(
	auth: DeliveryAuth,
	headers: Record<string, unknown>,
	rawBody: Buffer | undefined,
): boolean {
	if (auth.mode === 'none') return true;
	const given = headerValue(headers, auth.header);
	if (given === undefined) return false;
	if (auth.mode === 'headerToken') return sameText(given, auth.token);
	if (!rawBody) return false;
	const expected = createHmac('sha256', auth.secret).update(rawBody).digest('hex');
	// "sha256=<hex>" as the platform sends it, or the bare hex
	const hex = given
		.trim()
		.replace(/^sha256=/i, '')
		.toLowerCase();
	return (
		/^[0-9a-f]{64}$/.test(hex) &&
		timingSafeEqual(Buffer.from(hex, 'hex'), Buffer.from(expected, 'hex'))
	);
}

/** The verification handshake: a GET with hub.mode=subscribe and the user's verify token. */
export function isVerification(
	query: Record<string, unknown>,
	verifyToken: string,
): 'ok' | 'wrongToken' | 'notVerification' {
	if (query['hub.mode'] !== 'subscribe' || typeof query['hub.challenge'] !== 'string')
		return 'notVerification';
	const token = query['hub.verify_token'];
	return verifyToken !== '' && typeof token === 'string' && sameText(token, verifyToken)
		? 'ok'
		: 'wrongToken';
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
