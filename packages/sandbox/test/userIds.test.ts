import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { expectError, useSandbox } from './helpers';
import { HOUR, expectRefusedSend } from './messagesSupport';
import {
	controlRaw,
	CUSTOMER,
	DEMO_NUMBER,
	expectSent,
	messageOf,
	Receivers,
	recordedMessages,
	send,
	templateMessage,
} from './msgWebhookSupport';
import type { Listed, SandboxConfig } from './types';
import {
	expectSentToUserId,
	PARENT_USER_ID,
	textToUserId,
	USER_ID,
	USER_NAME,
	USERNAME,
	userWrites,
} from './userIdSupport';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

describe('customers known by a user ID: what they send', () => {
	it("delivers a username customer's message without a number (Meta's 2026 form)", async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const answer = await userWrites(s);
		const [payload] = await receiver.waitFor(1);
		const value = payload.entry[0].changes[0].value;
		assert.deepEqual(value.contacts, [
			{
				profile: { name: USER_NAME, username: USERNAME },
				user_id: USER_ID,
				parent_user_id: PARENT_USER_ID,
			},
		]);
		const message = messageOf(payload);
		assert.equal(message.id, answer.message_id);
		assert.equal('from' in message, false, 'no from');
		assert.equal(message.from_user_id, USER_ID);
		assert.equal(message.from_parent_user_id, PARENT_USER_ID);
		assert.deepEqual(message.text, { body: 'Does it come in another color?' });
		const received = (
			await s.control<Listed<Record<string, unknown>>>('GET', '/incoming')
		).body.data.find((m) => m.id === answer.message_id);
		assert.equal(received?.fromUserId, USER_ID);
		assert.equal('from' in (received ?? {}), false);
	});

	it('writes empty strings for the number with withheldNumber "empty" (December 2025 form)', async () => {
		const s = sandbox.current;
		const config = await s.control<SandboxConfig>('POST', '/config', { withheldNumber: 'empty' });
		assert.equal(config.body.withheldNumber, 'empty');
		const receiver = await receivers.start(s);
		await userWrites(s, { parent_user_id: undefined });
		const [payload] = await receiver.waitFor(1);
		assert.deepEqual(payload.entry[0].changes[0].value.contacts, [
			{ profile: { name: USER_NAME, username: USERNAME }, wa_id: '', user_id: USER_ID },
		]);
		const message = messageOf(payload);
		assert.equal(message.from, '');
		assert.equal(message.from_user_id, USER_ID);
		// and the receipts of an answer by user ID: recipient_id ""
		await expectSentToUserId(s, textToUserId());
		await s.advance(1_000);
		const [, sent] = await receiver.waitFor(2);
		const status = sent.entry[0].changes[0].value.statuses?.[0];
		assert.equal(status?.recipient_id, '');
		assert.equal(status?.recipient_user_id, USER_ID);
		assert.equal(sent.entry[0].changes[0].value.contacts?.[0].wa_id, '');
	});

	it('refuses another withheldNumber value; a reset goes back to "omit"', async () => {
		const s = sandbox.current;
		const error = expectError(
			await controlRaw(s, 'POST', '/config', { withheldNumber: 'blank' }),
			400,
			100,
			'withheldNumber',
		);
		assert.equal(error.error_data?.field, 'withheldNumber');
		await s.control('POST', '/config', { withheldNumber: 'empty' });
		await s.control('POST', '/reset');
		assert.equal((await s.control<SandboxConfig>('GET', '/config')).body.withheldNumber, 'omit');
	});

	it('gives a customer with a number and a user ID both, in every later message too', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			user_id: USER_ID,
			name: 'Ana',
		});
		await s.control('POST', '/incoming', { phone_number_id: DEMO_NUMBER, from: CUSTOMER });
		const payloads = await receiver.waitFor(2);
		for (const payload of payloads) {
			assert.deepEqual(payload.entry[0].changes[0].value.contacts, [
				{ profile: { name: 'Ana' }, wa_id: CUSTOMER, user_id: USER_ID },
			]);
			const message = messageOf(payload);
			assert.equal(message.from, CUSTOMER);
			assert.equal(message.from_user_id, USER_ID);
			assert.equal('from_parent_user_id' in message, false);
		}
	});

	it('refuses a customer without from and user_id, a user ID of the wrong form, and one of another customer', async () => {
		const s = sandbox.current;
		const incoming = (body: Record<string, unknown>) =>
			controlRaw(s, 'POST', '/incoming', { phone_number_id: DEMO_NUMBER, ...body });
		const refused = async (body: Record<string, unknown>, field: string, part?: string) => {
			const error = expectError(await incoming(body), 400, 100, part);
			assert.equal(error.error_data?.field, field, error.message);
		};
		await refused({ text: 'Hi' }, 'from', 'user_id');
		for (const wrong of ['13491208655302741918', 'us.123', 'US123', 'US.', 'user.9373795779eb']) {
			await refused({ user_id: wrong }, 'user_id', 'business-scoped user ID');
		}
		await refused({ user_id: USER_ID, parent_user_id: '11815799212886844830' }, 'parent_user_id');
		await refused({ from: CUSTOMER, parent_user_id: PARENT_USER_ID }, 'parent_user_id', 'user_id');
		await refused({ user_id: USER_ID, username: '' }, 'username');
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			user_id: USER_ID,
		});
		await refused({ from: CUSTOMER, user_id: 'US.42' }, 'user_id', 'user-id-change');
		await refused({ from: '14155550199', user_id: USER_ID }, 'from', CUSTOMER);
		await s.control('POST', '/incoming', { phone_number_id: DEMO_NUMBER, from: '14155550199' });
		await s.control('POST', '/incoming', { phone_number_id: DEMO_NUMBER, user_id: 'US.77' });
		await refused(
			{ from: '14155550199', user_id: 'US.77', name: 'X' },
			'user_id',
			'another customer',
		);
	});
});

describe('sends addressed to a user ID (recipient)', () => {
	it('answers a username customer by user ID inside their window; the recorded send names the user ID', async () => {
		const s = sandbox.current;
		await userWrites(s);
		const id = await expectSentToUserId(s, textToUserId());
		const recorded = (await recordedMessages(s)).find((m) => m.id === id);
		assert.ok(recorded);
		assert.equal(recorded.recipient, USER_ID);
		assert.equal('to' in recorded, false, 'addressed to the user ID, not a number');
		assert.equal('customerId' in recorded, false, 'nothing internal is listed');
		// the parent user ID reaches the same customer (and their window)
		await expectSentToUserId(s, textToUserId(PARENT_USER_ID), PARENT_USER_ID);
		// another user ID has no window; theirs closes after 24 hours
		await expectRefusedSend(s, textToUserId('US.99'), 400, 131047);
		await s.advance(24 * HOUR + 1);
		await expectRefusedSend(s, textToUserId(), 400, 131047);
		// a template is accepted without a window, by user ID too
		await expectSentToUserId(s, {
			...templateMessage('hello_world'),
			to: undefined,
			recipient: USER_ID,
		});
	});

	it('shares the window of a customer known by both, whichever way they are addressed', async () => {
		const s = sandbox.current;
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			user_id: USER_ID,
		});
		await expectSentToUserId(s, textToUserId());
		expectSent(await send(s, { ...textToUserId(), recipient: undefined, to: CUSTOMER }));
	});

	it('keeps the window of a customer who first wrote by user ID once their number is known', async () => {
		const s = sandbox.current;
		await userWrites(s);
		await expectRefusedSend(
			s,
			{ ...textToUserId(), recipient: undefined, to: CUSTOMER },
			400,
			131047,
		);
		// the same customer, now writing with their number: one customer, one window
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			user_id: USER_ID,
		});
		await s.advance(23 * HOUR);
		expectSent(await send(s, { ...textToUserId(), recipient: undefined, to: CUSTOMER }));
		await expectSentToUserId(s, textToUserId());
	});

	it('lets to win over recipient, as Meta does (recipient is then ignored)', async () => {
		const s = sandbox.current;
		for (const recipient of [USER_ID, 'not a user ID']) {
			const response = await send(s, { ...templateMessage('hello_world'), recipient });
			const id = expectSent(response);
			const recorded = (await recordedMessages(s)).find((m) => m.id === id);
			assert.equal(recorded?.to, CUSTOMER);
			assert.equal(recorded?.recipient, undefined);
		}
	});

	it("refuses a send with neither to nor recipient with Meta's message, and a recipient that is no user ID", async () => {
		const s = sandbox.current;
		const { to: _omitted, ...without } = templateMessage('hello_world');
		const error = await expectRefusedSend(s, without, 400, 100);
		assert.equal(error.message, 'The parameter to is required.');
		assert.equal(error.error_data?.field, 'to');
		for (const recipient of ['14155550100', 'US.', 'user.9373795779eb', 'US.ENT.', 42]) {
			const refused = await expectRefusedSend(
				s,
				{ ...without, recipient },
				400,
				100,
				/^recipient: must be a business-scoped user ID/,
			);
			assert.equal(refused.error_data?.field, 'recipient');
		}
		const inTo = await expectRefusedSend(
			s,
			templateMessage('hello_world', 'en_US', undefined, USER_ID),
			400,
			100,
			'send it in "recipient"',
		);
		assert.equal(inTo.error_data?.field, 'to');
	});

	it('reacts to and answers the buttons of a username customer', async () => {
		const s = sandbox.current;
		const { message_id: theirs } = await userWrites(s);
		await expectSentToUserId(s, {
			...textToUserId(),
			type: 'reaction',
			text: undefined,
			reaction: { message_id: theirs, emoji: '👍' },
		});
		const buttons = await expectSentToUserId(s, {
			...textToUserId(),
			type: 'interactive',
			text: undefined,
			interactive: {
				type: 'button',
				body: { text: 'Which color?' },
				action: { buttons: [{ type: 'reply', reply: { id: 'blue', title: 'Blue' } }] },
			},
		});
		const receiver = await receivers.start(s);
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			user_id: USER_ID,
			type: 'interactive',
			reply_to: buttons,
			button_id: 'blue',
		});
		const tap = messageOf((await receiver.waitFor(1))[0]);
		assert.equal(tap.from_user_id, USER_ID);
		assert.deepEqual(tap.interactive, {
			type: 'button_reply',
			button_reply: { id: 'blue', title: 'Blue' },
		});
		const other = expectError(
			await controlRaw(s, 'POST', '/incoming', {
				phone_number_id: DEMO_NUMBER,
				user_id: 'US.42',
				type: 'interactive',
				reply_to: buttons,
				button_id: 'blue',
			}),
			400,
			100,
			'sent to US.42',
		);
		assert.equal(other.error_data?.field, 'reply_to');
		// their messages are marked read as anyone's
		const read = await send(s, {
			messaging_product: 'whatsapp',
			status: 'read',
			message_id: theirs,
		});
		assert.deepEqual(read.body, { success: true });
	});

	it("refuses an authentication template sent to a user ID with 131062, in Meta's body", async () => {
		const s = sandbox.current;
		const login = (address: Record<string, unknown>) => ({
			...templateMessage('login_code', 'en_US', [
				{ type: 'body', parameters: [{ type: 'text', text: '482913' }] },
				{
					type: 'button',
					sub_type: 'url',
					index: '0',
					parameters: [{ type: 'text', text: '482913' }],
				},
			]),
			to: undefined,
			...address,
		});
		for (const recipient of [USER_ID, PARENT_USER_ID]) {
			const error = await expectRefusedSend(s, login({ recipient }), 400, 131062);
			const { fbtrace_id: _trace, ...body } = error;
			assert.deepEqual(body, {
				message:
					'(#131062) Business-scoped User ID (BSUID) recipients are not supported for this message.',
				type: 'OAuthException',
				code: 131062,
				error_data: {
					messaging_product: 'whatsapp',
					details:
						"Authentication templates cannot be sent to business-scoped user IDs; send them to the user's phone number (to).",
				},
			});
		}
		// to a number it is sent, also when the user ID is given beside it
		expectSent(await send(s, login({ to: CUSTOMER })));
		expectSent(await send(s, login({ to: CUSTOMER, recipient: USER_ID })));
		// any other template goes to a user ID
		await expectSentToUserId(s, {
			...templateMessage('hello_world'),
			to: undefined,
			recipient: USER_ID,
		});
	});
});
