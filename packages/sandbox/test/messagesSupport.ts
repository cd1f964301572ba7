import assert from 'node:assert/strict';
import { expectError, type TestSandbox } from './helpers';
import type { ErrorObject } from './types';
import {
	orderConfirmationComponents,
	recordedMessages,
	send,
	templateMessage,
	type SendBody,
	type SendComponent,
} from './msgWebhookSupport';

/** Helpers of the messages tests (messages-*.test.ts). */

export const HOUR = 3_600_000;

/** Sends `body`, expects the refusal, and proves nothing was recorded. */
export async function expectRefusedSend(
	s: TestSandbox,
	body: unknown,
	status: number,
	code: number,
	messagePart?: RegExp | string,
): Promise<ErrorObject> {
	const before = (await recordedMessages(s)).length;
	const error = expectError(await send(s, body), status, code, messagePart);
	assert.equal((await recordedMessages(s)).length, before, 'a refused send must not be recorded');
	return error;
}

export function withComponents(change: (components: SendComponent[]) => void): SendBody {
	const components = orderConfirmationComponents();
	change(components);
	return templateMessage('order_confirmation', 'en_US', components);
}
