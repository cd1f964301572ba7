import type { IDataObject } from 'n8n-workflow';
import { chatSend, CUSTOMER, rl } from './conversationSupport';
import { expectFailure, useTestBed } from './harness';

/**
 * An empty Sender answers from the number the customer wrote to: a customer may write to any of
 * the key's numbers, and only that number may answer them freely (the window counts per number).
 */
const bed = useTestBed();

/** The customer writes to the key's second number; the trigger's item for that message. */
async function customerWritesToSecondNumber(): Promise<IDataObject> {
	const phoneNumberId = bed.sandbox.phoneNumberIds[1];
	const response = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ phone_number_id: phoneNumberId, from: CUSTOMER, text: 'Hi there' }),
	});
	const { message_id } = (await response.json()) as { message_id: string };
	bed.sandbox.state.log.clear();
	// The fields of the trigger's Incoming Message item that tell the chat.
	return {
		eventType: 'incomingMessage',
		phoneNumberId,
		from: CUSTOMER,
		sendTo: CUSTOMER,
		messageId: message_id,
	};
}

/** The phone number IDs the node posted messages for, in order. */
function sentFrom(): string[] {
	return bed
		.requests()
		.filter((r) => r.method === 'POST' && /\/messages$/.test(r.url))
		.map((r) => r.url.split('/').at(-2)!);
}

const noSender = (operation: string, extra: IDataObject = {}) => ({
	...chatSend(bed, operation, extra),
	phoneNumberId: rl(''),
});

describe('Sender left empty', () => {
	it('answers from the number the customer wrote to, for every chat send', async () => {
		const item = await customerWritesToSecondNumber();
		const second = bed.sandbox.phoneNumberIds[1];
		const [[text]] = await bed
			.harness()
			.execute({ parameters: noSender('sendText', { text: 'Hello!' }), items: [{ json: item }] });
		expect(text.json).toMatchObject({ phoneNumberId: second });
		await bed.harness().execute({
			parameters: {
				resource: 'message',
				operation: 'markAsRead',
				phoneNumberId: rl(''),
				messageId: String(item.messageId),
			},
			items: [{ json: item }],
		});
		await bed.harness().execute({
			parameters: noSender('sendTemplate', {
				template: rl('hello_world (en_US)', 'name'),
				variables: { mappingMode: 'defineBelow', value: {} },
			}),
			items: [{ json: item }],
		});
		expect(sentFrom()).toEqual([second, second, second]);
	});

	it('a chosen Sender is used as chosen', async () => {
		const item = await customerWritesToSecondNumber();
		const first = bed.sandbox.phoneNumberIds[0];
		const error = await expectFailure(
			bed.harness().execute({
				parameters: chatSend(bed, 'sendText', { text: 'Hello!' }),
				items: [{ json: item }],
			}),
		);
		expect(sentFrom()).toEqual([first]);
		// The customer wrote to the second number: the first may not answer them freely.
		expect(error.message).toContain('within 24 hours');
		expect(error.description).toContain(
			`The customer wrote to the business number ${String(item.phoneNumberId)} (the trigger’s phoneNumberId), and this answer went from Sender ${first}: the 24 hours count per number. Leave Sender empty to answer from the number the customer wrote to.`,
		);
	});

	it('a campaign recipient who never wrote gets no advice about the number someone else wrote to', async () => {
		const item = await customerWritesToSecondNumber();
		const error = await expectFailure(
			bed.harness().execute({
				parameters: {
					...chatSend(bed, 'sendText', { text: 'Hello!' }),
					recipient: '+1 415 555 0199',
				},
				items: [{ json: item }],
			}),
		);
		expect(error.message).toContain('within 24 hours');
		expect(String(error.description)).not.toContain('The customer wrote to');
	});

	it('is refused, naming the field, for an item that does not come from the trigger', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: noSender('sendText', { text: 'Hello!' }),
				items: [{ json: { name: 'Ana', phoneNumberId: bed.sandbox.phoneNumberIds[1] } }],
			}),
		);
		expect(error.message).toBe(
			'Sender is empty, and the item does not come from a Business Messaging Trigger',
		);
		expect(bed.requests()).toEqual([]);
	});

	it('says so when the item is the trigger’s refusal report, not a message', async () => {
		// The trigger's Report Refusals item, as refusalReport.ts makes it (no chat in it).
		const report = { eventType: 'refusal', status: 401, refused: 3, reason: 'signature' };
		const error = await expectFailure(
			bed.harness().execute({
				parameters: noSender('sendText', { text: 'Hello!' }),
				items: [{ json: report }],
			}),
		);
		expect(error.message).toBe(
			"Sender is empty, and the item is the trigger's refusal report (Report Refusals), not a customer's message",
		);
		expect(String(error.description)).toMatch(/Put an If \(or Switch\) on eventType/);
		expect(bed.requests()).toEqual([]);
	});
});
