import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { chatSend, customerWrites, rl, sentBodies } from './conversationSupport';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';

const bed = useTestBed();

describe('Message › Send Location', () => {
	const sendLocation = (extra: Record<string, unknown> = {}) =>
		chatSend(bed, 'sendLocation', { latitude: 52.5200066, longitude: 13.404954, ...extra });

	it('sends a place, coordinates given as numbers or as text', async () => {
		await customerWrites(bed);
		await bed.harness().execute({
			parameters: sendLocation({ locationName: 'Coffee Roasters', address: 'Oranienstraße 12' }),
		});
		await bed
			.harness()
			.execute({ parameters: sendLocation({ latitude: '-33.8688', longitude: '151.2093' }) });
		const [named, fromText] = sentBodies(bed);
		expect(named.location).toEqual({
			latitude: 52.5200066,
			longitude: 13.404954,
			name: 'Coffee Roasters',
			address: 'Oranienstraße 12',
		});
		expect(fromText.location).toEqual({ latitude: -33.8688, longitude: 151.2093 });
	});

	it.each([
		[{ latitude: 90.5 }, 'Latitude 90.5 is not a number from -90 to 90'],
		[{ longitude: -181 }, 'Longitude -181 is not a number from -180 to 180'],
		[{ latitude: 'north' }, 'Latitude "north" is not a number from -90 to 90'],
	])('refuses %j before any request', async (extra, message) => {
		const error = await expectFailure(bed.harness().execute({ parameters: sendLocation(extra) }));
		expect(error.message).toBe(message);
		expect(bed.requests()).toEqual([]);
	});
});

describe('Message › Send Contacts', () => {
	const sendContacts = (contact: Array<Record<string, string>>) =>
		chatSend(bed, 'sendContacts', { contacts: { contact } });

	it('sends contact cards in the Cloud API’s shape, leaving out empty fields', async () => {
		await customerWrites(bed);
		await bed.harness().execute({
			parameters: sendContacts([
				{
					name: 'Ana García López',
					phone: '+34 600 000 000',
					phoneType: 'WORK',
					waId: '34600000000',
					email: 'ana@example.com',
					company: 'Acme',
					url: '',
					birthday: '1990-04-21',
				},
				{
					name: 'Support',
					phone: '',
					phoneType: 'CELL',
					waId: '',
					email: '',
					company: '',
					url: 'https://example.com',
					birthday: '',
				},
			]),
		});
		expect(sentBodies(bed)[0].contacts).toEqual([
			{
				name: { formatted_name: 'Ana García López', first_name: 'Ana', last_name: 'García López' },
				phones: [{ phone: '+34 600 000 000', type: 'WORK', wa_id: '34600000000' }],
				emails: [{ email: 'ana@example.com', type: 'WORK' }],
				org: { company: 'Acme' },
				birthday: '1990-04-21',
			},
			{
				name: { formatted_name: 'Support', first_name: 'Support' },
				urls: [{ url: 'https://example.com', type: 'WORK' }],
			},
		]);
	});

	it.each([
		[[], 'Contacts is empty: add at least one contact'],
		[[{ name: ' ' }], 'Contacts › Contact 1 › Name is empty'],
		[
			[{ name: 'Ana', birthday: '21.04.1990' }],
			'Contacts › Contact 1 › Birthday "21.04.1990" is not a date written YYYY-MM-DD',
		],
		[
			[{ name: 'Ana', waId: '+34 600' }],
			'Contacts › Contact 1 › WhatsApp ID "+34 600" is not a WhatsApp ID',
		],
	])('refuses %j before any request', async (contact, message) => {
		const error = await expectFailure(bed.harness().execute({ parameters: sendContacts(contact) }));
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});
});

describe('Message › React', () => {
	const react = (extra: Record<string, unknown>) =>
		chatSend(bed, 'react', { reactionAction: 'react', emoji: '👍', ...extra });

	it('reacts to the customer’s message, and takes the reaction off again', async () => {
		const messageId = await customerWrites(bed);
		const [reacted] = await bed
			.harness()
			.execute({ parameters: react({ messageId, emoji: '❤️' }) });
		await bed.harness().execute({ parameters: react({ messageId, reactionAction: 'remove' }) });
		expect(reacted[0].json).toMatchObject({
			type: 'reaction',
			reactedTo: messageId,
			emoji: '❤️',
			removed: false,
		});
		expect(sentBodies(bed).map((b) => b.reaction)).toEqual([
			{ message_id: messageId, emoji: '❤️' },
			{ message_id: messageId, emoji: '' },
		]);
	});

	it.each([
		[{ emoji: '👍👍' }, 'Emoji "👍👍" is not one emoji'],
		[{ emoji: 'ok' }, 'Emoji "ok" is not one emoji'],
		[{ messageId: '12345' }, 'Message ID "12345" is not a message ID: it starts with "wamid."'],
	])('refuses %j before any request', async (extra, message) => {
		const messageId = await customerWrites(bed);
		bed.sandbox.state.log.clear();
		const error = await expectFailure(
			bed.harness().execute({ parameters: react({ messageId, ...extra }) }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});
});

describe('Message › Mark as Read', () => {
	const markAsRead = (extra: Record<string, unknown>) => ({
		resource: 'message',
		operation: 'markAsRead',
		phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		requestOptions: FAST_RETRIES,
		...extra,
	});

	it('marks the customer’s message read, with the typing indicator when asked', async () => {
		const messageId = await customerWrites(bed);
		const [output] = await bed
			.harness()
			.execute({ parameters: markAsRead({ messageId, typing: true }) });
		await bed.harness().execute({ parameters: markAsRead({ messageId }) });
		expect(output[0].json).toEqual({
			success: true,
			messageId,
			typing: true,
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
		});
		expect(sentBodies(bed)).toEqual([
			{
				messaging_product: 'whatsapp',
				status: 'read',
				message_id: messageId,
				typing_indicator: { type: 'text' },
			},
			{ messaging_product: 'whatsapp', status: 'read', message_id: messageId },
		]);
	});

	it('passes on the platform’s refusal of a message it does not know', async () => {
		const error = await expectFailure(
			bed.harness().execute({ parameters: markAsRead({ messageId: 'wamid.unknownMessage' }) }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(`${error.message} ${error.description}`).toMatch(/message_id|message/i);
	});

	it('runs with Retry On Fail: marking read twice changes nothing', async () => {
		const messageId = await customerWrites(bed);
		const [output] = await bed.harness().execute({
			parameters: markAsRead({ messageId }),
			settings: { retryOnFail: true },
		});
		expect(output[0].json.success).toBe(true);
	});
});

describe('the 24-hour window', () => {
	it.each([
		['sendLocation', { latitude: 1, longitude: 1 }],
		[
			'sendButtons',
			{
				bodyText: 'Hi',
				buttonsInput: 'fields',
				replyButtons: { button: [{ title: 'Yes', id: '' }] },
			},
		],
	])(
		'%s outside it: the platform’s refusal (131047) with the advice to send a template',
		async (operation, extra) => {
			const error = await expectFailure(
				bed.harness().execute({ parameters: chatSend(bed, operation, extra) }),
			);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(`${error.message} ${error.description}`).toContain('template');
			expect(sentBodies(bed)).toHaveLength(1);
		},
	);
});

describe('values an expression may give', () => {
	it.each([
		['sendLocation', { latitude: 0, longitude: 0 }, 'Latitude and Longitude are both 0'],
		[
			'sendText',
			{ text: 'Hi', ifWindowClosed: 'Template' },
			'If the 24-Hour Window Is Closed "Template" is not one of fail, template',
		],
		[
			'react',
			{ messageId: 'wamid.x', reactionAction: 'Remove' },
			'Action "Remove" is not one of react, remove',
		],
		[
			'sendList',
			{
				bodyText: 'Which?',
				listButton: 'Orders',
				rows: { row: [{ title: 'A' }] },
				headerType: 'image',
			},
			'Header "image" is not one of none, text',
		],
	])('%s refuses %j before any request', async (operation, extra, message) => {
		const error = await expectFailure(
			bed.harness().execute({ parameters: chatSend(bed, operation, extra) }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});
});
