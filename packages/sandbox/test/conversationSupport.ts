import assert from 'node:assert/strict';
import type { TestSandbox } from './helpers';
import { expectRefusedSend } from './messagesSupport';
import { CUSTOMER, DEMO_NUMBER, expectSent, recordedMessages, send } from './msgWebhookSupport';
import type { ErrorObject, Message } from './types';

/** Helpers of the tests of the Cloud API message types beside template and text. */

export const PARAMETER_VALUE = 131009;
export const MEDIA_ERROR = 131053;
export const PNG_MEDIA = '1037543291543636';
export const PDF_MEDIA = '1037543291543637';

/** A message of `type` carrying `content` under its type's key. */
export function message(type: string, content: unknown, extra: Record<string, unknown> = {}) {
	return { messaging_product: 'whatsapp', to: CUSTOMER, type, [type]: content, ...extra };
}

/** The customer writes: opens the 24-hour window; answers the received message's wamid. */
export async function customerWrites(s: TestSandbox, from = CUSTOMER): Promise<string> {
	const { body } = await s.control<{ message_id: string }>('POST', '/incoming', {
		phone_number_id: DEMO_NUMBER,
		from,
		text: 'Hello',
	});
	return body.message_id;
}

/** Sends, expects it accepted, and answers the message as the control API recorded it. */
export async function expectRecorded(s: TestSandbox, body: unknown): Promise<Message> {
	const id = expectSent(await send(s, body));
	const recorded = (await recordedMessages(s)).find((m) => m.id === id);
	assert.ok(recorded, `message ${id} recorded`);
	return recorded;
}

/** 131009 naming `field` (error_data.field and the start of the message). */
export async function expectBadValue(
	s: TestSandbox,
	body: unknown,
	field: string,
	messagePart?: RegExp | string,
): Promise<ErrorObject> {
	const error = await expectRefusedSend(s, body, 400, PARAMETER_VALUE, messagePart);
	assert.equal(error.error_data?.field, field, error.message);
	assert.ok(error.message.startsWith(`${field}: `), error.message);
	return error;
}

/** 100 naming `field`: a field the type does not have. */
export async function expectUnknownField(
	s: TestSandbox,
	body: unknown,
	field: string,
): Promise<ErrorObject> {
	const error = await expectRefusedSend(s, body, 400, 100, 'is not a known field');
	assert.equal(error.error_data?.field, field, error.message);
	return error;
}
