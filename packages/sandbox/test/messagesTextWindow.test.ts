import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { expectError, useSandbox } from './helpers';
import {
	CUSTOMER,
	DEMO_NUMBER,
	expectSent,
	Receivers,
	recordedMessages,
	SECOND_NUMBER,
	send,
	statusOf,
	templateMessage,
} from './msgWebhookSupport';
import { HOUR, expectRefusedSend } from './messagesSupport';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

describe('free-form text and the 24-hour customer window', () => {
	const text = (to = CUSTOMER) => ({
		messaging_product: 'whatsapp',
		to,
		type: 'text',
		text: { body: 'Your order is on its way' },
	});

	it('refuses text before the customer wrote (131047)', async () => {
		const s = sandbox.current;
		await expectRefusedSend(s, text(), 400, 131047, 'approved template');
	});

	it('allows text within 24 hours of the customer message and refuses it after 24 h + 1 ms', async () => {
		const s = sandbox.current;
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			text: 'Where is my order?',
		});
		expectSent(await send(s, text()));
		await s.advance(23 * HOUR);
		expectSent(await send(s, text()));
		await s.advance(HOUR + 1);
		await expectRefusedSend(s, text(), 400, 131047);
		// a template still works, and a new customer message opens the window again
		expectSent(await send(s, templateMessage('hello_world')));
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			text: 'Hello?',
		});
		expectSent(await send(s, text()));
	});

	it('opens the window only for that customer on that number', async () => {
		const s = sandbox.current;
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			text: 'Hi',
		});
		await expectRefusedSend(s, text('14155550199'), 400, 131047);
		const response = await s.api('POST', `/${SECOND_NUMBER}/messages`, { body: text() });
		expectError(response, 400, 131047);
	});

	it('refuses a text message without text.body', async () => {
		const s = sandbox.current;
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			text: 'Hi',
		});
		await expectRefusedSend(s, { ...text(), text: {} }, 400, 100, 'text.body');
		await expectRefusedSend(s, { ...text(), text: undefined }, 400, 100, 'text');
	});

	it('takes a reply context naming a message ID, and refuses another shape', async () => {
		const s = sandbox.current;
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			text: 'Hi',
		});
		const id = expectSent(
			await send(s, {
				...text(),
				text: { body: 'Hello', preview_url: true },
				context: { message_id: 'wamid.customer1' },
			}),
		);
		assert.equal((await recordedMessages(s)).find((m) => m.id === id)?.replyTo, 'wamid.customer1');
		await expectRefusedSend(
			s,
			{ ...text(), context: { message_id: 'customer1' } },
			400,
			100,
			'context.message_id',
		);
		await expectRefusedSend(
			s,
			{ ...text(), context: { message_id: 'wamid.x', extra: 1 } },
			400,
			100,
			'context.extra',
		);
		await expectRefusedSend(
			s,
			{ ...text(), text: { body: 'Hi', preview_url: 'yes' } },
			400,
			100,
			'text.preview_url',
		);
		await expectRefusedSend(
			s,
			{ ...text(), text: { body: 'Hi', bold: true } },
			400,
			100,
			'text.bold',
		);
	});

	it('delivers receipts for a text message as well', async () => {
		const s = sandbox.current;
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			text: 'Hi',
		});
		const receiver = await receivers.start(s);
		const id = expectSent(await send(s, text()));
		await s.advance(1_000);
		const [payload] = await receiver.waitFor(1);
		assert.equal(statusOf(payload).id, id);
		assert.equal(statusOf(payload).status, 'sent');
	});
});
