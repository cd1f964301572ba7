/**
 * Waiting for a message's receipt: which statuses end the wait. A receipt can come out of order
 * or be skipped (a "read" without a "delivered" before it), so a later step ends a wait for an
 * earlier one; "failed" ends every wait, with the platform's reason.
 */

/** The steps a message goes through, in order ("played": a voice message was listened to). */
const STEPS = ['sent', 'delivered', 'read', 'played'];

export const WAITED_RECEIPTS = ['delivered', 'read'] as const;

export function receiptReached(status: string, wanted: string): boolean {
	if (status === 'failed') return true;
	const at = STEPS.indexOf(status);
	const goal = STEPS.indexOf(wanted);
	return at >= 0 && goal >= 0 && at >= goal;
}
