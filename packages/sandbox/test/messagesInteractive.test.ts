import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { useSandbox } from './helpers';
import { HOUR } from './messagesSupport';
import {
	controlRaw,
	CUSTOMER,
	DEMO_NUMBER,
	expectSent,
	messageOf,
	Receivers,
	send,
	templateMessage,
} from './msgWebhookSupport';
import { expectInvalid } from './mediaSupport';
import {
	customerWrites,
	expectBadValue,
	expectRecorded,
	expectUnknownField,
	message,
	PDF_MEDIA,
	PNG_MEDIA,
} from './conversationSupport';
import type { Listed } from './types';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

type Json = Record<string, unknown>;

const reply = (id: string, title: string) => ({ type: 'reply', reply: { id, title } });

function buttons(count = 3, change: (i: Json) => void = () => {}): Json {
	const interactive: Json = {
		type: 'button',
		header: { type: 'image', image: { id: PNG_MEDIA } },
		body: { text: 'b'.repeat(1024) },
		footer: { text: 'f'.repeat(60) },
		action: {
			buttons: Array.from({ length: count }, (_, i) =>
				reply(`${'i'.repeat(250)}-${i}`, `Option ${i}`.padEnd(20, '.')),
			),
		},
	};
	change(interactive);
	return interactive;
}

function rows(count: number, from = 0) {
	return Array.from({ length: count }, (_, i) => ({
		id: `row-${from + i}`.padEnd(200, 'x'),
		title: `Row ${from + i}`.padEnd(24, '.'),
		description: 'd'.repeat(72),
	}));
}

function listMessage(change: (i: Json) => void = () => {}): Json {
	const interactive: Json = {
		type: 'list',
		header: { type: 'text', text: 'h'.repeat(60) },
		body: { text: 'b'.repeat(4096) },
		footer: { text: 'Acme' },
		action: {
			button: 'Choose'.padEnd(20, '.'),
			sections: [
				{ title: 'Coffee'.padEnd(24, '.'), rows: rows(6) },
				{ title: 'Tea', rows: rows(4, 6) },
			],
		},
	};
	change(interactive);
	return interactive;
}

function cta(change: (i: Json) => void = () => {}): Json {
	const interactive: Json = {
		type: 'cta_url',
		header: { type: 'document', document: { id: PDF_MEDIA, filename: 'menu.pdf' } },
		body: { text: 'See the menu' },
		action: {
			name: 'cta_url',
			parameters: { display_text: 'Open the menu'.padEnd(20, '!'), url: 'https://example.com/m' },
		},
	};
	change(interactive);
	return interactive;
}

const action = (i: Json) => i.action as Json;

describe('interactive messages', () => {
	it('sends button, list and cta_url messages at their limits and records them', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		for (const interactive of [
			buttons(),
			buttons(1, (i) => delete i.header),
			listMessage(),
			listMessage((i) => {
				(action(i).sections as Json[]).splice(1);
				delete ((action(i).sections as Json[])[0] as Json).title;
			}),
			cta(),
			cta((i) => (i.header = { type: 'video', video: { link: 'https://x.example/v.mp4' } })),
		])
			assert.deepEqual(
				(await expectRecorded(s, message('interactive', interactive))).content,
				interactive,
			);
	});

	it('refuses each button limit at limit + 1 (131009)', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const at = 'interactive.action.buttons';
		const cases: [Json, string, string][] = [
			[buttons(4), `${at}[3]`, 'at most 3 buttons (got 4)'],
			[buttons(0), at, 'at least 1'],
			[
				buttons(2, (i) => ((action(i).buttons as Json[])[1] = reply('b', 't'.repeat(21)))),
				`${at}[1].reply.title`,
				'at most 20 characters (got 21)',
			],
			[
				buttons(2, (i) => ((action(i).buttons as Json[])[0] = reply('i'.repeat(257), 'T'))),
				`${at}[0].reply.id`,
				'at most 256 characters (got 257)',
			],
			[
				buttons(2, (i) => ((action(i).buttons as Json[])[1] = reply('i'.repeat(250) + '-0', 'X'))),
				`${at}[1].reply.id`,
				'must be unique',
			],
			[
				buttons(
					2,
					(i) => ((action(i).buttons as Json[])[1] = reply('other', 'Option 0'.padEnd(20, '.'))),
				),
				`${at}[1].reply.title`,
				'must be unique',
			],
			[
				buttons(1, (i) => (i.body = { text: 'b'.repeat(1025) })),
				'interactive.body.text',
				'at most 1024 characters (got 1025)',
			],
			[buttons(1, (i) => delete i.body), 'interactive.body', 'required'],
			[
				buttons(1, (i) => (i.footer = { text: 'f'.repeat(61) })),
				'interactive.footer.text',
				'at most 60 characters (got 61)',
			],
			[
				buttons(1, (i) => (i.header = { type: 'text', text: 'h'.repeat(61) })),
				'interactive.header.text',
				'at most 60 characters (got 61)',
			],
			[
				buttons(1, (i) => ((action(i).buttons as Json[])[0] = { type: 'url', reply: {} })),
				`${at}[0].type`,
				'"reply"',
			],
			[buttons(1, (i) => (i.type = 'carousel')), 'interactive.type', 'button, list, cta_url'],
		];
		for (const [interactive, field, part] of cases)
			await expectBadValue(s, message('interactive', interactive), field, part);
		await expectUnknownField(
			s,
			message(
				'interactive',
				buttons(1, (i) => (action(i).sections = [])),
			),
			'interactive.action.sections',
		);
	});

	it('refuses each list limit at limit + 1 (131009)', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const at = 'interactive.action';
		const sections = (i: Json) => action(i).sections as Json[];
		const cases: [Json, string, string][] = [
			[
				listMessage((i) => (sections(i)[1].rows = rows(5, 6))),
				`${at}.sections[1].rows[4]`,
				'at most 10 rows in all sections together (this is row 11)',
			],
			[
				listMessage((i) => {
					action(i).sections = Array.from({ length: 11 }, (_, n) => ({
						title: `S${n}`,
						rows: rows(1, n),
					}));
				}),
				`${at}.sections[10]`,
				'at most 10 sections (got 11)',
			],
			[
				listMessage((i) => ((sections(i)[0].rows as Json[])[2].title = 't'.repeat(25))),
				`${at}.sections[0].rows[2].title`,
				'at most 24 characters (got 25)',
			],
			[
				listMessage((i) => ((sections(i)[0].rows as Json[])[0].id = 'i'.repeat(201))),
				`${at}.sections[0].rows[0].id`,
				'at most 200 characters (got 201)',
			],
			[
				listMessage((i) => ((sections(i)[1].rows as Json[])[0].description = 'd'.repeat(73))),
				`${at}.sections[1].rows[0].description`,
				'at most 72 characters (got 73)',
			],
			[
				listMessage((i) => ((sections(i)[1].rows as Json[])[3].id = rows(1)[0].id)),
				`${at}.sections[1].rows[3].id`,
				'row ids must be unique',
			],
			[
				listMessage((i) => (sections(i)[0].title = 's'.repeat(25))),
				`${at}.sections[0].title`,
				'at most 24 characters (got 25)',
			],
			[
				listMessage((i) => delete sections(i)[1].title),
				`${at}.sections[1].title`,
				'more than one section',
			],
			[
				listMessage((i) => (action(i).button = 'b'.repeat(21))),
				`${at}.button`,
				'at most 20 characters (got 21)',
			],
			[listMessage((i) => delete action(i).button), `${at}.button`, 'required'],
			[listMessage((i) => (sections(i)[0].rows = [])), `${at}.sections[0].rows`, 'at least 1'],
			[
				listMessage((i) => (i.body = { text: 'b'.repeat(4097) })),
				'interactive.body.text',
				'at most 4096 characters (got 4097)',
			],
			[
				listMessage((i) => (i.header = { type: 'image', image: { id: PNG_MEDIA } })),
				'interactive.header.type',
				'text header only',
			],
		];
		for (const [interactive, field, part] of cases)
			await expectBadValue(s, message('interactive', interactive), field, part);
	});

	it('refuses each cta_url limit (131009)', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const parameters = (i: Json) => action(i).parameters as Json;
		const at = 'interactive.action';
		const cases: [Json, string, string][] = [
			[
				cta((i) => (parameters(i).display_text = 'd'.repeat(21))),
				`${at}.parameters.display_text`,
				'at most 20 characters (got 21)',
			],
			[
				cta((i) => (parameters(i).url = 'javascript:alert(1)')),
				`${at}.parameters.url`,
				'http or https',
			],
			[cta((i) => (action(i).name = 'url')), `${at}.name`, '"cta_url"'],
			[
				cta((i) => (i.body = { text: 'b'.repeat(1025) })),
				'interactive.body.text',
				'at most 1024 characters (got 1025)',
			],
		];
		for (const [interactive, field, part] of cases)
			await expectBadValue(s, message('interactive', interactive), field, part);
	});
});

describe('simulated replies to interactive messages', () => {
	it('a button reply carries the id, the title of the sent button and the context', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const receiver = await receivers.start(s);
		const sent = expectSent(await send(s, message('interactive', buttons(3))));
		const buttonId = `${'i'.repeat(250)}-1`;
		const { body } = await s.control<{ message_id: string }>('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			type: 'interactive',
			reply_to: sent,
			button_id: buttonId,
		});
		const events = await receiver.waitFor(1);
		const incoming = messageOf(events[0]);
		assert.equal(incoming.id, body.message_id);
		assert.equal(incoming.type, 'interactive');
		assert.deepEqual(incoming.context, { from: '15550123401', id: sent });
		assert.deepEqual(incoming.interactive, {
			type: 'button_reply',
			button_reply: { id: buttonId, title: 'Option 1'.padEnd(20, '.') },
		});
		// the reply is a received message: it opens the window and can be marked read
		const read = await send(s, {
			messaging_product: 'whatsapp',
			status: 'read',
			message_id: body.message_id,
		});
		assert.deepEqual(read.body, { success: true });
	});

	it('a list reply carries the id, title and description of the row, and the context', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const receiver = await receivers.start(s);
		const sent = expectSent(await send(s, message('interactive', listMessage())));
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			type: 'interactive',
			reply_to: sent,
			row_id: rows(1, 7)[0].id,
		});
		const incoming = messageOf((await receiver.waitFor(1))[0]);
		assert.deepEqual(incoming.context, { from: '15550123401', id: sent });
		assert.deepEqual(incoming.interactive, {
			type: 'list_reply',
			list_reply: rows(1, 7)[0],
		});
	});

	it('reply_to "last" taps the newest interactive message this number sent the customer', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const receiver = await receivers.start(s);
		expectSent(await send(s, message('interactive', buttons(2))));
		const newest = expectSent(await send(s, message('interactive', listMessage())));
		expectSent(await send(s, templateMessage('hello_world')));
		await s.control('POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			type: 'interactive',
			reply_to: 'last',
			row_id: rows(1, 7)[0].id,
		});
		const incoming = messageOf((await receiver.waitFor(1))[0]);
		assert.deepEqual(incoming.context, { from: '15550123401', id: newest });
		expectInvalid(
			await controlRaw(s, 'POST', '/incoming', {
				phone_number_id: DEMO_NUMBER,
				from: '14155550199',
				type: 'interactive',
				reply_to: 'last',
				button_id: 'x',
			}),
			'reply_to',
			'it sent none',
		);
	});

	it('refuses an unknown button or row, and a message that is not an interactive one sent to that customer', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const sentButtons = expectSent(await send(s, message('interactive', buttons(2))));
		const sentList = expectSent(await send(s, message('interactive', listMessage())));
		const template = expectSent(await send(s, templateMessage('hello_world')));
		const tap = (fields: Json) =>
			controlRaw(s, 'POST', '/incoming', {
				phone_number_id: DEMO_NUMBER,
				from: CUSTOMER,
				type: 'interactive',
				...fields,
			});
		expectInvalid(
			await tap({ reply_to: sentButtons, button_id: 'nope' }),
			'button_id',
			'its buttons',
		);
		expectInvalid(await tap({ reply_to: sentList, button_id: 'row-0' }), 'button_id');
		expectInvalid(await tap({ reply_to: sentList, row_id: 'nope' }), 'row_id', 'its rows');
		expectInvalid(await tap({ reply_to: sentButtons }), 'button_id', 'one of them');
		expectInvalid(await tap({ reply_to: template, button_id: 'x' }), 'reply_to');
		expectInvalid(await tap({ reply_to: 'wamid.unknown', button_id: 'x' }), 'reply_to');
		expectInvalid(
			await controlRaw(s, 'POST', '/incoming', {
				phone_number_id: DEMO_NUMBER,
				from: '14155550199',
				type: 'interactive',
				reply_to: sentButtons,
				button_id: `${'i'.repeat(250)}-0`,
			}),
			'reply_to',
			'sent to 14155550199',
		);
		// a raw reaction still passes as the platform sends it
		const raw = await tap({ type: 'reaction', reaction: { message_id: template, emoji: '👍' } });
		assert.equal(raw.status, 200, raw.text);
	});
});

describe('simulated taps on a template’s quick-reply buttons', () => {
	const approval = (payloads: Record<number, string>) =>
		templateMessage('approval_request', 'en_US', [
			{ type: 'body', parameters: [{ type: 'text', text: 'Refund of 25.00 EUR' }] },
			...Object.entries(payloads).map(([index, payload]) => ({
				type: 'button',
				sub_type: 'quick_reply',
				index,
				parameters: [{ type: 'payload', payload }],
			})),
		]);
	const tap = (s: typeof sandbox.current, fields: Json) =>
		controlRaw(s, 'POST', '/incoming', {
			phone_number_id: DEMO_NUMBER,
			from: CUSTOMER,
			type: 'button',
			...fields,
		});

	it('a tap carries the payload the send gave the button, its text and the context', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		// a template needs no open window
		const sent = expectSent(await send(s, approval({ 0: 'yes-7', 1: 'no-7' })));
		const tapped = await tap(s, { reply_to: sent, button_index: 1 });
		assert.equal(tapped.status, 200, tapped.text);
		const incoming = messageOf((await receiver.waitFor(1))[0]);
		assert.equal(incoming.type, 'button');
		assert.deepEqual(incoming.button, { payload: 'no-7', text: 'Decline' });
		assert.deepEqual(incoming.context, { from: '15550123401', id: sent });
	});

	it('a button the send gave no payload carries its text as the payload', async () => {
		const s = sandbox.current;
		const receiver = await receivers.start(s);
		const sent = expectSent(await send(s, approval({ 1: 'no-7' })));
		await tap(s, { reply_to: sent, button_index: 0 });
		const incoming = messageOf((await receiver.waitFor(1))[0]);
		assert.deepEqual(incoming.button, { payload: 'Approve', text: 'Approve' });
	});

	it('refuses a button that is no quick reply, and a message that is no template sent to that customer', async () => {
		const s = sandbox.current;
		await customerWrites(s);
		const sent = expectSent(await send(s, approval({})));
		const text = expectSent(await send(s, message('text', { body: 'hi' })));
		expectInvalid(await tap(s, { reply_to: sent, button_index: 2 }), 'button_index', 'its buttons');
		expectInvalid(await tap(s, { reply_to: text, button_index: 0 }), 'reply_to', 'a template');
		// The reply-button tap on a template says which type taps a template's button.
		expectInvalid(
			await tap(s, { type: 'interactive', reply_to: sent, button_id: 'approve' }),
			'reply_to',
			'"type": "button", "reply_to": <its wamid>, "button_index"',
		);
		// a raw button message still passes as the platform sends it
		const raw = await tap(s, { button: { payload: 'p', text: 't' } });
		assert.equal(raw.status, 200, raw.text);
	});
});

describe('read receipts', () => {
	interface Received {
		id: string;
		from: string;
		type: string;
		readAt?: number;
		typingIndicator?: boolean;
		message: Json;
	}
	const received = async (s: typeof sandbox.current) =>
		(await s.control<Listed<Received>>('GET', '/incoming')).body.data;
	const read = (message_id: string, extra: Json = {}) => ({
		messaging_product: 'whatsapp',
		status: 'read',
		message_id,
		...extra,
	});

	it('marks a received message (and the earlier ones) read, with the typing indicator', async () => {
		const s = sandbox.current;
		const first = await customerWrites(s);
		const second = await customerWrites(s);
		const later = await customerWrites(s);
		const answer = await send(s, read(second, { typing_indicator: { type: 'text' } }));
		assert.equal(answer.status, 200, answer.text);
		assert.deepEqual(answer.body, { success: true });
		const list = await received(s);
		const byId = new Map(list.map((m) => [m.id, m]));
		assert.equal(typeof byId.get(first)?.readAt, 'number');
		assert.equal(typeof byId.get(second)?.readAt, 'number');
		assert.equal(byId.get(second)?.typingIndicator, true);
		assert.equal(byId.get(later)?.readAt, undefined);
		assert.equal(byId.get(first)?.from, CUSTOMER);
		assert.equal(byId.get(first)?.type, 'text');
		assert.deepEqual(byId.get(first)?.message.text, { body: 'Hello' });

		// no window is needed: a day later it still works
		await s.advance(25 * HOUR);
		const again = await send(s, read(later));
		assert.deepEqual(again.body, { success: true });
		assert.equal((await received(s)).find((m) => m.id === later)?.typingIndicator, false);
	});

	it('refuses an unknown message, one of another number, one older than 30 days (100)', async () => {
		const s = sandbox.current;
		const id = await customerWrites(s);
		const sent = expectSent(await send(s, templateMessage('hello_world')));
		for (const messageId of ['wamid.unknown', sent]) {
			const error = expectInvalid(
				await send(s, read(messageId)),
				'message_id',
				'not a message received',
			);
			assert.ok(error);
		}
		expectInvalid(await send(s, read(id), '106540352242923'), 'message_id');
		expectInvalid(
			await send(s, read(id, { typing_indicator: { type: 'audio' } })),
			'typing_indicator.type',
		);
		expectInvalid(await send(s, read(id, { to: CUSTOMER })), 'to', 'not a known field');
		expectInvalid(await send(s, { ...read(id), status: 'delivered' }), 'status');
		await s.advance(30 * 24 * HOUR + 1);
		expectInvalid(await send(s, read(id)), 'message_id', '30 days');
	});
});
