import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { expectError, useSandbox, type TestSandbox } from './helpers';
import { HOUR, expectRefusedSend } from './messagesSupport';
import {
	controlRaw,
	CUSTOMER,
	DEMO_NUMBER,
	expectSent,
	hmacHex,
	messageOf,
	Receivers,
	send,
	templateMessage,
} from './msgWebhookSupport';
import type { WebhookEvent } from './types';
import {
	changesOf,
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

const BUSINESS_NUMBER = '15550123401';
const METADATA = { display_phone_number: BUSINESS_NUMBER, phone_number_id: DEMO_NUMBER };
const USER_CONTACT = {
	profile: { name: USER_NAME, username: USERNAME },
	user_id: USER_ID,
	parent_user_id: PARENT_USER_ID,
};

/** A control request expected to be refused with 100 naming `field`. */
async function expectRefused(
	s: TestSandbox,
	path: string,
	body: Record<string, unknown>,
	field: string,
	part?: string,
) {
	const error = expectError(await controlRaw(s, 'POST', path, body), 400, 100, part);
	assert.equal(error.error_data?.field, field, error.message);
}

/** The one change of a delivery: its field and value. */
function change(payload: WebhookEvent) {
	return payload.entry[0].changes[0];
}

describe('customer events: marketing preferences (user_preferences)', () => {
	it('delivers a stop by number, signed as every delivery', async () => {
		const s = sandbox.current;
		const secret = 'preferences-secret';
		const receiver = await receivers.start(s, { secret });
		const answer = await s.control<{ delivery_id: string }>('POST', '/preferences', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			value: 'stop',
		});
		const [payload] = await receiver.waitFor(1);
		const delivery = receiver.received[0];
		assert.equal(delivery.headers['x-sandbox-delivery-id'], answer.body.delivery_id);
		assert.equal(
			delivery.headers['x-hub-signature-256'],
			`sha256=${hmacHex(secret, delivery.body)}`,
		);
		assert.equal(payload.object, 'whatsapp_business_account');
		assert.equal(payload.entry[0].id, s.accountId);
		const { field, value } = change(payload);
		assert.equal(field, 'user_preferences');
		assert.equal(value.messaging_product, 'whatsapp');
		assert.deepEqual(value.metadata, METADATA);
		assert.deepEqual(value.contacts, [{ profile: { name: 'Customer' }, wa_id: CUSTOMER }]);
		const [preference] = value.user_preferences ?? [];
		assert.equal(typeof preference.timestamp, 'number');
		assert.deepEqual(
			{ ...preference, timestamp: 0 },
			{
				wa_id: CUSTOMER,
				detail: 'User requested to stop marketing messages',
				category: 'marketing_messages',
				value: 'stop',
				timestamp: 0,
			},
		);
	});

	it('delivers a resume by user ID, with the detail given', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await s.control('POST', '/preferences', {
			phone_number_id: DEMO_NUMBER,
			user_id: USER_ID,
			parent_user_id: PARENT_USER_ID,
			username: USERNAME,
			name: USER_NAME,
			value: 'resume',
			detail: 'User resumed marketing messages',
		});
		const { value } = change((await receiver.waitFor(1))[0]);
		assert.deepEqual(value.contacts, [USER_CONTACT]);
		const [preference] = value.user_preferences ?? [];
		assert.equal('wa_id' in preference, false);
		assert.equal(preference.user_id, USER_ID);
		assert.equal(preference.parent_user_id, PARENT_USER_ID);
		assert.equal(preference.value, 'resume');
		assert.equal(preference.detail, 'User resumed marketing messages');
	});

	it('refuses a wrong value, no customer, an unknown field and an unknown number', async () => {
		const s = sandbox.current;
		const base = { phone_number_id: DEMO_NUMBER, from: CUSTOMER, value: 'stop' };
		await expectRefused(s, '/preferences', { ...base, value: 'maybe' }, 'value', 'stop, resume');
		await expectRefused(s, '/preferences', { ...base, value: undefined }, 'value');
		await expectRefused(s, '/preferences', { ...base, from: undefined }, 'from', 'user_id');
		await expectRefused(s, '/preferences', { ...base, from: '+1415' }, 'from');
		await expectRefused(s, '/preferences', { ...base, from: '04155550123' }, 'from', 'never 0');
		await expectRefused(s, '/preferences', { ...base, user_id: 'US-1' }, 'user_id');
		await expectRefused(s, '/preferences', { ...base, category: 'x' }, 'category', 'known');
		await expectRefused(s, '/preferences', { ...base, detail: 5 }, 'detail');
		expectError(
			await controlRaw(s, 'POST', '/preferences', { ...base, phone_number_id: '1' }),
			404,
		);
	});
});

describe('customer events: calls', () => {
	it('a customer calls by number: connect with an SDP offer, then terminate with the duration on the clock', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const connected = await s.control<{ call_id: string }>('POST', '/calls', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			name: 'Ana',
			event: 'connect',
			sdp: 'v=0\r\n',
		});
		const callId = connected.body.call_id;
		assert.match(callId, /^wacid\./);
		const connect = change((await receiver.waitFor(1))[0]);
		assert.equal(connect.field, 'calls');
		assert.deepEqual(connect.value.metadata, METADATA);
		assert.deepEqual(connect.value.contacts, [{ profile: { name: 'Ana' }, wa_id: CUSTOMER }]);
		const [call] = connect.value.calls ?? [];
		assert.match(String(call.timestamp), /^\d{10}$/);
		assert.deepEqual(
			{ ...call, timestamp: '' },
			{
				id: callId,
				from: CUSTOMER,
				to: BUSINESS_NUMBER,
				event: 'connect',
				timestamp: '',
				direction: 'USER_INITIATED',
				session: { sdp_type: 'offer', sdp: 'v=0\r\n' },
			},
		);
		await s.advance(95_000);
		await s.control('POST', '/calls', {
			phone_number_id: DEMO_NUMBER,
			event: 'terminate',
			call_id: callId,
		});
		const ended = change((await receiver.waitFor(2))[1]);
		const [terminate] = ended.value.calls ?? [];
		assert.equal(terminate.id, callId);
		assert.equal(terminate.event, 'terminate');
		assert.equal(terminate.from, CUSTOMER);
		assert.equal(terminate.status, 'COMPLETED');
		assert.equal(terminate.duration, 95);
		assert.equal(Number(terminate.end_time) - Number(terminate.start_time), 95);
		assert.equal(terminate.end_time, terminate.timestamp);
		await expectRefused(
			s,
			'/calls',
			{ phone_number_id: DEMO_NUMBER, event: 'terminate', call_id: callId },
			'call_id',
			'ended',
		);
	});

	it('a username customer calls: from_user_id, no number; a failed call has no duration', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const { body } = await s.control<{ call_id: string }>('POST', '/calls', {
			phone_number_id: DEMO_NUMBER,
			user_id: USER_ID,
			parent_user_id: PARENT_USER_ID,
			username: USERNAME,
			name: USER_NAME,
			event: 'connect',
			call_id: 'wacid.mine',
		});
		assert.equal(body.call_id, 'wacid.mine');
		const connect = change((await receiver.waitFor(1))[0]);
		assert.deepEqual(connect.value.contacts, [USER_CONTACT]);
		const [call] = connect.value.calls ?? [];
		assert.equal('from' in call, false);
		assert.equal(call.from_user_id, USER_ID);
		assert.equal(call.from_parent_user_id, PARENT_USER_ID);
		assert.match(String((call.session as { sdp: string }).sdp), /^v=0\r\n/);
		await s.control('POST', '/calls', {
			phone_number_id: DEMO_NUMBER,
			user_id: USER_ID,
			event: 'terminate',
			call_id: 'wacid.mine',
			status: 'FAILED',
		});
		const [terminate] = change((await receiver.waitFor(2))[1]).value.calls ?? [];
		assert.equal(terminate.status, 'FAILED');
		assert.equal(terminate.from_user_id, USER_ID);
		for (const key of ['duration', 'start_time', 'end_time'])
			assert.equal(key in terminate, false, key);
	});

	it("refuses a call without event, an unknown or another customer's call, and fields of the other event", async () => {
		const s = sandbox.current;
		const base = { phone_number_id: DEMO_NUMBER, from: CUSTOMER };
		await expectRefused(s, '/calls', base, 'event', 'connect, terminate');
		await expectRefused(s, '/calls', { ...base, event: 'connect', status: 'COMPLETED' }, 'status');
		await expectRefused(s, '/calls', { ...base, event: 'connect', from: undefined }, 'from');
		await expectRefused(s, '/calls', { ...base, event: 'terminate' }, 'call_id');
		await expectRefused(
			s,
			'/calls',
			{ ...base, event: 'terminate', call_id: 'wacid.nope' },
			'call_id',
			'not a call',
		);
		const { body } = await s.control<{ call_id: string }>('POST', '/calls', {
			...base,
			event: 'connect',
		});
		const terminate = { ...base, event: 'terminate', call_id: body.call_id };
		await expectRefused(
			s,
			'/calls',
			{ ...base, event: 'connect', call_id: body.call_id },
			'call_id',
		);
		await expectRefused(s, '/calls', { ...terminate, from: '14155550199' }, 'call_id', 'not of');
		await expectRefused(s, '/calls', { ...terminate, duration: -1 }, 'duration');
		await expectRefused(s, '/calls', { ...terminate, status: 'MISSED' }, 'status');
		await expectRefused(s, '/calls', { ...terminate, status: 'FAILED', duration: 3 }, 'duration');
		await expectRefused(s, '/calls', { ...terminate, sdp: 'v=0' }, 'sdp');
		await expectRefused(
			s,
			'/calls',
			{ ...terminate, phone_number_id: '106540352242923' },
			'call_id',
		);
	});
});

describe('customer events: echoes of the WhatsApp Business app (smb_message_echoes)', () => {
	it('delivers a text the business sent to a username customer: to_user_id, no to', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const { body } = await s.control<{ message_id: string }>('POST', '/echoes', {
			phone_number_id: DEMO_NUMBER,
			user_id: USER_ID,
			parent_user_id: PARENT_USER_ID,
			username: USERNAME,
			name: USER_NAME,
			text: 'Your order is ready',
		});
		const { field, value } = change((await receiver.waitFor(1))[0]);
		assert.equal(field, 'smb_message_echoes');
		assert.deepEqual(value.metadata, METADATA);
		assert.deepEqual(value.contacts, [USER_CONTACT]);
		const [echo] = value.message_echoes ?? [];
		assert.match(String(echo.timestamp), /^\d{10}$/);
		assert.deepEqual(
			{ ...echo, timestamp: '' },
			{
				from: BUSINESS_NUMBER,
				to_user_id: USER_ID,
				to_parent_user_id: PARENT_USER_ID,
				id: body.message_id,
				timestamp: '',
				type: 'text',
				text: { body: 'Your order is ready' },
			},
		);
	});

	it('delivers one to a number (to), and refuses no text or a from', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await s.control('POST', '/echoes', { phone_number_id: DEMO_NUMBER, to: CUSTOMER, text: 'Hi' });
		const [echo] = change((await receiver.waitFor(1))[0]).value.message_echoes ?? [];
		assert.equal(echo.to, CUSTOMER);
		assert.equal('to_user_id' in echo, false);
		const base = { phone_number_id: DEMO_NUMBER, to: CUSTOMER, text: 'Hi' };
		await expectRefused(s, '/echoes', { ...base, text: undefined }, 'text');
		await expectRefused(s, '/echoes', { ...base, from: CUSTOMER }, 'from', 'known');
		await expectRefused(s, '/echoes', { ...base, to: undefined }, 'to', 'user_id');
	});
});

describe('customer events: a Flow answer (POST /incoming type "flow")', () => {
	it('delivers an interactive nfm_reply whose response_json holds the answers and the flow token', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const { body } = await s.control<{ message_id: string }>('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			user_id: USER_ID,
			type: 'flow',
			response: { size: 'M', color: 'blue' },
			flow_token: 'order-1001',
		});
		const message = messageOf((await receiver.waitFor(1))[0]);
		assert.equal(message.id, body.message_id);
		assert.equal(message.type, 'interactive');
		assert.equal(message.from_user_id, USER_ID);
		const interactive = message.interactive as {
			type: string;
			nfm_reply: { name: string; body: string; response_json: string };
		};
		assert.equal(interactive.type, 'nfm_reply');
		assert.equal(interactive.nfm_reply.name, 'flow');
		assert.equal(interactive.nfm_reply.body, 'Sent');
		assert.deepEqual(JSON.parse(interactive.nfm_reply.response_json), {
			size: 'M',
			color: 'blue',
			flow_token: 'order-1001',
		});
		// it is a message of the customer: it opens the window
		await expectSentToUserId(s, textToUserId());
	});

	it('answers the Flow of a sent template: its context and the token its flow button carried', async () => {
		const s = sandbox.current;
		const flowTemplate = templateMessage('store_pickup', 'en_US', [
			{
				type: 'header',
				parameters: [{ type: 'location', location: { latitude: 37.48, longitude: 122.14 } }],
			},
			{ type: 'body', parameters: [{ type: 'text', text: '#1001' }] },
			{
				type: 'button',
				sub_type: 'flow',
				index: '0',
				parameters: [{ type: 'action', action: { flow_token: 'pickup-1001' } }],
			},
		]);
		const sent = expectSent(await send(s, flowTemplate));
		const plain = expectSent(await send(s, templateMessage('hello_world')));
		const receiver = await receivers.start(s);
		const answer = (fields: Record<string, unknown>) =>
			s.control('POST', '/incoming', {
				phone_number_id: DEMO_NUMBER,
				from: CUSTOMER,
				type: 'flow',
				...fields,
			});
		await answer({ reply_to: sent, response: { slot: 'noon' } });
		await answer({ reply_to: plain });
		const payloads = await receiver.waitFor(2);
		const messages = payloads.map(messageOf);
		const withToken = messages.find((m) => m.context?.id === sent)!;
		const without = messages.find((m) => m.context?.id === plain)!;
		assert.deepEqual(withToken.context, { from: BUSINESS_NUMBER, id: sent });
		const json = (m: typeof withToken) =>
			JSON.parse(
				(m.interactive as { nfm_reply: { response_json: string } }).nfm_reply.response_json,
			);
		assert.deepEqual(json(withToken), { slot: 'noon', flow_token: 'pickup-1001' });
		assert.deepEqual(json(without), { flow_token: 'unused' });
		const base = { phone_number_id: DEMO_NUMBER, from: CUSTOMER, type: 'flow' };
		await expectRefused(s, '/incoming', { ...base, response: 'size=M' }, 'response');
		await expectRefused(s, '/incoming', { ...base, reply_to: 'wamid.nope' }, 'reply_to');
		await expectRefused(
			s,
			'/incoming',
			{ ...base, reply_to: sent, from: '14155550199' },
			'reply_to',
		);
		await expectRefused(s, '/incoming', { ...base, flow_token: '' }, 'flow_token');
		// "last" is the newest message with a Flow, not the newer hello_world
		await answer({ reply_to: 'last', response: { slot: 'evening' } });
		const last = messageOf((await receiver.waitFor(3))[2]);
		assert.deepEqual(last.context, { from: BUSINESS_NUMBER, id: sent });
		assert.deepEqual(json(last), { slot: 'evening', flow_token: 'pickup-1001' });
	});
});

describe('customer events: a change of user ID', () => {
	const NEW_USER_ID = 'US.20837465019283746501';
	const NEW_PARENT = 'US.ENT.20837465019283746502';

	it('delivers the system message user_changed_user_id and user_id_update; the customer and their window move to the new ID', async () => {
		const s = sandbox.current;
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			user_id: USER_ID,
			parent_user_id: PARENT_USER_ID,
			name: 'Pablo M.',
		});
		const receiver = await receivers.start(s);
		const { body } = await s.control<{ message_id: string; delivery_ids: string[] }>(
			'POST',
			'/user-id-change',
			{
				phone_number_id: DEMO_NUMBER,
				user_id: USER_ID,
				new_user_id: NEW_USER_ID,
				new_parent_user_id: NEW_PARENT,
				new_from: '14155550123',
			},
		);
		assert.equal(body.delivery_ids.length, 2);
		const payloads = await receiver.waitFor(2);
		const [system] = changesOf(payloads, 'messages');
		assert.equal(system.contacts, undefined);
		assert.deepEqual(system.metadata, METADATA);
		const message = system.messages![0];
		assert.equal(message.id, body.message_id);
		assert.equal(message.type, 'system');
		assert.equal(message.from, CUSTOMER);
		assert.equal(message.from_user_id, USER_ID);
		assert.equal(message.from_parent_user_id, PARENT_USER_ID);
		assert.deepEqual(message.system, {
			body: `User Pablo M. changed from ${USER_ID} to ${NEW_USER_ID}`,
			wa_id: '14155550123',
			user_id: NEW_USER_ID,
			parent_user_id: NEW_PARENT,
			type: 'user_changed_user_id',
		});
		const [update] = changesOf(payloads, 'user_id_update');
		assert.deepEqual(update.metadata, METADATA);
		const [entry] = update.user_id_update ?? [];
		assert.match(String(entry.timestamp), /^\d{10}$/);
		assert.deepEqual(
			{ ...entry, timestamp: '' },
			{
				wa_id: '14155550123',
				detail: 'User id for Pablo M. has been updated.',
				user_id: { previous: USER_ID, current: NEW_USER_ID },
				parent_user_id: { previous: PARENT_USER_ID, current: NEW_PARENT },
				timestamp: '',
			},
		);
		// the window stays theirs, under the new user ID and number; the old ones reach no one
		await s.advance(HOUR);
		await expectSentToUserId(s, textToUserId(NEW_USER_ID), NEW_USER_ID);
		expectSent(
			await send(s, { ...textToUserId(), recipient: undefined, to: '14155550123' }),
			'14155550123',
		);
		await expectRefusedSend(s, textToUserId(), 400, 131047);
		await expectRefusedSend(
			s,
			{ ...textToUserId(), recipient: undefined, to: CUSTOMER },
			400,
			131047,
		);
	});

	it('delivers only the events asked for; a username customer keeps no number', async () => {
		const s = sandbox.current;
		await userWrites(s, { parent_user_id: undefined });
		const receiver = await receivers.start(s);
		const { body } = await s.control<{ message_id?: string; delivery_ids: string[] }>(
			'POST',
			'/user-id-change',
			{
				phone_number_id: DEMO_NUMBER,
				user_id: USER_ID,
				new_user_id: NEW_USER_ID,
				events: ['system'],
			},
		);
		assert.equal(body.delivery_ids.length, 1);
		const message = messageOf((await receiver.waitFor(1))[0]);
		assert.equal(message.id, body.message_id);
		assert.equal('from' in message, false);
		assert.deepEqual(message.system, {
			body: `User ${USER_NAME} changed from ${USER_ID} to ${NEW_USER_ID}`,
			user_id: NEW_USER_ID,
			type: 'user_changed_user_id',
		});
		const update = await s.control<{ message_id?: string; delivery_ids: string[] }>(
			'POST',
			'/user-id-change',
			{
				phone_number_id: DEMO_NUMBER,
				user_id: NEW_USER_ID,
				new_user_id: USER_ID,
				events: ['user_id_update'],
			},
		);
		assert.equal(update.body.message_id, undefined);
		const [entry] = change((await receiver.waitFor(2))[1]).value.user_id_update ?? [];
		assert.equal('wa_id' in entry, false);
		assert.equal('parent_user_id' in entry, false);
		assert.deepEqual(entry.user_id, { previous: NEW_USER_ID, current: USER_ID });
	});

	it('refuses an unknown customer, one without a user ID, and a new user ID that is not one or not new', async () => {
		const s = sandbox.current;
		await userWrites(s);
		await s.control('POST', '/incoming', { phone_number_id: DEMO_NUMBER, from: CUSTOMER });
		await s.control('POST', '/incoming', { phone_number_id: DEMO_NUMBER, user_id: 'US.77' });
		const base = { phone_number_id: DEMO_NUMBER, user_id: USER_ID, new_user_id: NEW_USER_ID };
		const path = '/user-id-change';
		await expectRefused(s, path, { ...base, user_id: 'US.1' }, 'user_id', 'not the user ID');
		await expectRefused(s, path, { ...base, user_id: undefined }, 'user_id', 'give');
		await expectRefused(s, path, { ...base, user_id: undefined, from: '14155550199' }, 'from');
		await expectRefused(
			s,
			path,
			{ ...base, user_id: undefined, from: CUSTOMER },
			'from',
			'without a user ID',
		);
		await expectRefused(s, path, { ...base, new_user_id: undefined }, 'new_user_id');
		await expectRefused(s, path, { ...base, new_user_id: USER_ID }, 'new_user_id', 'current');
		await expectRefused(s, path, { ...base, new_user_id: 'US.ENT.5' }, 'new_user_id');
		await expectRefused(s, path, { ...base, new_user_id: 'US.77' }, 'new_user_id', 'another');
		await expectRefused(s, path, { ...base, new_from: CUSTOMER }, 'new_from', 'another');
		await expectRefused(s, path, { ...base, new_from: '+1' }, 'new_from');
		await expectRefused(s, path, { ...base, new_from: '04155550123' }, 'new_from', 'never 0');
		await expectRefused(s, path, { ...base, new_parent_user_id: 'ENT' }, 'new_parent_user_id');
		await expectRefused(s, path, { ...base, events: [] }, 'events');
		await expectRefused(s, path, { ...base, events: ['email'] }, 'events[0]');
		await expectRefused(s, path, { ...base, reason: 'x' }, 'reason', 'known');
		// nothing changed: the customer still answers to the old user ID
		await expectSentToUserId(s, textToUserId());
	});
});
