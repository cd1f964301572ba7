import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { expectError, useSandbox, type TestSandbox } from './helpers';
import {
	controlRaw,
	CUSTOMER,
	DEMO_NUMBER,
	expectNoMore,
	expectSent,
	Receivers,
	send,
} from './msgWebhookSupport';
import type { WebhookEvent } from './types';

/**
 * Conversation routing (routing.ts): the sandbox plays a second app on the number. A customer's
 * message goes to the chat's owner, this app gets standby copies and handovers as Meta's pages
 * say, and thread control and the Routing Roles API answer for this app.
 */
const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

const change = (payload: WebhookEvent) =>
	payload.entry[0].changes[0] as unknown as { field: string; value: Record<string, unknown> };

const writes = (s: TestSandbox, text: string) =>
	s.control('POST', '/incoming', { phone_number_id: DEMO_NUMBER, from: CUSTOMER, text });

const routing = (s: TestSandbox, body: Record<string, unknown> = {}) =>
	s.control('POST', '/routing', { phone_number_id: DEMO_NUMBER, ...body });

const threadControl = (s: TestSandbox, body: Record<string, unknown>) =>
	s.api('POST', `/${DEMO_NUMBER}/thread_control`, {
		body: { messaging_product: 'whatsapp', to: CUSTOMER, ...body },
	});

describe('conversation routing: who gets a customer’s message', () => {
	it('with one responder, the messages field; once the other app takes the chat, standby copies, and control_taken first', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await routing(s);
		await writes(s, 'hello');
		assert.equal(change((await receiver.waitFor(1))[0]).field, 'messages');

		await s.control('POST', '/routing/take', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			metadata: 'the agent answers',
		});
		const taken = change((await receiver.waitFor(2))[1]);
		assert.equal(taken.field, 'messaging_handovers');
		assert.equal(taken.value.type, 'control_taken');
		const detail = taken.value.control_taken as Record<string, unknown>;
		assert.equal(detail.wa_id, CUSTOMER);
		assert.equal(detail.previous_owner_role, 'primary');
		assert.equal(detail.new_owner_role, 'ai_agent');
		assert.equal(detail.metadata, 'the agent answers');

		await writes(s, 'are you a bot?');
		const copy = change((await receiver.waitFor(3))[2]);
		assert.equal(copy.field, 'standby');
		const [message] = copy.value.messages as Record<string, unknown>[];
		assert.deepEqual(message.text, { body: 'are you a bot?' });

		await s.control('POST', '/routing/reply', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			text: 'I am the shop’s assistant',
		});
		const echo = change((await receiver.waitFor(4))[3]);
		assert.equal(echo.field, 'standby');
		const [sent] = echo.value.message_echoes as Record<string, unknown>[];
		assert.equal(sent.to, CUSTOMER);
		assert.deepEqual(sent.text, { body: 'I am the shop’s assistant' });

		await s.control('POST', '/routing/pass', { phone_number_id: DEMO_NUMBER, from: CUSTOMER });
		const passed = change((await receiver.waitFor(5))[4]);
		assert.equal(passed.value.type, 'control_passed');
		await writes(s, 'thanks');
		assert.equal(change((await receiver.waitFor(6))[5]).field, 'messages');
	});

	it('without standby, a chat the other app owns sends this app nothing; the message is still recorded', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await routing(s, { roles: ['calls'], is_standby: false });
		await writes(s, 'hello');
		await expectNoMore(receiver, 0);
		const { body } = await s.control<{ data: { from: string }[] }>('GET', '/incoming');
		assert.equal(body.data.length, 1);
	});

	it('a service message this app sends takes the chat back: the next message is ours', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await routing(s, { roles: [] });
		await writes(s, 'hello');
		assert.equal(change((await receiver.waitFor(1))[0]).field, 'standby');
		expectSent(
			await send(s, {
				messaging_product: 'whatsapp',
				to: CUSTOMER,
				type: 'text',
				text: { body: 'Hi, a person here' },
			}),
		);
		await writes(s, 'great');
		const deliveries = await receiver.waitFor(2);
		assert.ok(
			deliveries.some((d) => change(d).field === 'messages' && 'messages' in change(d).value),
			'the message after the send comes under messages',
		);
	});
});

describe('conversation routing: this app’s roles and thread control', () => {
	it('the Routing Roles API: every role alone; the roles the business gave under routing', async () => {
		const s = sandbox.current;
		const alone = await s.api('GET', `/${DEMO_NUMBER}/routing_roles`);
		assert.deepEqual(alone.body, { roles: ['messages', 'calls'], is_standby: false });
		await routing(s, { roles: [], is_standby: true });
		const standby = await s.api('GET', `/${DEMO_NUMBER}/routing_roles`);
		assert.deepEqual(standby.body, { roles: [], is_standby: true });
	});

	it('pass hands a chat to the other app, take brings it back; neither sends this app a handover', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await routing(s);
		await writes(s, 'hello');
		await receiver.waitFor(1);
		assert.equal(
			(await threadControl(s, { action: 'pass', metadata: 'to the agent' })).status,
			200,
		);
		await writes(s, 'still there?');
		assert.equal(change((await receiver.waitFor(2))[1]).field, 'standby');
		assert.equal((await threadControl(s, { action: 'take' })).status, 200);
		await writes(s, 'back');
		assert.equal(change((await receiver.waitFor(3))[2]).field, 'messages');
		await expectNoMore(receiver, 3);
	});

	it('refuses what the owner rules forbid, naming why', async () => {
		const s = sandbox.current;
		await writes(s, 'hello');
		expectError(await threadControl(s, { action: 'pass' }), 400, 2494191, 'one responder');
		await routing(s, { roles: [], escalation_partner: false });
		expectError(await threadControl(s, { action: 'release' }), 400, 2494191, 'thread owner');
		expectError(await threadControl(s, { action: 'take' }), 400, 2494191, 'escalation partner');
		expectError(await threadControl(s, { action: 'hand' }), 400, 100, 'action');
		const unknown = await controlRaw(s, 'POST', '/routing/pass', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			text: 'x',
		});
		assert.equal(unknown.status, 400);
	});
});
