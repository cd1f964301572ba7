import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';
import { customerSends, sandboxControl } from './conversationSupport';
import { useTestBed } from './harness';
import { deliver } from './triggerHarness';
import { TriggerN8n } from './triggerN8n';
import { captureDeliveries, isMessage } from './waitingSupport';

/**
 * A person in the chat: answering a customer from the WhatsApp Business app on the same number
 * (an echo, Meta's coexistence) hands the chat over for the trigger's pause; meanwhile the
 * customer's messages start nothing, or come marked. The sandbox plays the person and the
 * customer; the trigger keeps the handover in this process (the database's is e2e/store.mjs's).
 */
const bed = useTestBed();
const EVENTS = ['incomingMessage', 'messageEcho'];
/** Six seconds: the shortest pause the option takes (0.1 minute). */
const PAUSE_MS = 6_000;

const parameters = (options: INodeParameters): INodeParameters => ({ events: EVENTS, options });
const pausing = (more: INodeParameters = {}) =>
	parameters({ pauseWhenPersonAnswers: PAUSE_MS / 60_000, ...more });

const control = async (path: string, body: IDataObject = {}) =>
	await sandboxControl(bed, path, body);

/** Each test its own customer: the handovers of this process outlive a test. */
let next = 0;
const newCustomer = () => `1415555${String(7000 + next++)}`;

/** The person answers `to` from the Business app; the trigger takes the echo. */
async function personAnswers(to: string, params: INodeParameters) {
	const delivered = captureDeliveries(bed);
	await control('/echoes', { to, text: 'Hi, Sam here from the shop' });
	return await deliver(await delivered(() => true), params);
}

/** The customer writes; the trigger takes the message. */
async function customerWrites(from: string, text: string, params: INodeParameters) {
	const delivered = captureDeliveries(bed);
	await customerSends(bed, { from, text });
	return await deliver(await delivered(isMessage), params);
}

describe('trigger: a person answers from the WhatsApp Business app', () => {
	it('Pause the Workflow When a Person Answers: the chat’s messages start nothing for the pause, then the workflow again', async () => {
		const customer = newCustomer();
		const echo = await personAnswers(customer, pausing());
		expect(echo.items).toEqual([
			expect.objectContaining({ eventType: 'messageEcho', to: customer }),
		]);
		const paused = await customerWrites(customer, 'Thanks Sam', pausing());
		expect(paused).toEqual({ status: 200, items: [] });
		// Another customer's chat is not paused.
		const other = await customerWrites(newCustomer(), 'Hello?', pausing());
		expect(other.items).toEqual([expect.objectContaining({ text: 'Hello?' })]);
		await sleep(PAUSE_MS + 500);
		const after = await customerWrites(customer, 'Are you there?', pausing());
		expect(after.items).toEqual([expect.objectContaining({ text: 'Are you there?' })]);
		expect(after.items[0]).not.toHaveProperty('handledByPerson');
	});

	it('each new answer renews the pause', async () => {
		const customer = newCustomer();
		await personAnswers(customer, pausing());
		await sleep(PAUSE_MS / 2);
		await personAnswers(customer, pausing());
		await sleep(PAUSE_MS / 2 + 1000);
		// 7 s after the first answer, 4 s after the second: still the person's.
		expect((await customerWrites(customer, 'ok', pausing())).items).toEqual([]);
	});

	it('Skip Chats a Person Is Handling › No: the messages come marked, each alone, never in a burst', async () => {
		const customer = newCustomer();
		const n8n = new TriggerN8n(bed, pausing({ skipHandledChats: 'mark', collectBursts: 1 }));
		await n8n.start();
		try {
			const delivered = captureDeliveries(bed);
			await control('/echoes', { to: customer, text: 'Sam here' });
			expect(await n8n.deliver(await delivered(() => true))).toBe(200);
			await customerSends(bed, { from: customer, text: 'one' });
			await customerSends(bed, { from: customer, text: 'two' });
			for (let n = 0; n < 2; n++) expect(await n8n.deliver(await delivered(isMessage))).toBe(200);
			// Started at once, not after the quiet time: no burst.
			const messages = n8n.executions.flat().filter((i) => i.eventType === 'incomingMessage');
			expect(messages).toEqual([
				expect.objectContaining({
					text: 'one',
					handledByPerson: true,
					handedOverBy: 'person',
					handedOverAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
					until: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
				}),
				expect.objectContaining({ text: 'two', handledByPerson: true }),
			]);
		} finally {
			await n8n.close();
		}
	});

	it('another app’s answer (a standby echo) is no person: the chat is not paused', async () => {
		const customer = newCustomer();
		await control('/routing', { roles: [] });
		await control('/routing/take', { from: customer });
		const delivered = captureDeliveries(bed);
		await control('/routing/reply', { from: customer, text: 'I am the assistant' });
		await deliver(await delivered(() => true), pausing());
		await control('/routing/pass', { from: customer });
		const after = await customerWrites(customer, 'still there?', pausing());
		expect(after.items).toEqual([expect.objectContaining({ text: 'still there?' })]);
	});

	it('without the options an answer pauses nothing', async () => {
		const customer = newCustomer();
		await personAnswers(customer, parameters({}));
		const after = await customerWrites(customer, 'hi', parameters({}));
		expect(after.items).toEqual([expect.objectContaining({ text: 'hi' })]);
		// Nor was it noted: the pause, turned on later, does not see it.
		const later = await customerWrites(customer, 'hello', pausing());
		expect(later.items).toEqual([expect.objectContaining({ text: 'hello' })]);
	});
});
