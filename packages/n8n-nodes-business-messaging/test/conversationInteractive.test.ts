import { NodeOperationError } from 'n8n-workflow';
import {
	chatSend,
	customerWrites,
	CUSTOMER,
	fileItem,
	PNG_BASE64,
	sentBodies,
} from './conversationSupport';
import { expectFailure, useTestBed } from './harness';

const bed = useTestBed();

const buttons = (...titles: string[]) => ({ button: titles.map((title) => ({ title, id: '' })) });

describe('Message › Send Buttons', () => {
	const sendButtons = (extra: Record<string, unknown> = {}) =>
		chatSend(bed, 'sendButtons', {
			bodyText: 'Your order #1001 is ready. Deliver it tomorrow?',
			buttonsInput: 'fields',
			replyButtons: {
				button: [
					{ title: 'Yes, tomorrow', id: 'deliver' },
					{ title: 'Later', id: '' },
				],
			},
			...extra,
		});

	it('sends up to 3 reply buttons with header and footer; an empty ID takes the title', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({
			parameters: sendButtons({
				headerType: 'text',
				headerText: 'Order #1001',
				footer: 'Acme Coffee',
			}),
		});
		expect(output[0].json).toMatchObject({
			type: 'interactive',
			buttons: [
				{ id: 'deliver', title: 'Yes, tomorrow' },
				{ id: 'Later', title: 'Later' },
			],
		});
		expect(sentBodies(bed)).toEqual([
			{
				messaging_product: 'whatsapp',
				recipient_type: 'individual',
				to: CUSTOMER,
				type: 'interactive',
				interactive: {
					type: 'button',
					header: { type: 'text', text: 'Order #1001' },
					body: { text: 'Your order #1001 is ready. Deliver it tomorrow?' },
					footer: { text: 'Acme Coffee' },
					action: {
						buttons: [
							{ type: 'reply', reply: { id: 'deliver', title: 'Yes, tomorrow' } },
							{ type: 'reply', reply: { id: 'Later', title: 'Later' } },
						],
					},
				},
			},
		]);
	});

	it('takes the buttons as JSON from an expression, and an image header from an input file', async () => {
		await customerWrites(bed);
		await bed.harness().execute({
			parameters: sendButtons({
				buttonsInput: 'json',
				buttonsJson: '={{ [{ title: "Yes", id: "yes" }, { title: "No", id: "no" }] }}',
				headerType: 'image',
				headerSource: 'binary',
				headerBinaryProperty: 'data',
			}),
			items: fileItem(PNG_BASE64, 'image/png', 'order.png'),
		});
		const [body] = sentBodies(bed);
		const interactive = body.interactive as {
			header: unknown;
			action: { buttons: Array<{ reply: { id: string } }> };
		};
		expect(interactive.header).toEqual({ type: 'image', image: { id: expect.any(String) } });
		expect(interactive.action.buttons.map((b) => b.reply.id)).toEqual(['yes', 'no']);
	});

	it.each([
		['no button', { replyButtons: { button: [] } }, 'Buttons is empty: add 1 to 3 buttons'],
		[
			'a 4th button',
			{ replyButtons: buttons('A', 'B', 'C', 'D') },
			'Buttons: at most 3 buttons; this message has 4',
		],
		[
			'a 4th button given as JSON',
			{
				buttonsInput: 'json',
				buttonsJson: JSON.stringify(['A', 'B', 'C', 'D'].map((title) => ({ title }))),
			},
			'Buttons (JSON): at most 3 buttons; this message has 4',
		],
		[
			'a 21-character title',
			{ replyButtons: buttons('x'.repeat(21)) },
			'Buttons › Button 1 › Title has 21 characters; it may have at most 20',
		],
		[
			'an empty title',
			{ replyButtons: buttons('Yes', ' ') },
			'Buttons › Button 2 › Title is empty',
		],
		[
			'the same title twice',
			{ replyButtons: buttons('Yes', 'Yes') },
			'Buttons › Button 2 › Title "Yes" is used twice',
		],
		[
			'the same ID twice',
			{
				replyButtons: {
					button: [
						{ title: 'Yes', id: 'a' },
						{ title: 'No', id: 'a' },
					],
				},
			},
			'Buttons › Button 2 › ID "a" is used twice',
		],
		[
			'an ID of 257 characters',
			{ replyButtons: { button: [{ title: 'Yes', id: 'i'.repeat(257) }] } },
			'Buttons › Button 1 › ID has 257 characters; it may have at most 256',
		],
		[
			'a body of 1025 characters',
			{ bodyText: 'b'.repeat(1025) },
			'Text has 1025 characters; it may have at most 1024',
		],
		['an empty body', { bodyText: '' }, 'Text is empty'],
		[
			'a footer of 61 characters',
			{ footer: 'f'.repeat(61) },
			'Footer has 61 characters; it may have at most 60',
		],
		[
			'a header text of 61 characters',
			{ headerType: 'text', headerText: 'h'.repeat(61) },
			'Header Text has 61 characters; it may have at most 60',
		],
		[
			'JSON that is not an array',
			{ buttonsInput: 'json', buttonsJson: '{"title":"Yes"}' },
			'Buttons (JSON) must be an array of objects',
		],
		[
			'JSON that is not JSON',
			{ buttonsInput: 'json', buttonsJson: '[{title:' },
			'Buttons (JSON) is not valid JSON',
		],
		[
			'a header link that is not one',
			{ headerType: 'video', headerSource: 'link', headerLink: 'ftp://x/y.mp4' },
			'Header Link "ftp://x/y.mp4" is not a web address',
		],
	])('refuses %s before any request, naming the field', async (_case, extra, message) => {
		const error = await expectFailure(bed.harness().execute({ parameters: sendButtons(extra) }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});

	it('checks the buttons before uploading a header file', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: sendButtons({
					replyButtons: buttons('A', 'B', 'C', 'D'),
					headerType: 'image',
					headerSource: 'binary',
				}),
				items: fileItem(PNG_BASE64, 'image/png', 'order.png'),
			}),
		);
		expect(error.message).toBe('Buttons: at most 3 buttons; this message has 4');
		expect(bed.requests()).toEqual([]);
	});
});

describe('Message › Send List', () => {
	const row = (title: string, extra: Record<string, string> = {}) => ({
		title,
		id: '',
		description: '',
		section: '',
		...extra,
	});
	const sendList = (extra: Record<string, unknown> = {}) =>
		chatSend(bed, 'sendList', {
			bodyText: 'Which order is your question about?',
			listButton: 'Choose an order',
			rowsInput: 'fields',
			rows: {
				row: [
					row('Order #1001', { id: 'o-1001', description: 'Shipped Monday' }),
					row('Order #1002'),
				],
			},
			...extra,
		});

	it('sends the rows in one section when none is named', async () => {
		await customerWrites(bed);
		await bed
			.harness()
			.execute({ parameters: sendList({ headerType: 'text', headerText: 'Your orders' }) });
		expect(sentBodies(bed)[0].interactive as object).toEqual({
			type: 'list',
			header: { type: 'text', text: 'Your orders' },
			body: { text: 'Which order is your question about?' },
			action: {
				button: 'Choose an order',
				sections: [
					{
						rows: [
							{ id: 'o-1001', title: 'Order #1001', description: 'Shipped Monday' },
							{ id: 'Order #1002', title: 'Order #1002' },
						],
					},
				],
			},
		});
	});

	it('groups rows by their section, in the order the sections first appear', async () => {
		await customerWrites(bed);
		await bed.harness().execute({
			parameters: sendList({
				rowsInput: 'json',
				rowsJson: JSON.stringify([
					{ title: 'Espresso', section: 'Coffee' },
					{ title: 'Green', section: 'Tea' },
					{ title: 'Latte', section: 'Coffee' },
				]),
			}),
		});
		const action = (sentBodies(bed)[0].interactive as { action: { sections: unknown } }).action;
		expect(action.sections).toEqual([
			{
				title: 'Coffee',
				rows: [
					{ id: 'Espresso', title: 'Espresso' },
					{ id: 'Latte', title: 'Latte' },
				],
			},
			{ title: 'Tea', rows: [{ id: 'Green', title: 'Green' }] },
		]);
	});

	it.each([
		[
			'an 11th row',
			{ rows: { row: Array.from({ length: 11 }, (_, i) => row(`Row ${i}`)) } },
			'Rows: at most 10 rows, over all sections; this list has 11',
		],
		[
			'an 11th row given as JSON',
			{
				rowsInput: 'json',
				rowsJson: JSON.stringify(Array.from({ length: 11 }, (_, i) => ({ title: `Row ${i}` }))),
			},
			'Rows (JSON): at most 10 rows, over all sections; this list has 11',
		],
		[
			'a 25-character row title',
			{ rows: { row: [row('t'.repeat(25))] } },
			'Rows › Row 1 › Title has 25 characters; it may have at most 24',
		],
		[
			'a 73-character description',
			{ rows: { row: [row('A', { description: 'd'.repeat(73) })] } },
			'Rows › Row 1 › Description has 73 characters; it may have at most 72',
		],
		[
			'a 201-character row ID',
			{ rows: { row: [row('A', { id: 'i'.repeat(201) })] } },
			'Rows › Row 1 › ID has 201 characters; it may have at most 200',
		],
		[
			'a 25-character section title',
			{ rows: { row: [row('A', { section: 's'.repeat(25) })] } },
			'Rows › Row 1 › Section has 25 characters; it may have at most 24',
		],
		[
			'rows in sections and rows without',
			{ rows: { row: [row('A', { section: 'Coffee' }), row('B')] } },
			'Rows › Section is empty for some rows',
		],
		[
			'the same row ID twice',
			{ rows: { row: [row('A', { id: 'x' }), row('B', { id: 'x' })] } },
			'Rows › Row 2 › ID "x" is used twice',
		],
		[
			'a 21-character button text',
			{ listButton: 'b'.repeat(21) },
			'Button Text has 21 characters; it may have at most 20',
		],
		[
			'a body of 4097 characters',
			{ bodyText: 'b'.repeat(4097) },
			'Text has 4097 characters; it may have at most 4096',
		],
		['no row', { rows: {} }, 'Rows is empty: add 1 to 10 rows'],
	])('refuses %s before any request, naming the field', async (_case, extra, message) => {
		const error = await expectFailure(bed.harness().execute({ parameters: sendList(extra) }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});
});

describe('Message › Send Link Button', () => {
	const sendLinkButton = (extra: Record<string, unknown> = {}) =>
		chatSend(bed, 'sendLinkButton', {
			bodyText: 'Your order has shipped.',
			buttonText: 'Track it',
			url: 'https://example.com/track/1001',
			...extra,
		});

	it('sends a call-to-action URL button', async () => {
		await customerWrites(bed);
		await bed.harness().execute({ parameters: sendLinkButton({ footer: 'Acme' }) });
		expect(sentBodies(bed)[0].interactive).toEqual({
			type: 'cta_url',
			body: { text: 'Your order has shipped.' },
			footer: { text: 'Acme' },
			action: {
				name: 'cta_url',
				parameters: { display_text: 'Track it', url: 'https://example.com/track/1001' },
			},
		});
	});

	it.each([
		[
			'a 21-character button text',
			{ buttonText: 'b'.repeat(21) },
			'Button Text has 21 characters; it may have at most 20',
		],
		[
			'a URL that is not a web address',
			{ url: 'example.com/track' },
			'URL "example.com/track" is not a web address',
		],
	])('refuses %s before any request', async (_case, extra, message) => {
		const error = await expectFailure(bed.harness().execute({ parameters: sendLinkButton(extra) }));
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});
});
