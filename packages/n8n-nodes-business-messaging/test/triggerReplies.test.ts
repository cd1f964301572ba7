import type { IDataObject } from 'n8n-workflow';
import {
	chatSend,
	customerSends,
	customerWrites,
	CUSTOMER,
	triggerItemOf,
} from './conversationSupport';
import { useTestBed } from './harness';

/**
 * The customer's side of a conversation: a tap on a button, a choice from a list and a reaction
 * come back through the platform's webhook, and the trigger makes each an item that says what
 * was chosen and which message it answers.
 */
const bed = useTestBed();

const customerTaps = (answer: IDataObject) => customerSends(bed, answer);

async function sent(operation: string, parameters: IDataObject): Promise<string> {
	const [output] = await bed
		.harness()
		.execute({ parameters: chatSend(bed, operation, parameters) });
	return String(output[0].json.messageId);
}

describe('trigger: the customer’s answers to buttons, lists and messages', () => {
	it('a tap on a button: its ID and title, and the message with the buttons', async () => {
		await customerWrites(bed);
		const buttons = await sent('sendButtons', {
			bodyText: 'Deliver tomorrow?',
			replyButtons: {
				button: [
					{ title: 'Yes, tomorrow', id: 'deliver' },
					{ title: 'Later', id: 'later' },
				],
			},
		});
		const item = await triggerItemOf(bed, () =>
			customerTaps({ type: 'interactive', reply_to: buttons, button_id: 'deliver' }),
		);
		expect(item).toMatchObject({
			eventType: 'incomingMessage',
			messageType: 'interactive',
			from: CUSTOMER,
			reply: { id: 'deliver', title: 'Yes, tomorrow' },
			replyTo: buttons,
		});
	});

	it('a choice from a list: the row’s ID, title and description', async () => {
		await customerWrites(bed);
		const list = await sent('sendList', {
			bodyText: 'Which order?',
			listButton: 'Orders',
			rows: { row: [{ title: 'Order #1001', id: 'order-1001', description: 'Shipped Monday' }] },
		});
		const item = await triggerItemOf(bed, () =>
			customerTaps({ type: 'interactive', reply_to: list, row_id: 'order-1001' }),
		);
		expect(item).toMatchObject({
			reply: { id: 'order-1001', title: 'Order #1001', description: 'Shipped Monday' },
			replyTo: list,
		});
	});

	it('a reaction to the business’s message, and its removal', async () => {
		await customerWrites(bed);
		const text = await sent('sendText', { text: 'Your coffee is on its way.' });
		const reacted = await triggerItemOf(bed, () =>
			customerTaps({ type: 'reaction', reaction: { message_id: text, emoji: '❤️' } }),
		);
		const removed = await triggerItemOf(bed, () =>
			customerTaps({ type: 'reaction', reaction: { message_id: text } }),
		);
		expect(reacted).toMatchObject({
			messageType: 'reaction',
			reaction: { emoji: '❤️', messageId: text, removed: false },
		});
		expect(removed).toMatchObject({ reaction: { messageId: text, removed: true } });
	});
});
