import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError, OTHER_API_KEY, useSandbox } from './helpers';
import {
	CUSTOMER,
	DEMO_NUMBER,
	expectSent,
	OTHER_NUMBER,
	recordedMessages,
	SECOND_NUMBER,
	send,
	templateMessage,
} from './msgWebhookSupport';
import { expectRefusedSend } from './messagesSupport';

const sandbox = useSandbox();

describe('send a template message (4.2, 2.10)', () => {
	it('answers the Cloud API shape with a wamid and records the message', async () => {
		const s = sandbox.current;
		const response = await send(s, templateMessage('hello_world'));
		const id = expectSent(response);
		assert.deepEqual(Object.keys(response.body).sort(), [
			'contacts',
			'messages',
			'messaging_product',
		]);
		const messages = await recordedMessages(s);
		assert.equal(messages.length, 1);
		assert.equal(messages[0].id, id);
		assert.equal(messages[0].to, CUSTOMER);
		assert.equal(messages[0].phoneNumberId, DEMO_NUMBER);
		assert.equal(messages[0].template?.name, 'hello_world');
		assert.equal(messages[0].template?.language, 'en_US');
	});

	it('gives every message its own ID', async () => {
		const s = sandbox.current;
		const a = expectSent(await send(s, templateMessage('hello_world')));
		const b = expectSent(await send(s, templateMessage('hello_world')));
		assert.notEqual(a, b);
		assert.equal((await recordedMessages(s)).length, 2);
	});

	it('sends from the second number of the key too', async () => {
		const s = sandbox.current;
		expectSent(await send(s, templateMessage('hello_world'), SECOND_NUMBER));
		assert.equal((await recordedMessages(s))[0].phoneNumberId, SECOND_NUMBER);
	});

	it('refuses a messaging_product other than "whatsapp"', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			{ ...templateMessage('hello_world'), messaging_product: 'sms' },
			400,
			100,
			'messaging_product',
		);
		const { messaging_product: _omitted, ...without } = templateMessage('hello_world');
		await expectRefusedSend(s, without, 400, 100, 'messaging_product');
	});

	for (const [label, to] of [
		['a leading plus', '+14155550100'],
		['spaces', '1415 555 0100'],
		['letters', '1415555CAFE'],
		['too few digits', '123456'],
		['too many digits', '1234567890123456'],
		['an empty string', ''],
		['a leading 0 (a national number)', '04155550100'],
		['a leading 00 (the international prefix left on)', '0014155550100'],
	] as const) {
		it(`refuses a recipient with ${label}, naming "to"`, async () => {
			const s = sandbox.current;
			const error = await expectRefusedSend(
				s,
				templateMessage('hello_world', 'en_US', undefined, to),
				400,
				100,
				/^to: /,
			);
			assert.equal(error.error_data?.field, 'to');
		});
	}

	it('accepts recipients of 7 and 15 digits', async () => {
		const s = sandbox.current;
		expectSent(
			await send(s, templateMessage('hello_world', 'en_US', undefined, '1234567')),
			'1234567',
		);
		expectSent(
			await send(s, templateMessage('hello_world', 'en_US', undefined, '123456789012345')),
			'123456789012345',
		);
	});

	it('refuses a recipient given as a number', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			{ ...templateMessage('hello_world'), to: 14155550100 },
			400,
			100,
			/^to: /,
		);
	});

	it('refuses an unknown message type, naming "type"', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			{ ...templateMessage('hello_world'), type: 'carrier_pigeon' },
			400,
			100,
			/^type: /,
		);
		const { type: _omitted, ...without } = templateMessage('hello_world');
		await expectRefusedSend(s, without, 400, 100, /^type: /);
	});

	it('refuses a JSON body sent as text/plain (Content-Type rule)', async () => {
		const s = sandbox.current;
		const response = await s.api('POST', `/${DEMO_NUMBER}/messages`, {
			raw: JSON.stringify(templateMessage('hello_world')),
			contentType: 'text/plain',
		});
		expectError(response, 400, 100, 'Content-Type: application/json');
		assert.equal((await recordedMessages(s)).length, 0);
	});

	it('refuses a body that is not valid JSON', async () => {
		const s = sandbox.current;
		const response = await s.api('POST', `/${DEMO_NUMBER}/messages`, {
			raw: '{"messaging_product":',
			contentType: 'application/json',
		});
		expectError(response, 400, 100, 'not valid JSON');
		assert.equal((await recordedMessages(s)).length, 0);
	});

	it('refuses a template that does not exist (132001)', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			templateMessage('no_such_template'),
			400,
			132001,
			'no_such_template',
		);
	});

	it('refuses a template in a language it does not have (132001)', async () => {
		const s = sandbox.current;
		await expectRefusedSend(s, templateMessage('hello_world', 'fr_FR'), 400, 132001);
	});

	for (const [name, status] of [
		['spring_sale', 'PENDING'],
		['payment_reminder', 'REJECTED'],
		['loyalty_update', 'PAUSED'],
	] as const) {
		it(`refuses the ${status} template ${name} (132001)`, async () => {
			const s = sandbox.current;
			const components = [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] }];
			await expectRefusedSend(s, templateMessage(name, 'en_US', components), 400, 132001, status);
		});
	}

	it('sends a template once it becomes APPROVED, and refuses it again when paused', async () => {
		const s = sandbox.current;
		const template = await s.templateByName('spring_sale');
		const body = templateMessage('spring_sale', 'en_US', [
			{ type: 'body', parameters: [{ type: 'text', text: 'tomorrow' }] },
		]);
		await expectRefusedSend(s, body, 400, 132001);
		await s.control('POST', `/templates/${template.id}/status`, { status: 'APPROVED' });
		expectSent(await send(s, body));
		await s.control('POST', `/templates/${template.id}/status`, { status: 'PAUSED' });
		await expectRefusedSend(s, body, 400, 132001);
	});

	it("answers another key's phone number as not found", async () => {
		const s = sandbox.current;
		const before = (await recordedMessages(s)).length;
		expectError(await send(s, templateMessage('hello_world'), OTHER_NUMBER), 404, 803);
		expectError(await send(s, templateMessage('other_hello'), OTHER_NUMBER), 404, 803);
		expectError(await send(s, templateMessage('hello_world'), '999999999999999'), 404, 803);
		assert.equal((await recordedMessages(s)).length, before);
		// the owner can send from it
		expectSent(await send(s, templateMessage('other_hello'), OTHER_NUMBER, OTHER_API_KEY));
	});

	it("does not let another key's account send the demo templates", async () => {
		const s = sandbox.current;
		expectError(
			await send(s, templateMessage('hello_world'), OTHER_NUMBER, OTHER_API_KEY),
			400,
			132001,
		);
	});
});
