import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { expectError, useSandbox, type TestSandbox } from './helpers';
import type { CreatedTemplate, UploadHandle, UploadSession } from './types';
import {
	CUSTOMER,
	DEMO_NUMBER,
	expectNoMore,
	expectSent,
	Receivers,
	recordedMessages,
	SECOND_NUMBER,
	send,
	statusOf,
	templateMessage,
} from './msgWebhookSupport';
import { expectRefusedSend } from './messagesSupport';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

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

	it('hands the callback data back in every receipt; refuses one over 512 characters', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const data = `ref:${'x'.repeat(508)}`;
		const id = expectSent(
			await send(s, { ...templateMessage('hello_world'), biz_opaque_callback_data: data }),
		);
		await s.advance(3_000);
		const payloads = await receiver.waitFor(3);
		for (const payload of payloads) {
			assert.equal(statusOf(payload).id, id);
			assert.equal(statusOf(payload).biz_opaque_callback_data, data);
		}
		for (const wrong of [`${data}y`, 42]) {
			const refused = await send(s, {
				...templateMessage('hello_world'),
				biz_opaque_callback_data: wrong,
			});
			expectError(refused, 400, 100);
			assert.match(refused.text, /biz_opaque_callback_data: must be a text of at most 512/);
		}
		// A message sent without it carries none in its receipts.
		const plain = expectSent(await send(s, templateMessage('hello_world')));
		await s.advance(3_000);
		const more = await receiver.waitFor(6);
		for (const payload of more.slice(3)) {
			assert.equal(statusOf(payload).id, plain);
			assert.equal(statusOf(payload).biz_opaque_callback_data, undefined);
		}
	});

	it('sends no receipts for a refused send', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		expectError(await send(s, templateMessage('spring_sale')), 400, 132001);
		await s.advance(5_000);
		await expectNoMore(receiver, 0);
	});
});
