import { createHash } from 'node:crypto';
import type { TestSandbox } from './helpers';
import { CUSTOMER, DEMO_NUMBER } from './msgWebhookSupport';
import type { FaultRule, IncomingAnswer, Listed } from './types';

/** Helpers of the webhook, fault and control API tests. */

export async function addFaults(
	s: TestSandbox,
	faults: unknown[],
	seed?: number,
): Promise<FaultRule[]> {
	return (
		await s.control<Listed<FaultRule>>(
			'POST',
			'/faults',
			seed === undefined ? { faults } : { faults, seed },
		)
	).body.data;
}

/** A customer message through the control API; its webhook is emitted at once. */
export async function incoming(
	s: TestSandbox,
	body: Record<string, unknown> = {},
): Promise<IncomingAnswer> {
	return (
		await s.control<IncomingAnswer>('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			text: 'Hello',
			...body,
		})
	).body;
}

export function sha256Hex(data: Buffer): string {
	return createHash('sha256').update(data).digest('hex');
}
