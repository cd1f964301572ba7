import type { IDataObject } from 'n8n-workflow';
import { MESSAGE_KINDS } from '../nodes/BusinessMessagingTrigger/events/messageKinds';
import { chatSend, customerSends, rl } from './conversationSupport';
import { useTestBed } from './harness';
import { customerMessage, deliver, EVERYTHING, messagesDelivery } from './triggerHarness';
import { captureDeliveries, isMessage, isStatus, WaitingN8n } from './waitingSupport';

/**
 * Trigger › Options › Message Types: a customer's messages start the workflow by what they are
 * ("orders here, the rest there"); every other event goes on as before. One delivery holds a
 * message of every kind, in the Cloud API's shapes, and a receipt.
 */
const CUSTOMER = '14155550100';
const message = (id: string, type: string, content: IDataObject) =>
	customerMessage(id, type, content, CUSTOMER);

/** One message per kind, by the kind the option names it. */
const BY_KIND: Record<string, IDataObject[]> = {
	text: [message('wamid.text', 'text', { text: { body: 'Hello' } })],
	media: [
		message('wamid.image', 'image', { image: { id: 'media-1', mime_type: 'image/jpeg' } }),
		message('wamid.voice', 'audio', {
			audio: { id: 'media-2', mime_type: 'audio/ogg', voice: true },
		}),
	],
	reply: [
		message('wamid.button', 'interactive', {
			interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
		}),
		message('wamid.quickReply', 'button', { button: { payload: 'stop', text: 'Stop' } }),
	],
	flowAnswer: [
		message('wamid.flow', 'interactive', {
			interactive: {
				type: 'nfm_reply',
				nfm_reply: { name: 'flow', body: 'Sent', response_json: '{"date":"2026-12-01"}' },
			},
		}),
	],
	order: [
		message('wamid.order', 'order', {
			order: {
				catalog_id: 'catalog-1',
				product_items: [
					{ product_retailer_id: 'sku-1', quantity: 1, item_price: 12, currency: 'USD' },
				],
			},
		}),
	],
	location: [message('wamid.location', 'location', { location: { latitude: 1, longitude: 2 } })],
	contacts: [
		message('wamid.contacts', 'contacts', { contacts: [{ name: { formatted_name: 'Ann' } }] }),
	],
	reaction: [
		message('wamid.reaction', 'reaction', { reaction: { message_id: 'wamid.x', emoji: '👍' } }),
	],
	edit: [
		message('wamid.edit', 'edit', {
			edit: {
				original_message_id: 'wamid.text',
				message: { type: 'text', text: { body: 'Hello!' } },
			},
		}),
		message('wamid.revoke', 'revoke', { revoke: { original_message_id: 'wamid.text' } }),
	],
	other: [
		message('wamid.callPermission', 'interactive', {
			interactive: {
				type: 'call_permission_reply',
				call_permission_reply: { response: 'accept', is_permanent: false },
			},
		}),
		message('wamid.unknown', 'hologram', { hologram: {} }),
	],
};

const delivery = messagesDelivery({
	messaging_product: 'whatsapp',
	metadata: { display_phone_number: '15550001111', phone_number_id: 'pn-1' },
	contacts: [{ wa_id: CUSTOMER, profile: { name: 'Ann' } }],
	messages: Object.values(BY_KIND).flat(),
	statuses: [
		{ id: 'wamid.sent', status: 'delivered', timestamp: '1764000000', recipient_id: CUSTOMER },
	],
});

const run = async (messageTypes?: string[]) =>
	await deliver(delivery, { ...EVERYTHING, options: messageTypes ? { messageTypes } : {} });
const messageIds = (items: IDataObject[]) =>
	items.filter((i) => i.eventType === 'incomingMessage').map((i) => i.messageId);

describe('trigger: Message Types', () => {
	it('offers every kind this test delivers, and no other', () => {
		expect(MESSAGE_KINDS.map((k) => k.value).sort()).toEqual(Object.keys(BY_KIND).sort());
	});

	it('none chosen: every message, and the receipt', async () => {
		const { items } = await run();
		expect(messageIds(items)).toEqual(
			Object.values(BY_KIND)
				.flat()
				.map((m) => m.id),
		);
		expect(items.filter((i) => i.eventType === 'messageStatus')).toHaveLength(1);
	});

	it.each(Object.entries(BY_KIND))(
		'%s alone: only its messages, and the receipt still',
		async (kind, messages) => {
			const { items } = await run([kind]);
			expect(messageIds(items)).toEqual(messages.map((m) => m.id));
			expect(items.filter((i) => i.eventType === 'messageStatus')).toHaveLength(1);
		},
	);

	it('orders here, the rest there: two triggers with complementary choices take each message once', async () => {
		const rest = Object.keys(BY_KIND).filter((kind) => kind !== 'order');
		const orders = messageIds((await run(['order'])).items);
		const others = messageIds((await run(rest)).items);
		expect(orders).toEqual(['wamid.order']);
		expect([...orders, ...others].sort()).toEqual(
			Object.values(BY_KIND)
				.flat()
				.map((m) => String(m.id))
				.sort(),
		);
	});
});

describe('trigger: Message Types and Send and Wait', () => {
	const bed = useTestBed();

	it('a text answering a free-text question resumes it on a trigger for orders only', async () => {
		const n8nWaiting = new WaitingN8n(bed);
		await n8nWaiting.start();
		try {
			const next = captureDeliveries(bed);
			const ordersOnly = { messageTypes: ['order'] };
			await customerSends(bed, { text: 'hi' });
			const hi = await n8nWaiting.deliver(await next(isMessage), undefined, ordersOnly);
			expect(hi.items).toEqual([]);
			await n8nWaiting.run({
				...chatSend(bed, 'sendAndWait'),
				phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
				responseType: 'freeText',
				bodyText: 'Which size?',
			});
			const sent = [...bed.sandbox.state.store.messages.values()].at(-1)!;
			await n8nWaiting.deliver(await next(isStatus('sent', sent.id)), undefined, ordersOnly);
			await customerSends(bed, { text: 'Large' });
			const answer = await n8nWaiting.deliver(await next(isMessage), undefined, ordersOnly);
			expect(answer.items).toEqual([]);
			expect(n8nWaiting.resumed[0]).toMatchObject({ answered: true, text: 'Large' });
		} finally {
			await n8nWaiting.close();
		}
	});
});
