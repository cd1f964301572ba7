import { randomBytes } from 'node:crypto';
import { invalid } from './errors';

/** The registration handshake of the platform's webhooks: the receiver must echo hub.challenge. */
export async function verifySubscription(
	url: string,
	verifyToken: string,
	fields = { url: 'url', verifyToken: 'verifyToken' },
): Promise<void> {
	const challenge = randomBytes(8).toString('hex');
	const target = new URL(url);
	target.searchParams.set('hub.mode', 'subscribe');
	target.searchParams.set('hub.verify_token', verifyToken);
	target.searchParams.set('hub.challenge', challenge);
	let answer = '';
	let status = 0;
	try {
		const response = await fetch(target, { signal: AbortSignal.timeout(10_000) });
		status = response.status;
		answer = await response.text();
	} catch (error) {
		throw invalid(fields.url, `the verification request failed: ${(error as Error).message}`);
	}
	if (status !== 200 || answer.trim() !== challenge) {
		throw invalid(
			fields.verifyToken,
			`the webhook did not echo hub.challenge (HTTP ${status}); check the verify token`,
		);
	}
}
