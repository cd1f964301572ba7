import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoPng } from '../src/demoFiles';
import { useSandbox } from './helpers';
import { HOUR, expectRefusedSend } from './messagesSupport';
import { CUSTOMER, DEMO_NUMBER, expectSent, send, templateMessage } from './msgWebhookSupport';
import { downloadById, expectBytes } from './mediaSupport';
import {
	customerWrites,
	expectBadValue,
	expectRecorded,
	expectUnknownField,
	MEDIA_ERROR,
	message,
	PDF_MEDIA,
	PNG_MEDIA,
} from './conversationSupport';

const sandbox = useSandbox();

const CONTACT = {
	name: { formatted_name: 'Ana Lima', first_name: 'Ana', last_name: 'Lima' },
	phones: [{ phone: '+1 415 555 0100', type: 'WORK', wa_id: '14155550100' }],
	emails: [{ email: 'ana@example.com', type: 'WORK' }],
	org: { company: 'Acme', department: 'Roasting', title: 'Head roaster' },
	urls: [{ url: 'https://example.com', type: 'WORK' }],
	addresses: [{ street: '1 Main St', city: 'Springfield', country_code: 'US', type: 'WORK' }],
	birthday: '1990-02-28',
};

describe('media messages (image, video, audio, document, sticker)', () => {
	it('sends every kind by id or link, records what was sent, and the bytes download back', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const png = demoPng(120);
		const form = new FormData();
		form.set('messaging_product', 'whatsapp');
		form.set('type', 'image/png');
		form.set('file', new Blob([png], { type: 'image/png' }), 'cup.png');
		const uploaded = await fetch(`${s.baseUrl}/${DEMO_NUMBER}/media`, {
			method: 'POST',
			headers: { apikey: s.key },
			body: form,
		});
		const { id: uploadedId } = (await uploaded.json()) as { id: string };
		const image = { id: uploadedId, caption: 'Your cup' };
		const recorded = await expectRecorded(
			s,
			message('image', image, { context: { message_id: await customerWrites(s) } }),
		);
		assert.equal(recorded.type, 'image');
		assert.deepEqual(recorded.content, image);
		assert.match(recorded.context?.message_id ?? '', /^wamid\./);
		expectBytes(await downloadById(s, uploadedId, DEMO_NUMBER), png, 'image/png');

		const sent: [string, Record<string, unknown>][] = [
			['image', { link: 'https://cdn.example.com/a.jpg', caption: 'x'.repeat(1024) }],
			['video', { link: 'http://cdn.example.com/a.mp4', caption: 'Roasting' }],
			['audio', { link: 'https://cdn.example.com/a.ogg' }],
			['document', { id: PDF_MEDIA, caption: 'Invoice', filename: 'invoice.pdf' }],
			['document', { link: 'https://cdn.example.com/a.pdf', filename: 'a.pdf' }],
			['sticker', { link: 'https://cdn.example.com/a.webp' }],
		];
		for (const [type, content] of sent)
			assert.deepEqual((await expectRecorded(s, message(type, content))).content, content);
	});

	it('refuses id and link together or neither, a bad link, and a caption of 1025 characters', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		await expectBadValue(
			s,
			message('image', { id: PNG_MEDIA, link: 'https://x.example/a.png' }),
			'image',
			'not both',
		);
		await expectBadValue(s, message('video', {}), 'video', 'needs id');
		await expectBadValue(s, message('audio', { link: 'ftp://x.example/a.ogg' }), 'audio.link');
		await expectBadValue(
			s,
			message('image', { id: PNG_MEDIA, caption: 'x'.repeat(1025) }),
			'image.caption',
			'at most 1024 characters (got 1025)',
		);
	});

	it('refuses a caption on audio and sticker, a filename on image (100)', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const link = 'https://cdn.example.com/a';
		await expectUnknownField(s, message('audio', { link, caption: 'Hi' }), 'audio.caption');
		await expectUnknownField(s, message('sticker', { link, caption: 'Hi' }), 'sticker.caption');
		await expectUnknownField(s, message('image', { link, filename: 'a.png' }), 'image.filename');
	});

	it('refuses media of another kind, and deleted media (131053)', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const error = await expectRefusedSend(
			s,
			message('image', { id: PDF_MEDIA }),
			400,
			MEDIA_ERROR,
			'is application/pdf, which is not an image',
		);
		assert.equal(error.error_data?.field, 'image.id');
		await expectRefusedSend(s, message('sticker', { id: PNG_MEDIA }), 400, MEDIA_ERROR, 'sticker');
		await s.api('DELETE', `/${PNG_MEDIA}`, { query: { phone_number_id: DEMO_NUMBER } });
		await expectRefusedSend(s, message('image', { id: PNG_MEDIA }), 404, MEDIA_ERROR, 'deleted');
		await expectRefusedSend(s, message('image', { id: '999999' }), 404, 803);
	});
});

describe('location, contacts and reaction messages', () => {
	it('sends a location and refuses latitude and longitude out of range', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const place = { latitude: -90, longitude: 180, name: 'Roastery', address: '1 Main St' };
		assert.deepEqual((await expectRecorded(s, message('location', place))).content, place);
		await expectBadValue(
			s,
			message('location', { latitude: 90.0001, longitude: 0 }),
			'location.latitude',
			'from -90 to 90',
		);
		await expectBadValue(
			s,
			message('location', { latitude: 0, longitude: -180.5 }),
			'location.longitude',
			'from -180 to 180',
		);
		await expectBadValue(
			s,
			message('location', { latitude: '52.5', longitude: 13.4 }),
			'location.latitude',
		);
		await expectBadValue(s, message('location', { longitude: 13.4 }), 'location.latitude');
	});

	it('sends contacts and refuses one without formatted_name, or a bad birthday', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const contacts = [CONTACT, { name: { formatted_name: 'Bo' } }];
		assert.deepEqual((await expectRecorded(s, message('contacts', contacts))).content, contacts);
		await expectBadValue(
			s,
			message('contacts', [CONTACT, { name: { first_name: 'Bo' } }]),
			'contacts[1].name.formatted_name',
			'is required',
		);
		await expectBadValue(s, message('contacts', [{ phones: [] }]), 'contacts[0].name');
		await expectBadValue(s, message('contacts', []), 'contacts', 'at least 1');
		await expectBadValue(
			s,
			message('contacts', [{ ...CONTACT, birthday: '1990-02-30' }]),
			'contacts[0].birthday',
		);
		await expectUnknownField(
			s,
			message('contacts', [{ ...CONTACT, nickname: 'A' }]),
			'contacts[0].nickname',
		);
	});

	it('reacts to a message received from or sent to the customer, and removes a reaction with ""', async () => {
		const s = sandbox.current;
		const received = await customerWrites(s);
		const sent = expectSent(await send(s, templateMessage('hello_world')));
		for (const emoji of ['👍', '❤️', '👍🏽', '👩‍💻', '🇧🇷', ''])
			assert.deepEqual(
				(await expectRecorded(s, message('reaction', { message_id: received, emoji }))).content,
				{ message_id: received, emoji },
			);
		await expectRecorded(s, message('reaction', { message_id: sent, emoji: '🎉' }));
	});

	it('refuses a reaction to an unknown message, to another customer’s, and a non-emoji', async () => {
		const s = sandbox.current;
		const received = await customerWrites(s);
		const other = await customerWrites(s, '14155550199');
		await expectBadValue(
			s,
			message('reaction', { message_id: 'wamid.unknown', emoji: '👍' }),
			'reaction.message_id',
		);
		await expectBadValue(
			s,
			message('reaction', { message_id: other, emoji: '👍' }),
			'reaction.message_id',
		);
		for (const emoji of ['ok', '👍👍', 'a👍'])
			await expectBadValue(
				s,
				message('reaction', { message_id: received, emoji }),
				'reaction.emoji',
				'single emoji',
			);
		await expectBadValue(s, message('reaction', { message_id: received }), 'reaction.emoji');
	});
});

describe('the 24-hour window for every type but template', () => {
	it('refuses each type before the customer wrote and 24 h after (131047), takes it within', async () => {
		const s = sandbox.current;
		const bodies = (received: string) => [
			message('image', { link: 'https://cdn.example.com/a.png' }),
			message('video', { link: 'https://cdn.example.com/a.mp4' }),
			message('audio', { link: 'https://cdn.example.com/a.ogg' }),
			message('document', { id: PDF_MEDIA }),
			message('sticker', { link: 'https://cdn.example.com/a.webp' }),
			message('location', { latitude: 1, longitude: 2 }),
			message('contacts', [CONTACT]),
			message('reaction', { message_id: received, emoji: '👍' }),
			message('interactive', {
				type: 'cta_url',
				body: { text: 'See your order' },
				action: {
					name: 'cta_url',
					parameters: { display_text: 'Open', url: 'https://example.com' },
				},
			}),
		];
		const sent = expectSent(await send(s, templateMessage('hello_world')));
		for (const body of bodies(sent))
			await expectRefusedSend(s, body, 400, 131047, 'approved template');
		const received = await customerWrites(s);
		await s.advance(23 * HOUR);
		for (const body of bodies(received)) expectSent(await send(s, body));
		await s.advance(HOUR + 1);
		for (const body of bodies(received))
			await expectRefusedSend(s, body, 400, 131047, 'approved template');
	});

	it('refuses a type object that does not match type (100)', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		await expectRefusedSend(
			s,
			{ ...message('text', { body: 'Hi' }), image: { id: PNG_MEDIA } },
			400,
			100,
			'does not belong in a text message',
		);
		await expectRefusedSend(s, { ...message('image', undefined), to: CUSTOMER }, 400, 131009);
	});
});
