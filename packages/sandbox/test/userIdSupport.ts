import assert from 'node:assert/strict';
import type { TestSandbox, WebhookReceiver } from './helpers';
import { DEMO_NUMBER, send } from './msgWebhookSupport';
import type { IncomingAnswer, StatusEntry, WebhookEvent } from './types';

/** Helpers of the tests of customers known by a business-scoped user ID (BSUID). */

export const USER_ID = 'US.13491208655302741918';
export const PARENT_USER_ID = 'US.ENT.11815799212886844830';
export const USERNAME = '@realsheenanelson';
export const USER_NAME = 'Sheena Nelson';

/** The customer with a username (no number shared) writes: opens their window. */
export async function userWrites(
	s: TestSandbox,
	extra: Record<string, unknown> = {},
): Promise<IncomingAnswer> {
	return (
		await s.control<IncomingAnswer>('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			user_id: USER_ID,
			parent_user_id: PARENT_USER_ID,
			username: USERNAME,
			name: USER_NAME,
			text: 'Does it come in another color?',
			...extra,
		})
	).body;
}

/** A text message addressed by user ID (`recipient`, no `to`). */
export function textToUserId(recipient = USER_ID, body = 'Blue and green too.') {
	return {
		messaging_product: 'whatsapp',
		recipient_type: 'individual',
		recipient,
		type: 'text',
		text: { body },
	};
}

/** Sends by user ID, expects it accepted with `contacts: [{input, user_id}]`; the message ID. */
export async function expectSentToUserId(
	s: TestSandbox,
	body: unknown,
	recipient = USER_ID,
): Promise<string> {
	const response = await send(s, body);
	assert.equal(response.status, 200, `send answered ${response.status}: ${response.text}`);
	assert.deepEqual(response.body.contacts, [{ input: recipient, user_id: recipient }]);
	return response.body.messages[0].id;
}

/** The deliveries of one field (the order in which they arrive is not fixed). */
export function changesOf(payloads: WebhookEvent[], field: string) {
	return payloads
		.map((payload) => payload.entry[0].changes[0])
		.filter((change) => change.field === field)
		.map((change) => change.value);
}

/** The receipt of `status` among the deliveries. */
export function receipt(payloads: WebhookEvent[], status: string) {
	const value = changesOf(payloads, 'messages').find((v) => v.statuses?.[0].status === status);
	assert.ok(value, `a ${status} receipt`);
	return { value, status: value.statuses![0] as StatusEntry };
}

/** Sent, delivered and read receipts: the clock moves past all three. */
export async function allReceipts(
	s: TestSandbox,
	receiver: WebhookReceiver,
	count = 3,
): Promise<WebhookEvent[]> {
	await s.advance(3_000);
	return receiver.waitFor(count);
}
