import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { useSandbox } from './helpers';
import {
	CUSTOMER,
	DEMO_NUMBER,
	expectSent,
	Receivers,
	recordedMessages,
	send,
	templateMessage,
} from './msgWebhookSupport';
import {
	allReceipts,
	expectSentToUserId,
	PARENT_USER_ID,
	receipt,
	textToUserId,
	USER_ID,
	USER_NAME,
	USERNAME,
	userWrites,
} from './userIdSupport';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

const PMP = 'PMP';
const welcomeOffer = () =>
	templateMessage('welcome_offer', 'en_US', [
		{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] },
		{
			type: 'button',
			sub_type: 'copy_code',
			index: '0',
			parameters: [{ type: 'coupon_code', coupon_code: 'WELCOME15' }],
		},
	]);
const loginCode = () =>
	templateMessage('login_code', 'en_US', [
		{ type: 'body', parameters: [{ type: 'text', text: '482913' }] },
		{ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
	]);

describe('receipts of messages to customers with a user ID', () => {
	it('a send by user ID: recipient_user_id and its parent, no recipient_id, the contact on sent, delivered and read', async () => {
		const s = sandbox.current;
		await userWrites(s);
		const receiver = await receivers.start(s);
		const id = await expectSentToUserId(s, textToUserId());
		const payloads = await allReceipts(s, receiver);
		for (const name of ['sent', 'delivered', 'read']) {
			const { value, status } = receipt(payloads, name);
			assert.equal(status.id, id);
			assert.equal('recipient_id' in status, false, `${name}: no recipient_id`);
			assert.equal(status.recipient_user_id, USER_ID);
			assert.equal(status.recipient_parent_user_id, PARENT_USER_ID);
			assert.deepEqual(value.contacts, [
				{
					profile: { name: USER_NAME, username: USERNAME },
					user_id: USER_ID,
					parent_user_id: PARENT_USER_ID,
				},
			]);
		}
	});

	it('a send by number to a customer with a user ID: recipient_id and recipient_user_id, the contact with both', async () => {
		const s = sandbox.current;
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			user_id: USER_ID,
			username: USERNAME,
			name: 'Ana',
		});
		const receiver = await receivers.start(s);
		expectSent(await send(s, templateMessage('hello_world')));
		const payloads = await allReceipts(s, receiver);
		for (const name of ['sent', 'delivered', 'read']) {
			const { value, status } = receipt(payloads, name);
			assert.equal(status.recipient_id, CUSTOMER);
			assert.equal(status.recipient_user_id, USER_ID);
			assert.equal('recipient_parent_user_id' in status, false);
			assert.deepEqual(value.contacts, [
				{ profile: { name: 'Ana', username: USERNAME }, wa_id: CUSTOMER, user_id: USER_ID },
			]);
		}
	});

	it('a customer known only by number: recipient_id alone and no contacts, as before', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		expectSent(await send(s, templateMessage('hello_world')));
		const { value, status } = receipt(await allReceipts(s, receiver), 'delivered');
		assert.equal(status.recipient_id, CUSTOMER);
		assert.equal('recipient_user_id' in status, false);
		assert.equal(value.contacts, undefined);
	});

	it('a failed receipt: errors with code, title, message, details and href; no contacts; the user ID only for a send by user ID', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		// a user ID ending in 0000 is undeliverable, as a number is
		const undeliverable = 'US.20000';
		await expectSentToUserId(
			s,
			{ ...templateMessage('hello_world'), to: undefined, recipient: undeliverable },
			undeliverable,
		);
		const failed = receipt(await allReceipts(s, receiver, 2), 'failed');
		assert.equal(failed.value.contacts, undefined);
		assert.equal('recipient_id' in failed.status, false);
		assert.equal(failed.status.recipient_user_id, undeliverable);
		assert.equal(failed.status.pricing, undefined);
		assert.deepEqual(failed.status.errors, [
			{
				code: 131026,
				title: 'Message undeliverable',
				message: 'Message undeliverable',
				error_data: {
					details: 'The recipient is not on the messaging platform or cannot receive messages',
				},
				href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
			},
		]);
		// sent to the number of a customer with a user ID: the user ID is left out
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: '14155550000',
			user_id: USER_ID,
		});
		expectSent(
			await send(s, templateMessage('hello_world', 'en_US', undefined, '14155550000')),
			'14155550000',
		);
		const payloads = await allReceipts(s, receiver, 5);
		const byNumber = payloads
			.slice(2)
			.map((p) => p.entry[0].changes[0].value)
			.find((v) => v.statuses?.[0].status === 'failed')!.statuses![0];
		assert.equal(byNumber.recipient_id, '14155550000');
		assert.equal('recipient_user_id' in byNumber, false);
	});
});

describe('receipts: per-message pricing (PMP)', () => {
	it('a template outside the window is charged by its category, on every receipt', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		expectSent(await send(s, templateMessage('hello_world')));
		const payloads = await allReceipts(s, receiver);
		for (const name of ['sent', 'delivered', 'read']) {
			const { status } = receipt(payloads, name);
			assert.deepEqual(status.pricing, {
				billable: true,
				category: 'utility',
				type: 'regular',
				pricing_model: PMP,
			});
			assert.deepEqual(status.conversation?.origin, { type: 'utility' });
		}
	});

	it('marketing and authentication templates are charged; a utility template and a reply inside the window are free', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const pricing = async (body: unknown) => {
			const before = receiver.received.length;
			const id = expectSent(await send(s, body));
			const payloads = (await allReceipts(s, receiver, before + 3)).slice(before);
			const { status } = receipt(payloads, 'delivered');
			assert.equal(status.id, id);
			const recorded = (await recordedMessages(s)).find((m) => m.id === id);
			assert.deepEqual(recorded?.pricing, status.pricing, 'the control API shows the pricing');
			return status.pricing;
		};
		assert.deepEqual(await pricing(welcomeOffer()), {
			billable: true,
			category: 'marketing',
			type: 'regular',
			pricing_model: PMP,
		});
		assert.deepEqual(await pricing(loginCode()), {
			billable: true,
			category: 'authentication',
			type: 'regular',
			pricing_model: PMP,
		});
		await s.control('POST', '/incoming', { phone_number_id: DEMO_NUMBER, from: CUSTOMER });
		assert.deepEqual(await pricing(templateMessage('hello_world')), {
			billable: false,
			category: 'utility',
			type: 'free_customer_service',
			pricing_model: PMP,
		});
		assert.deepEqual(await pricing(welcomeOffer()), {
			billable: true,
			category: 'marketing',
			type: 'regular',
			pricing_model: PMP,
		});
		assert.deepEqual(
			await pricing({
				messaging_product: 'whatsapp',
				to: CUSTOMER,
				type: 'text',
				text: { body: 'Thanks!' },
			}),
			{ billable: false, category: 'service', type: 'free_customer_service', pricing_model: PMP },
		);
	});
});
