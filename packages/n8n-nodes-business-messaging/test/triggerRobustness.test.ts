import type { IDataObject } from 'n8n-workflow';
import { deliver } from './triggerHarness';

/**
 * What the trigger does with deliveries no one has published: broken parts, unknown types and
 * statuses. These deliveries are made up for the test (the corpus in webhooks/ holds the real
 * ones); each says what it stands for.
 */

const text = (id: string, body: string) => ({
	from: '16505551234',
	id,
	timestamp: '1749416383',
	type: 'text',
	text: { body },
});
const messagesChange = (value: IDataObject) => ({
	field: 'messages',
	value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '1' }, ...value },
});
const envelope = (...entry: unknown[]) => ({ object: 'whatsapp_business_account', entry });

describe('trigger: a delivery with unreadable parts keeps its good events', () => {
	it('an entry without changes comes as an Other event beside the good entry', async () => {
		const broken = { id: '7', time: 1749416383, messaging: [{ sender: 'x' }] };
		const { status, items } = await deliver(
			envelope(broken, { id: '8', changes: [messagesChange({ messages: [text('w1', 'hi')] })] }),
		);
		expect(status).toBe(200);
		expect(items.map((i) => i.eventType)).toEqual(['other', 'incomingMessage']);
		expect(items[0]).toStrictEqual({
			eventType: 'other',
			businessAccountId: '7',
			timestamp: '2025-06-08T20:59:43.000Z',
			timestampUnix: 1749416383,
			raw: broken,
		});
		expect(items[1]).toMatchObject({ messageId: 'w1', text: 'hi', businessAccountId: '8' });
	});

	it('a change that is not an object, or has no value, comes as an Other event', async () => {
		const { items } = await deliver(
			envelope({
				id: '8',
				changes: [null, { field: 'messages' }, messagesChange({ messages: [text('w1', 'hi')] })],
			}),
		);
		expect(items).toStrictEqual([
			{ eventType: 'other', businessAccountId: '8', raw: null },
			{ eventType: 'other', businessAccountId: '8', raw: { field: 'messages' } },
			expect.objectContaining({ eventType: 'incomingMessage', messageId: 'w1' }),
		]);
	});

	it('a status or message that is not an object comes as an Other event, the rest as usual', async () => {
		const { items } = await deliver(
			envelope({
				id: '8',
				changes: [
					messagesChange({
						statuses: ['sent', { id: 'w0', status: 'read', timestamp: '1' }],
						messages: [42, text('w1', 'hi')],
					}),
				],
			}),
		);
		expect(items.map((i) => [i.eventType, i.raw])).toEqual([
			['other', 'sent'],
			['messageStatus', { id: 'w0', status: 'read', timestamp: '1' }],
			['other', 42],
			['incomingMessage', text('w1', 'hi')],
		]);
		expect(items[0]).toMatchObject({ field: 'messages', phoneNumberId: '1' });
	});

	it('a messages value with nothing the trigger knows comes whole as an Other event', async () => {
		const value = { message_echoes: [{ from: '15550783881', id: 'w2' }] };
		const { items } = await deliver(envelope({ id: '8', changes: [messagesChange(value)] }));
		expect(items).toStrictEqual([
			{
				eventType: 'other',
				field: 'messages',
				businessAccountId: '8',
				phoneNumberId: '1',
				raw: messagesChange(value).value,
			},
		]);
	});

	it('answers 400 only to a body that is not the envelope, or has no readable entry', async () => {
		for (const body of [
			{ hello: 'world' },
			'text',
			null,
			{ entry: 'x' },
			{ entry: [{ changes: 'x' }] },
			{ entry: [null, 3, { id: '1' }] },
		]) {
			const { status, items } = await deliver(body);
			expect([body, status, items]).toEqual([body, 400, []]);
		}
		// An envelope with no entry holds no event: taken, nothing to run.
		expect(await deliver(envelope())).toEqual({ status: 200, items: [] });
	});
});

describe('trigger: what it does not know passes through', () => {
	it('a message type it does not know comes with its type and raw, and who sent it', async () => {
		const message = { ...text('w3', 'x'), type: 'hologram', hologram: { id: 'h1' } };
		delete (message as IDataObject).text;
		const { items } = await deliver(
			envelope({ id: '8', changes: [messagesChange({ messages: [message] })] }),
		);
		expect(items).toStrictEqual([
			{
				eventType: 'incomingMessage',
				messageId: 'w3',
				messageType: 'hologram',
				from: '16505551234',
				sendTo: '16505551234',
				timestamp: '2025-06-08T20:59:43.000Z',
				timestampUnix: 1749416383,
				businessAccountId: '8',
				phoneNumberId: '1',
				raw: message,
			},
		]);
	});

	it('a status it does not know comes only under the status Other', async () => {
		const body = envelope({
			id: '8',
			changes: [messagesChange({ statuses: [{ id: 'w4', status: 'deleted', timestamp: '1' }] })],
		});
		expect((await deliver(body)).items).toMatchObject([{ status: 'deleted', messageId: 'w4' }]);
		const named = { events: ['messageStatus'], statuses: ['delivered', 'failed', 'read', 'sent'] };
		expect((await deliver(body, named)).items).toEqual([]);
	});

	it('Played and Other are statuses a workflow chooses: not in the default', async () => {
		const body = envelope({
			id: '8',
			changes: [
				messagesChange({
					statuses: ['played', 'read', 'mystery'].map((status, i) => ({
						id: `w${i}`,
						status,
						timestamp: '1',
					})),
				}),
			],
		});
		expect((await deliver(body, {})).items.map((i) => i.status)).toEqual(['read']);
		expect(
			(await deliver(body, { events: ['messageStatus'], statuses: ['played'] })).items.map(
				(i) => i.status,
			),
		).toEqual(['played']);
	});
});

describe('trigger: a disabled template', () => {
	// No real delivery of a DISABLED template was found; this one is built from the syntax of
	// Meta's message_template_status_update reference and its example values (disable_date
	// 1751234563, template 1689556908129832 order_confirmation en-US, category MARKETING).
	it('carries the disable date as an ISO date', async () => {
		const value = {
			event: 'DISABLED',
			message_template_id: 1689556908129832,
			message_template_name: 'order_confirmation',
			message_template_language: 'en-US',
			message_template_category: 'MARKETING',
			disable_info: { disable_date: '1751234563' },
		};
		const { items } = await deliver(
			envelope({
				id: '102290129340398',
				time: 1751234563,
				changes: [{ field: 'message_template_status_update', value }],
			}),
		);
		expect(items).toStrictEqual([
			{
				eventType: 'templateStatus',
				status: 'DISABLED',
				templateId: '1689556908129832',
				templateName: 'order_confirmation',
				language: 'en-US',
				businessAccountId: '102290129340398',
				timestamp: '2025-06-29T22:02:43.000Z',
				timestampUnix: 1751234563,
				category: 'MARKETING',
				disableDate: '2025-06-29T22:02:43.000Z',
				raw: value,
			},
		]);
	});
});
