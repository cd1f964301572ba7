import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { expectError, FAST_CONFIG, OTHER_API_KEY, useSandbox } from './helpers';
import {
	CUSTOMER,
	DEMO_NUMBER,
	expectNoMore,
	expectSent,
	Receivers,
	SECOND_NUMBER,
	send,
	templateMessage,
	messageOf,
} from './msgWebhookSupport';
import type { CreatedTemplate } from './types';
import { incoming, sha256Hex } from './controlSupport';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

describe('webhook deliveries: the events', () => {
	it('delivers an incoming text message with its contact in the Meta envelope', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const answer = await incoming(s, { text: 'Do you ship to Lisbon?', name: 'Ana' });
		const [payload] = await receiver.waitFor(1);
		assert.equal(payload.object, 'whatsapp_business_account');
		assert.equal(payload.entry.length, 1);
		assert.equal(payload.entry[0].id, s.accountId);
		assert.equal(typeof payload.entry[0].time, 'number');
		assert.equal(payload.entry[0].changes.length, 1);
		assert.equal(payload.entry[0].changes[0].field, 'messages');
		const value = payload.entry[0].changes[0].value;
		assert.equal(value.messaging_product, 'whatsapp');
		assert.deepEqual(value.metadata, {
			display_phone_number: '15550123401',
			phone_number_id: DEMO_NUMBER,
		});
		assert.deepEqual(value.contacts, [{ profile: { name: 'Ana' }, wa_id: CUSTOMER }]);
		const message = messageOf(payload);
		assert.equal(message.id, answer.message_id);
		assert.match(message.id, /^wamid\./);
		assert.equal(message.from, CUSTOMER);
		assert.equal(message.type, 'text');
		assert.deepEqual(message.text, { body: 'Do you ship to Lisbon?' });
		assert.match(message.timestamp, /^\d{10}$/);
	});

	it('delivers an incoming image without given media: its media ID downloads, matching the sha256', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const answer = await incoming(s, { type: 'image', text: undefined });
		const [payload] = await receiver.waitFor(1);
		const message = messageOf(payload);
		assert.equal(message.type, 'image');
		assert.equal(typeof message.image?.id, 'string');
		assert.equal(message.image?.id, answer.media_id);
		assert.equal(message.image?.mime_type, 'image/png');
		const download = await fetch(
			`${s.baseUrl}/downloadMedia/${message.image?.id}?phone_number_id=${DEMO_NUMBER}`,
			{ method: 'POST', headers: { apikey: s.key } },
		);
		assert.equal(download.status, 200);
		assert.equal(download.headers.get('content-type'), 'image/png');
		const bytes = Buffer.from(await download.arrayBuffer());
		assert.ok(bytes.length > 0);
		assert.deepEqual(bytes.subarray(0, 8), Buffer.from('89504e470d0a1a0a', 'hex'), 'a PNG file');
		assert.equal(sha256Hex(bytes), message.image?.sha256);
	});

	it('delivers an incoming image with given media, which downloads byte for byte by the receiving number only', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const content = Buffer.from([
			0xff,
			0xd8,
			0xff,
			0xe0,
			...Buffer.from('fake jpeg from a customer'),
			0xff,
			0xd9,
		]);
		await incoming(s, {
			type: 'image',
			media: { mime_type: 'image/jpeg', base64: content.toString('base64') },
			caption: 'my latte',
		});
		const [payload] = await receiver.waitFor(1);
		const image = messageOf(payload).image;
		assert.ok(image, 'an image message');
		assert.equal(image.mime_type, 'image/jpeg');
		assert.equal(image.caption, 'my latte');
		assert.equal(image.sha256, sha256Hex(content));
		const download = await fetch(
			`${s.baseUrl}/downloadMedia/${image.id}?phone_number_id=${DEMO_NUMBER}`,
			{ method: 'POST', headers: { apikey: s.key } },
		);
		assert.equal(download.status, 200);
		assert.equal(download.headers.get('content-type'), 'image/jpeg');
		assert.deepEqual(Buffer.from(await download.arrayBuffer()), content);
		expectError(
			await s.api('POST', `/downloadMedia/${image.id}`, {
				query: { phone_number_id: SECOND_NUMBER },
			}),
			404,
		);
		expectError(
			await s.api('POST', `/downloadMedia/${image.id}`, {
				query: { phone_number_id: DEMO_NUMBER },
				key: OTHER_API_KEY,
			}),
			404,
		);
	});

	it('delivers a template status event after the review', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const created = await s.api<CreatedTemplate>('POST', `/${s.accountId}/message_templates`, {
			body: {
				name: 'roast_news',
				language: 'en_US',
				category: 'UTILITY',
				components: [{ type: 'BODY', text: 'Your beans were roasted today.' }],
			},
		});
		assert.equal(created.status, 200, created.text);
		await s.advance(FAST_CONFIG.reviewDelayMs);
		const [payload] = await receiver.waitFor(1);
		assert.equal(payload.object, 'whatsapp_business_account');
		assert.equal(payload.entry[0].id, s.accountId);
		assert.equal(payload.entry[0].changes[0].field, 'message_template_status_update');
		const value = payload.entry[0].changes[0].value;
		assert.equal(value.event, 'APPROVED');
		assert.equal(String(value.message_template_id), created.body.id);
		assert.equal(value.message_template_name, 'roast_news');
	});

	it('sends nothing once the webhook is removed', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		await s.control('DELETE', '/webhook');
		await incoming(s);
		expectSent(await send(s, templateMessage('hello_world')));
		await s.advance(5_000);
		await expectNoMore(receiver, 0);
	});
});
