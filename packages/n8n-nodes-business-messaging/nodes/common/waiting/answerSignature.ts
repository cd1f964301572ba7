import { createHmac, randomBytes, timingSafeEqual } from 'crypto';

/**
 * The package's own signature of an answer's reference. n8n 2.x signs the whole resume address
 * itself; n8n 1.x checks its signature only for some nodes. This one holds on every version:
 * its key is derived from the credential's API key, which only the sending node and the node
 * that resumes (the same node, on any process) can read. The key itself never leaves n8n.
 */

const DERIVATION_LABEL = 'n8n-nodes-business-messaging/send-and-wait/v1';

function signingKey(apiKey: string): Buffer {
	return createHmac('sha256', apiKey).update(DERIVATION_LABEL).digest();
}

/** 96 bits, in 16 URL-safe characters: references must fit a list row's 200-character ID. */
export function answerSignature(
	apiKey: string,
	nodeId: string,
	parts: { k: string; a: string; w: string },
): string {
	return createHmac('sha256', signingKey(apiKey))
		.update([nodeId, parts.k, parts.a, parts.w].join('\n'))
		.digest()
		.subarray(0, 12)
		.toString('base64url');
}

export function isAnswerSignature(
	given: unknown,
	apiKey: string,
	nodeId: string,
	parts: { k: string; a: string; w: string },
): boolean {
	if (typeof given !== 'string') return false;
	const expected = Buffer.from(answerSignature(apiKey, nodeId, parts));
	const actual = Buffer.from(given);
	return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A wait's own random ID (48 bits, 8 characters). */
export function newWaitId(): string {
	return randomBytes(6).toString('base64url');
}
