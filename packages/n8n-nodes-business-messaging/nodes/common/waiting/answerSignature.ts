import { createHmac, randomBytes, timingSafeEqual } from 'crypto';

/**
 * The package's own signature of an answer's reference. n8n 2.x signs the whole resume address
 * itself; n8n 1.x checks its signature only for some nodes. This one holds on every version.
 *
 * Its key is the wait's own: 128 random bits made when the node starts waiting, kept in the
 * item the execution waits with (`waitKey`, see waitFor), which only n8n's database holds. A
 * key derived from the API key would let anyone who sees a button ID (every customer asked)
 * test guesses of a weak API key offline; a random key per wait gives them nothing to guess.
 */

/** 96 bits, in 16 URL-safe characters: references must fit a list row's 200-character ID. */
export function answerSignature(
	waitKey: string,
	nodeId: string,
	parts: { k: string; a: string; w: string },
): string {
	return createHmac('sha256', Buffer.from(waitKey, 'base64url'))
		.update([nodeId, parts.k, parts.a, parts.w].join('\n'))
		.digest()
		.subarray(0, 12)
		.toString('base64url');
}

export function isAnswerSignature(
	given: unknown,
	waitKey: unknown,
	nodeId: string,
	parts: { k: string; a: string; w: string },
): boolean {
	// Without the wait's key there is nothing to check against: refused, never signed with ''.
	if (typeof given !== 'string' || typeof waitKey !== 'string' || waitKey.length < 22) return false;
	const expected = Buffer.from(answerSignature(waitKey, nodeId, parts));
	const actual = Buffer.from(given);
	return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A wait's own random ID (48 bits, 8 characters). */
export function newWaitId(): string {
	return randomBytes(6).toString('base64url');
}

/** A wait's own signing key (128 bits, 22 characters). */
export function newWaitKey(): string {
	return randomBytes(16).toString('base64url');
}
