import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import {
	expectError,
	OTHER_API_KEY,
	useSandbox,
	type ApiResponse,
	type TestSandbox,
} from './helpers';
import type {
	CreatedTemplate,
	ErrorObject,
	RefundAnswer,
	UploadHandle,
	UploadSession,
} from './types';
import {
	CUSTOMER,
	DEMO_NUMBER,
	expectNoMore,
	expectSent,
	orderConfirmationComponents,
	OTHER_NUMBER,
	Receivers,
	recordedMessages,
	recordedRefunds,
	refund,
	SECOND_NUMBER,
	send,
	statusOf,
	templateMessage,
	type SendBody,
	type SendComponent,
} from './msg-webhook-support';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

const HOUR = 3_600_000;

/** Sends `body`, expects the refusal, and proves nothing was recorded. */
async function expectRefusedSend(
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

function withComponents(change: (components: SendComponent[]) => void): SendBody {
	const components = orderConfirmationComponents();
	change(components);
	return templateMessage('order_confirmation', 'en_US', components);
}

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

describe('template parameters of a send (Cloud API form)', () => {
	it('accepts parameters that match order_confirmation exactly', async () => {
		const s = sandbox.current;
		expectSent(
			await send(s, templateMessage('order_confirmation', 'en_US', orderConfirmationComponents())),
		);
	});

	it('accepts the button index as a number and components in any order', async () => {
		const s = sandbox.current;
		const components = orderConfirmationComponents().reverse();
		components[0].index = 0;
		expectSent(await send(s, templateMessage('order_confirmation', 'en_US', components)));
	});

	it('accepts hello_world without components, and the es_ES order_confirmation with its two body values', async () => {
		const s = sandbox.current;
		expectSent(await send(s, templateMessage('hello_world')));
		expectSent(
			await send(
				s,
				templateMessage('order_confirmation', 'es_ES', [
					{
						type: 'body',
						parameters: [
							{ type: 'text', text: 'María' },
							{ type: 'text', text: '2 bolsas de café' },
						],
					},
				]),
			),
		);
	});

	it('refuses the es_ES template with the three en_US body values', async () => {
		const s = sandbox.current;
		const body = templateMessage('order_confirmation', 'es_ES', [orderConfirmationComponents()[1]]);
		await expectRefusedSend(s, body, 400, 132000, 'body.parameters');
	});

	it('refuses order_confirmation without any parameters', async () => {
		const s = sandbox.current;
		await expectRefusedSend(s, templateMessage('order_confirmation'), 400, 132000);
	});

	it('refuses missing body parameters (132000, naming the body)', async () => {
		const s = sandbox.current;
		const error = await expectRefusedSend(
			s,
			withComponents((c) => c[1].parameters.pop()),
			400,
			132000,
			/body\.parameters.*expects 3.*got 2/,
		);
		assert.equal(error.error_data?.field, 'body.parameters');
		await expectRefusedSend(
			s,
			withComponents((c) => c.splice(1, 1)),
			400,
			132000,
			/body\.parameters.*expects 3.*got 0/,
		);
	});

	it('refuses too many body parameters', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => c[1].parameters.push({ type: 'text', text: 'extra' })),
			400,
			132000,
			/body\.parameters.*expects 3.*got 4/,
		);
	});

	it('refuses body parameters for a template without placeholders', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			templateMessage('hello_world', 'en_US', [
				{ type: 'body', parameters: [{ type: 'text', text: 'x' }] },
			]),
			400,
			132000,
			'body.parameters',
		);
		await expectRefusedSend(
			s,
			templateMessage('hello_world', 'en_US', [
				{ type: 'header', parameters: [{ type: 'text', text: 'x' }] },
			]),
			400,
			132000,
			'header.parameters',
		);
	});

	it('refuses a missing header parameter, naming the header', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => c.splice(0, 1)),
			400,
			132000,
			/header\.parameters.*expects 1/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[0].parameters = [])),
			400,
			132000,
			/header\.parameters/,
		);
	});

	it('refuses a header parameter that is not text for a TEXT header', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents(
				(c) =>
					(c[0].parameters = [{ type: 'image', image: { link: 'https://example.com/a.png' } }]),
			),
			400,
			132000,
			'header.parameters[0]',
		);
	});

	it('refuses a missing URL button parameter, naming the button', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => c.splice(2, 1)),
			400,
			132000,
			/button\[0\]\.parameters/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[2].parameters = [])),
			400,
			132000,
			/button\[0\]\.parameters/,
		);
	});

	it('refuses a wrong button sub_type', async () => {
		const s = sandbox.current;
		const error = await expectRefusedSend(
			s,
			withComponents((c) => (c[2].sub_type = 'quick_reply')),
			400,
			132000,
			/sub_type.*url/,
		);
		assert.match(error.error_data?.field ?? '', /sub_type$/);
		await expectRefusedSend(
			s,
			withComponents((c) => delete c[2].sub_type),
			400,
			132000,
			/sub_type/,
		);
	});

	it('refuses a parameter for a button that takes none, or a missing index', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => (c[2].index = '1')),
			400,
			132000,
			/index/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[2].index = '5')),
			400,
			132000,
			/index/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => delete c[2].index),
			400,
			132000,
			/index/,
		);
	});

	it('refuses a parameter with a new line, a tab or five spaces in a row, naming it', async () => {
		const s = sandbox.current;
		const error = await expectRefusedSend(
			s,
			withComponents((c) => (c[1].parameters[1].text = 'two bags\nof coffee')),
			400,
			132000,
			'body.parameters[1].text',
		);
		assert.equal(error.error_data?.field, 'body.parameters[1].text');
		await expectRefusedSend(
			s,
			withComponents((c) => (c[0].parameters[0].text = '#10\t01')),
			400,
			132000,
			'header.parameters[0].text',
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[2].parameters[0].text = '10     01')),
			400,
			132000,
			'button[0].parameters[0].text',
		);
		// four spaces are still fine
		expectSent(
			await send(
				s,
				withComponents((c) => (c[1].parameters[1].text = 'two    bags')),
			),
		);
	});

	it('refuses an empty or missing body parameter text', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => (c[1].parameters[0].text = '')),
			400,
			132000,
			'body.parameters[0].text',
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[1].parameters[0] = { type: 'text' })),
			400,
			132000,
			'body.parameters[0].text',
		);
	});

	it('refuses an unknown component type, and components that are not an array', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents((c) => c.push({ type: 'footer', parameters: [] })),
			400,
			132000,
			'template.components[3].type',
		);
		await expectRefusedSend(
			s,
			templateMessage('order_confirmation', 'en_US', { type: 'body' }),
			400,
			132000,
			'template.components',
		);
	});

	it('refuses a component sent twice', async () => {
		const s = sandbox.current;
		// two body components carry six values for three placeholders
		await expectRefusedSend(
			s,
			withComponents((c) => c.push(structuredClone(c[1]))),
			400,
			132000,
			/template\.components\[3\].*twice/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => c.push(structuredClone(c[2]))),
			400,
			132000,
			/template\.components\[3\].*twice/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => c.push(structuredClone(c[0]))),
			400,
			132000,
			/template\.components\[3\].*twice/,
		);
	});

	it('takes a coupon_code for the COPY_CODE button of welcome_offer', async () => {
		const s = sandbox.current;
		const body = (button?: Record<string, unknown>) =>
			templateMessage('welcome_offer', 'en_US', [
				{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] },
				...(button ? [button] : []),
			]);
		const coupon = {
			type: 'button',
			sub_type: 'copy_code',
			index: '0',
			parameters: [{ type: 'coupon_code', coupon_code: 'WELCOME15' }],
		};
		expectSent(await send(s, body(coupon)));
		await expectRefusedSend(s, body(undefined), 400, 132000, /button\[0\]\.parameters/);
		await expectRefusedSend(
			s,
			body({ ...coupon, sub_type: 'url' }),
			400,
			132000,
			/sub_type.*copy_code/,
		);
		await expectRefusedSend(
			s,
			body({ ...coupon, parameters: [{ type: 'text', text: 'WELCOME15' }] }),
			400,
			132000,
			/button\[0\]\.parameters\[0\].*coupon_code/,
		);
		await expectRefusedSend(
			s,
			body({ ...coupon, parameters: [{ type: 'text', coupon_code: 'WELCOME15' }] }),
			400,
			132000,
			/button\[0\]\.parameters\[0\].*coupon_code/,
		);
		await expectRefusedSend(
			s,
			body({
				...coupon,
				parameters: [{ type: 'coupon_code', coupon_code: 'WAY_TOO_LONG_CODE_1' }],
			}),
			400,
			132000,
			/coupon_code/,
		);
		await expectRefusedSend(
			s,
			body({ ...coupon, parameters: [{ type: 'coupon_code', coupon_code: '' }] }),
			400,
			132000,
			/coupon_code/,
		);
	});

	it('refuses a coupon_code for the URL button of order_confirmation', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			withComponents(
				(c) =>
					(c[2] = {
						type: 'button',
						sub_type: 'copy_code',
						index: '0',
						parameters: [{ type: 'coupon_code', coupon_code: 'X1' }],
					}),
			),
			400,
			132000,
			/sub_type/,
		);
		await expectRefusedSend(
			s,
			withComponents((c) => (c[2].parameters = [{ type: 'coupon_code', coupon_code: 'X1' }])),
			400,
			132000,
			/button\[0\]\.parameters\[0\]\.type/,
		);
	});
});

describe('media header parameters', () => {
	const IMAGE_MEDIA = '1037543291543636';

	/** Creates (via sample upload and template create) and approves a template with an IMAGE header. */
	async function imageTemplate(s: TestSandbox): Promise<void> {
		const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
		const session = await s.api<UploadSession>('POST', '/app/uploads', {
			query: { file_length: png.length, file_type: 'image/png' },
		});
		assert.equal(session.status, 200, session.text);
		const upload = await s.api<UploadHandle>('POST', `/${session.body.id}`, {
			raw: png,
			contentType: 'application/octet-stream',
		});
		assert.equal(upload.status, 200, upload.text);
		const created = await s.api<CreatedTemplate>('POST', `/${s.accountId}/message_templates`, {
			body: {
				name: 'roast_photo',
				language: 'en_US',
				category: 'MARKETING',
				components: [
					{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [upload.body.h] } },
					{ type: 'BODY', text: 'Fresh roast: {{1}}', example: { body_text: [['Kenya Nyeri']] } },
				],
			},
		});
		assert.equal(created.status, 200, created.text);
		await s.control('POST', `/templates/${created.body.id}/status`, { status: 'APPROVED' });
	}

	const message = (header: unknown) =>
		templateMessage('roast_photo', 'en_US', [
			...(header === undefined ? [] : [{ type: 'header', parameters: [header] }]),
			{ type: 'body', parameters: [{ type: 'text', text: 'Kenya Nyeri' }] },
		]);

	it('takes an image by media id or link, and fails once the media was deleted', async () => {
		const s = sandbox.current;
		await imageTemplate(s);
		expectSent(await send(s, message({ type: 'image', image: { id: IMAGE_MEDIA } })));
		expectSent(
			await send(
				s,
				message({ type: 'image', image: { link: 'https://cdn.example.com/roast.png' } }),
			),
		);
		const deleted = await s.api('DELETE', `/${IMAGE_MEDIA}`, {
			query: { phone_number_id: DEMO_NUMBER },
		});
		assert.equal(deleted.status, 200, deleted.text);
		const before = (await recordedMessages(s)).length;
		const response = await send(s, message({ type: 'image', image: { id: IMAGE_MEDIA } }));
		assert.ok(
			response.status >= 400 && response.status < 500,
			`a deleted media id must fail: ${response.text}`,
		);
		expectError(response, response.status, 131053, 'deleted');
		assert.equal((await recordedMessages(s)).length, before);
	});

	it('refuses a missing image header, a wrong kind, an unknown or foreign media id', async () => {
		const s = sandbox.current;
		await imageTemplate(s);
		await expectRefusedSend(s, message(undefined), 400, 132000, 'header.parameters');
		await expectRefusedSend(
			s,
			message({ type: 'text', text: 'photo' }),
			400,
			132000,
			'header.parameters[0]',
		);
		await expectRefusedSend(
			s,
			message({ type: 'image', image: {} }),
			400,
			132000,
			'header.parameters[0].image',
		);
		await expectRefusedSend(
			s,
			message({ type: 'image', image: { link: 'not a url' } }),
			400,
			132000,
			'header.parameters[0].image',
		);
		await expectRefusedSend(
			s,
			message({ type: 'image', image: { id: '1037543291549999' } }),
			404,
			803,
		);
		await expectRefusedSend(s, message({ type: 'image', image: { id: '42' } }), 404, 803);
	});
});

describe('delivery receipts (6)', () => {
	it('delivers sent, delivered and read for the wamid, in order, in the Meta envelope', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const id = expectSent(await send(s, templateMessage('hello_world')));
		await s.advance(400);
		await expectNoMore(receiver, 0, 50);
		await s.advance(600);
		await receiver.waitFor(1);
		await s.advance(1_000);
		await receiver.waitFor(2);
		await s.advance(1_000);
		const payloads = await receiver.waitFor(3);
		assert.deepEqual(
			payloads.map((p) => statusOf(p).status),
			['sent', 'delivered', 'read'],
		);
		let lastTimestamp = 0;
		for (const payload of payloads) {
			assert.equal(payload.object, 'whatsapp_business_account');
			assert.equal(payload.entry.length, 1);
			assert.equal(payload.entry[0].id, s.accountId);
			assert.equal(payload.entry[0].changes[0].field, 'messages');
			const value = payload.entry[0].changes[0].value;
			assert.equal(value.messaging_product, 'whatsapp');
			assert.equal(value.metadata?.phone_number_id, DEMO_NUMBER);
			assert.equal(value.metadata?.display_phone_number, '15550123401');
			assert.equal(value.statuses?.length, 1);
			const status = statusOf(payload);
			assert.equal(status.id, id);
			assert.equal(status.recipient_id, CUSTOMER);
			assert.match(status.timestamp, /^\d{10}$/);
			assert.ok(Number(status.timestamp) >= lastTimestamp);
			lastTimestamp = Number(status.timestamp);
			assert.equal(status.errors, undefined);
		}
		await s.advance(10_000);
		await expectNoMore(receiver, 3);
		const recorded = (await recordedMessages(s)).find((m) => m.id === id);
		assert.equal(recorded?.status, 'read');
	});

	it('delivers all three receipts when the clock jumps past them at once', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const id = expectSent(await send(s, templateMessage('hello_world'), SECOND_NUMBER));
		await s.advance(3_000);
		const payloads = await receiver.waitFor(3);
		assert.deepEqual(payloads.map((p) => statusOf(p).status).sort(), ['delivered', 'read', 'sent']);
		for (const payload of payloads) {
			assert.equal(statusOf(payload).id, id);
			assert.equal(payload.entry[0].changes[0].value.metadata?.phone_number_id, SECOND_NUMBER);
		}
	});

	it('reports sent then failed (131026) for a recipient ending in 0000', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const to = '14155550000';
		const id = expectSent(
			await send(s, templateMessage('hello_world', 'en_US', undefined, to)),
			to,
		);
		await s.advance(1_000);
		await receiver.waitFor(1);
		await s.advance(1_000);
		const payloads = await receiver.waitFor(2);
		assert.deepEqual(
			payloads.map((p) => statusOf(p).status),
			['sent', 'failed'],
		);
		const failed = statusOf(payloads[1]);
		assert.equal(failed.id, id);
		assert.equal(failed.recipient_id, to);
		assert.equal(failed.errors?.[0].code, 131026);
		assert.equal(typeof failed.errors?.[0].title, 'string');
		await s.advance(5_000);
		await expectNoMore(receiver, 2);
		assert.equal((await recordedMessages(s)).find((m) => m.id === id)?.status, 'failed');
	});

	it('sends no receipts for a refused send', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		expectError(await send(s, templateMessage('spring_sale')), 400, 132001);
		await s.advance(5_000);
		await expectNoMore(receiver, 0);
	});
});

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

describe('payment refund (4.8, 2.9, 3.2)', () => {
	const base = (referenceId: string, extra: Record<string, unknown> = {}) => ({
		reference_id: referenceId,
		payment_config_id: 'acme-payments',
		speed: 'normal',
		...extra,
	});
	const eur = (value: number, offset = 100) => ({ currency: 'EUR', value, offset });
	const REFUND_REFUSED = 2494010;

	function expectPending(response: ApiResponse<RefundAnswer>, speed = 'normal'): string {
		assert.equal(response.status, 200, response.text);
		assert.deepEqual(Object.keys(response.body).sort(), ['id', 'speed_processed', 'status']);
		assert.equal(typeof response.body.id, 'string');
		assert.ok(response.body.id.length > 0);
		assert.equal(response.body.status, 'pending');
		assert.equal(response.body.speed_processed, speed);
		return response.body.id;
	}

	it('refunds a whole payment without amount, once', async () => {
		const s = sandbox.current;
		const id = expectPending(await refund(s, base('order-1001')));
		const refunds = await recordedRefunds(s);
		assert.equal(refunds.length, 1);
		assert.equal(refunds[0].id, id);
		assert.equal(refunds[0].amount, 4599);
		assert.equal(refunds[0].currency, 'USD');
		assert.equal(refunds[0].status, 'pending');
		expectError(await refund(s, base('order-1001')), 400, REFUND_REFUSED, 'already fully refunded');
		expectError(
			await refund(s, base('order-1001', { amount: { currency: 'USD', value: 1, offset: 100 } })),
			400,
			REFUND_REFUSED,
			'already fully refunded',
		);
		assert.equal((await recordedRefunds(s)).length, 1);
	});

	it('refunds part of a payment (EUR 999/100), then the rest, then refuses more', async () => {
		const s = sandbox.current;
		expectPending(await refund(s, base('order-1002', { amount: eur(999) })));
		// 10.01 EUR is more than the 10.00 left
		const over = expectError(
			await refund(s, base('order-1002', { amount: eur(1001) })),
			400,
			REFUND_REFUSED,
			'amount',
		);
		assert.equal(over.error_data?.field, 'amount.value');
		expectPending(await refund(s, base('order-1002', { amount: eur(1000) })));
		expectError(
			await refund(s, base('order-1002', { amount: eur(1) })),
			400,
			REFUND_REFUSED,
			'already fully refunded',
		);
		expectError(await refund(s, base('order-1002')), 400, REFUND_REFUSED, 'already fully refunded');
		const refunds = await recordedRefunds(s);
		assert.deepEqual(
			refunds.map((r) => r.amount),
			[999, 1000],
		);
	});

	it('refunds the rest without amount after a partial refund', async () => {
		const s = sandbox.current;
		expectPending(await refund(s, base('order-1002', { amount: eur(5) })));
		expectPending(await refund(s, base('order-1002')));
		assert.deepEqual(
			(await recordedRefunds(s)).map((r) => r.amount),
			[5, 1994],
		);
	});

	it('reads value / offset in the currency (offsets 1, 10, 1000)', async () => {
		const s = sandbox.current;
		expectPending(await refund(s, base('order-1002', { amount: eur(5, 1) }))); // 5.00 EUR
		expectPending(await refund(s, base('order-1002', { amount: eur(25, 10) }))); // 2.50 EUR
		expectPending(await refund(s, base('order-1002', { amount: eur(1250, 1000) }))); // 1.25 EUR
		assert.deepEqual(
			(await recordedRefunds(s)).map((r) => r.amount),
			[500, 250, 125],
		);
	});

	it('refuses more than the payment in one go', async () => {
		const s = sandbox.current;
		expectError(
			await refund(s, base('order-1002', { amount: eur(2000) })),
			400,
			REFUND_REFUSED,
			'amount',
		);
		expectError(
			await refund(s, base('order-1001', { amount: { currency: 'USD', value: 46, offset: 1 } })),
			400,
			REFUND_REFUSED,
		);
		assert.equal((await recordedRefunds(s)).length, 0);
		// nothing was taken off: the whole amount is still refundable
		expectPending(await refund(s, base('order-1002', { amount: eur(1999) })));
	});

	for (const [label, amount, field] of [
		['another currency', { currency: 'USD', value: 999, offset: 100 }, 'amount.currency'],
		['an unknown currency code', { currency: 'XYZ1', value: 999, offset: 100 }, 'amount.currency'],
		['an offset of 5', { currency: 'EUR', value: 999, offset: 5 }, 'amount.offset'],
		['an offset of 0', { currency: 'EUR', value: 999, offset: 0 }, 'amount.offset'],
		['a value of 0', { currency: 'EUR', value: 0, offset: 100 }, 'amount.value'],
		['a negative value', { currency: 'EUR', value: -5, offset: 100 }, 'amount.value'],
		['a fractional value', { currency: 'EUR', value: 9.5, offset: 100 }, 'amount.value'],
		['a value given as a string', { currency: 'EUR', value: '999', offset: 100 }, 'amount.value'],
		['a value finer than a cent', { currency: 'EUR', value: 9991, offset: 1000 }, 'amount.value'],
		['a missing currency', { value: 999, offset: 100 }, 'amount.currency'],
		['a missing offset', { currency: 'EUR', value: 999 }, 'amount.offset'],
		[
			'an unknown amount field',
			{ currency: 'EUR', value: 999, offset: 100, cents: 1 },
			'amount.cents',
		],
	] as const) {
		it(`refuses ${label}, naming ${field}`, async () => {
			const s = sandbox.current;
			const error = expectError(await refund(s, base('order-1002', { amount })), 400, 100, field);
			assert.equal(error.error_data?.field, field);
			assert.equal((await recordedRefunds(s)).length, 0);
		});
	}

	it('refuses an amount finer than the currency unit (JPY 1/100), and takes whole yen', async () => {
		const s = sandbox.current;
		const jpy = (value: number, offset: number) =>
			base('order-1003', { amount: { currency: 'JPY', value, offset } });
		const error = expectError(
			await refund(s, jpy(1, 100), SECOND_NUMBER),
			400,
			100,
			'amount.value',
		);
		assert.equal(error.error_data?.field, 'amount.value');
		expectPending(await refund(s, jpy(100, 100), SECOND_NUMBER)); // 1 yen
		expectPending(await refund(s, jpy(200, 1), SECOND_NUMBER)); // 200 yen
		expectError(await refund(s, jpy(3000, 1), SECOND_NUMBER), 400, REFUND_REFUSED, 'amount');
		expectPending(await refund(s, jpy(2999, 1), SECOND_NUMBER));
		assert.deepEqual(
			(await recordedRefunds(s)).map((r) => r.amount),
			[1, 200, 2999],
		);
	});

	it('answers an unknown reference as not found', async () => {
		const s = sandbox.current;
		expectError(await refund(s, base('order-9999')), 404, 803);
	});

	it('refuses a payment_config_id that is not the payment one', async () => {
		const s = sandbox.current;
		const error = expectError(
			await refund(s, { ...base('order-1001'), payment_config_id: 'someone-else' }),
			400,
			100,
			'payment_config_id',
		);
		assert.equal(error.error_data?.field, 'payment_config_id');
		assert.equal((await recordedRefunds(s)).length, 0);
	});

	it('refuses a request without reference_id or payment_config_id', async () => {
		const s = sandbox.current;
		const { reference_id: _r, ...noReference } = base('order-1001');
		const { payment_config_id: _p, ...noConfig } = base('order-1001');
		expectError(await refund(s, noReference), 400, 100, 'reference_id');
		expectError(await refund(s, noConfig), 400, 100, 'payment_config_id');
		expectError(
			await refund(s, { ...base('order-1001'), reference_id: '' }),
			400,
			100,
			'reference_id',
		);
		expectError(await refund(s, { ...base('order-1001'), extra: true }), 400, 100, 'extra');
		assert.equal((await recordedRefunds(s)).length, 0);
	});

	it('refuses a body sent as text/plain', async () => {
		const s = sandbox.current;
		const response = await s.api('POST', `/${DEMO_NUMBER}/payments_refund`, {
			raw: JSON.stringify(base('order-1001')),
			contentType: 'text/plain',
		});
		expectError(response, 400, 100, 'Content-Type');
	});

	it('echoes speed "instant", defaults to normal, and refuses an unknown speed', async () => {
		const s = sandbox.current;
		expectPending(await refund(s, base('order-1001', { speed: 'instant' })), 'instant');
		const { speed: _s, ...noSpeed } = base('order-1002');
		expectPending(await refund(s, noSpeed), 'normal');
		expectError(
			await refund(s, base('order-1003', { speed: 'warp' }), SECOND_NUMBER),
			400,
			100,
			'speed',
		);
		assert.equal((await recordedRefunds(s)).length, 2);
	});

	it("answers another number's payment as not found", async () => {
		const s = sandbox.current;
		// order-1003 belongs to the second number, order-1001 to the first
		expectError(await refund(s, base('order-1003'), DEMO_NUMBER), 404, 803);
		expectError(await refund(s, base('order-1001'), SECOND_NUMBER), 404, 803);
		// another key cannot reach the demo numbers nor their payments
		expectError(await refund(s, base('order-1001'), DEMO_NUMBER, OTHER_API_KEY), 404, 803);
		expectError(await refund(s, base('order-1001'), OTHER_NUMBER), 404, 803);
		assert.equal((await recordedRefunds(s)).length, 0);
		expectPending(await refund(s, base('order-1003'), SECOND_NUMBER));
	});

	it('completes a refund after refundDelayMs', async () => {
		const s = sandbox.current;
		const id = expectPending(await refund(s, base('order-1001')));
		await s.advance(30_000);
		assert.equal((await recordedRefunds(s)).find((r) => r.id === id)?.status, 'pending');
		await s.advance(30_000);
		assert.equal((await recordedRefunds(s)).find((r) => r.id === id)?.status, 'completed');
	});

	it('follows a changed refundDelayMs', async () => {
		const s = sandbox.current;
		await s.control('POST', '/config', { refundDelayMs: 5_000 });
		const id = expectPending(await refund(s, base('order-1002')));
		await s.advance(5_000);
		assert.equal((await recordedRefunds(s)).find((r) => r.id === id)?.status, 'completed');
	});
});
