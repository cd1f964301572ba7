import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';
import { createHmac } from 'crypto';
import { BURST_OBJECT } from '../nodes/BusinessMessagingTrigger/delivery/burstHandOver';
import {
	MAX_BURST_MESSAGES,
	MAX_OPEN_BURSTS,
} from '../nodes/BusinessMessagingTrigger/delivery/bursts';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { CUSTOMER, customerSends } from './conversationSupport';
import { useTestBed } from './harness';
import { messagesDelivery } from './triggerHarness';
import { TriggerN8n } from './triggerN8n';
import { captureDeliveries, isMessage } from './waitingSupport';

/**
 * Collect Bursts: the sandbox's own deliveries of a customer's messages, handed to the trigger
 * as n8n hands them, each delivery its own webhook call, as fast as they come.
 */
const bed = useTestBed();
const EVENTS = ['incomingMessage', 'messageStatus', 'templateStatus'];
const withOptions = (options: INodeParameters, more: INodeParameters = {}): INodeParameters => ({
	events: EVENTS,
	options,
	...more,
});
const n8n = new TriggerN8n(bed, withOptions({ collectBursts: 1 }));
beforeAll(async () => await n8n.start());
afterAll(async () => await n8n.close());
beforeEach(() => n8n.reset(withOptions({ collectBursts: 1 })));

/** The customer (or `from`) writes each text; the sandbox's deliveries of them, in order. */
async function writes(texts: string[], from = CUSTOMER): Promise<IDataObject[]> {
	const next = captureDeliveries(bed);
	const payloads: IDataObject[] = [];
	for (const text of texts) {
		await customerSends(bed, { text, from });
		payloads.push(await next(isMessage));
	}
	return payloads;
}

/** A delivery of one text message from `from`, made here (no sandbox): for many chats at once. */
function textFrom(from: string, id: string, text = 'hi'): IDataObject {
	return messagesDelivery({
		metadata: { phone_number_id: 'pn-1' },
		contacts: [{ wa_id: from, profile: { name: 'C' } }],
		messages: [{ id, from, timestamp: '1764000000', type: 'text', text: { body: text } }],
	});
}

describe('trigger: Collect Bursts', () => {
	it('five messages within the quiet time: each delivery answered at once, then one execution with the five, in order', async () => {
		const payloads = await writes(['Hi', 'I ordered', 'a blue mug', 'yesterday', 'where is it?']);
		for (const payload of payloads) expect(await n8n.deliver(payload)).toBe(200);
		// Answered, held: nothing has started yet.
		expect(n8n.executions).toEqual([]);
		const [[burst]] = await n8n.executionsAfter(1);
		expect(burst.messageCount).toBe(5);
		expect(burst.text).toBe('Hi\nI ordered\na blue mug\nyesterday\nwhere is it?');
		const messages = burst.messages as IDataObject[];
		expect(messages.map((m) => m.text)).toEqual([
			'Hi',
			'I ordered',
			'a blue mug',
			'yesterday',
			'where is it?',
		]);
		// The top is the last message: whom to answer, and which message to mark as read.
		expect(burst.messageId).toBe(messages[4].messageId);
		expect(burst.firstMessageId).toBe(messages[0].messageId);
		expect(burst.sendTo).toBe(CUSTOMER);
		expect(burst.phoneNumberId).toBe(bed.sandbox.phoneNumberIds[0]);
		expect(burst.raw).toBeUndefined();
		expect(messages[0].raw).toBeDefined();
		await sleep(1500);
		expect(n8n.executions).toHaveLength(1);
	});

	it("two customers' interleaved bursts are two executions, each with its own messages", async () => {
		const maria = await writes(['m1', 'm2', 'm3'], '14155550100');
		const jon = await writes(['j1', 'j2'], '14155550111');
		for (const payload of [maria[0], jon[0], maria[1], jon[1], maria[2]])
			await n8n.deliver(payload);
		const runs = await n8n.executionsAfter(2);
		expect(runs.map(([b]) => [b.from, b.text]).sort()).toEqual([
			['14155550100', 'm1\nm2\nm3'],
			['14155550111', 'j1\nj2'],
		]);
	});

	it('a customer with a username and no number: their three messages are one burst, answered by user ID', async () => {
		const userId = 'US.13491208655302741918';
		const next = captureDeliveries(bed);
		const payloads: IDataObject[] = [];
		for (const text of ['Hi', 'do you ship', 'to Lisbon?']) {
			await customerSends(bed, {
				user_id: userId,
				username: '@ana',
				name: 'Ana',
				from: undefined,
				text,
			});
			payloads.push(await next(isMessage));
		}
		for (const payload of payloads) expect(await n8n.deliver(payload)).toBe(200);
		const runs = await n8n.executionsAfter(1);
		expect(runs).toHaveLength(1);
		const [[burst]] = runs;
		expect(burst).toMatchObject({
			messageCount: 3,
			sendTo: userId,
			userId,
			text: 'Hi\ndo you ship\nto Lisbon?',
		});
		expect(burst).not.toHaveProperty('from');
		await sleep(1500);
		expect(n8n.executions).toHaveLength(1);
	});

	it('a message after the quiet time opens the next burst', async () => {
		const payloads = await writes(['first', 'second']);
		await n8n.deliver(payloads[0]);
		await n8n.executionsAfter(1);
		await n8n.deliver(payloads[1]);
		const runs = await n8n.executionsAfter(2);
		expect(runs.map(([b]) => b.text)).toEqual(['first', 'second']);
	});

	it('each message extends the wait: a burst closes only after a quiet time with nothing new', async () => {
		n8n.parameters = withOptions({ collectBursts: 2 });
		const payloads = await writes(['a', 'b', 'c']);
		await n8n.deliver(payloads[0]);
		for (const payload of payloads.slice(1)) {
			await sleep(600);
			await n8n.deliver(payload);
		}
		const runs = await n8n.executionsAfter(1);
		expect(runs.map(([b]) => b.messageCount)).toEqual([3]);
	});

	it(`a burst closes at ${MAX_BURST_MESSAGES} messages, and the next message opens a new one`, async () => {
		for (let n = 1; n <= MAX_BURST_MESSAGES + 1; n++)
			await n8n.deliver(textFrom(CUSTOMER, `wamid.full-${n}`, `#${n}`));
		const runs = await n8n.executionsAfter(2);
		expect(runs[0][0].messageCount).toBe(MAX_BURST_MESSAGES);
		expect((runs[0][0].text as string).split('\n').at(-1)).toBe(`#${MAX_BURST_MESSAGES}`);
		expect(runs[1].map((b) => b.text)).toEqual([`#${MAX_BURST_MESSAGES + 1}`]);
	});

	it('a delivery of receipts alone is not held: its execution exists when it is answered', async () => {
		n8n.parameters = withOptions({ collectBursts: 10 });
		const status = await n8n.deliver(
			messagesDelivery({
				metadata: { phone_number_id: bed.sandbox.phoneNumberIds[0] },
				statuses: [{ id: 'wamid.X', status: 'delivered', recipient_id: CUSTOMER }],
			}),
		);
		expect(status).toBe(200);
		expect(n8n.executions.map((run) => run.map((i) => i.status))).toEqual([['delivered']]);
	});

	it("one delivery with two chats' messages: each chat's burst is its own execution", async () => {
		const both = textFrom('14155550100', 'wamid.maria', 'from Maria');
		const value = ((both.entry as IDataObject[])[0].changes as IDataObject[])[0]
			.value as IDataObject;
		const jon = textFrom('14155550111', 'wamid.jon', 'from Jon');
		const jonValue = ((jon.entry as IDataObject[])[0].changes as IDataObject[])[0]
			.value as IDataObject;
		value.messages = [
			...(value.messages as IDataObject[]),
			...(jonValue.messages as IDataObject[]),
		];
		value.contacts = [
			...(value.contacts as IDataObject[]),
			...(jonValue.contacts as IDataObject[]),
		];
		await n8n.deliver(both);
		const runs = await n8n.executionsAfter(2);
		expect(runs.map(([b]) => `${String(b.sendTo)}: ${String(b.text)}`).sort()).toEqual([
			'14155550100: from Maria',
			'14155550111: from Jon',
		]);
	});

	it('a message delivered again while its burst is open is in it once', async () => {
		const payloads = await writes(['once', 'twice?']);
		await n8n.deliver(payloads[0]);
		await n8n.deliver(payloads[1]);
		await n8n.deliver(payloads[1]);
		const [[burst]] = await n8n.executionsAfter(1);
		expect(burst.text).toBe('once\ntwice?');
		expect(burst.messageCount).toBe(2);
	});

	it('without the option every message starts its own execution, as before', async () => {
		n8n.parameters = withOptions({});
		const payloads = await writes(['one', 'two']);
		for (const payload of payloads) await n8n.deliver(payload);
		expect(n8n.executions.map((run) => run.map((i) => i.text))).toEqual([['one'], ['two']]);
		expect(n8n.executions[0][0].messages).toBeUndefined();
	});
});

describe('trigger: Collect Bursts under load and under attack', () => {
	it('n8n failing to create the execution (a busy database): the burst is handed over again until it runs, once', async () => {
		n8n.refuseNext = 2;
		await n8n.deliver(textFrom(CUSTOMER, 'wamid.busy', 'are you there?'));
		const runs = await n8n.executionsAfter(1);
		expect(runs.map(([b]) => b.text)).toEqual(['are you there?']);
		// The delivery, then two refused hand-overs (500), then the one that ran.
		expect(n8n.calls).toEqual([200, 500, 500, 200]);
		await sleep(1500);
		expect(n8n.executions).toHaveLength(1);
	});

	it('the hand-over is signed as deliveries are; a forged one is refused', async () => {
		const secret = 'burst-signing-secret';
		n8n.parameters = withOptions({ collectBursts: 1 }, { deliveryAuth: 'signature' });
		n8n.secrets = { signatureHeader: 'X-Hub-Signature-256', secret };
		const body = textFrom(CUSTOMER, 'wamid.signed', 'signed');
		const signature = createHmac('sha256', secret).update(JSON.stringify(body)).digest('hex');
		expect(await n8n.deliver(body, { 'x-hub-signature-256': `sha256=${signature}` })).toBe(200);
		const runs = await n8n.executionsAfter(1);
		expect(runs.map(([b]) => b.text)).toEqual(['signed']);
		const forged = { object: BURST_OBJECT, events: [{ eventType: 'incomingMessage', text: 'x' }] };
		expect(await n8n.deliver(forged)).toBe(401);
		expect(n8n.executions).toHaveLength(1);
	});

	it(`past ${MAX_OPEN_BURSTS} open bursts a delivery is refused with 503, so that the platform delivers it again`, async () => {
		// No burst may close while the deliveries go in (a closed one makes room): 1,001 deliveries
		// take about 4 s alone and 10 s beside other suites, far within the quiet time.
		n8n.parameters = withOptions({ collectBursts: 30 });
		const statuses: number[] = [];
		for (let n = 0; n <= MAX_OPEN_BURSTS; n++)
			statuses.push(
				await n8n.deliver(textFrom(`1415${String(n).padStart(7, '0')}`, `wamid.c${n}`)),
			);
		expect(statuses.slice(0, MAX_OPEN_BURSTS).every((s) => s === 200)).toBe(true);
		expect(statuses[MAX_OPEN_BURSTS]).toBe(503);
		// Every delivery answered 200 runs, exactly once; the refused one does not.
		const runs = await n8n.executionsAfter(MAX_OPEN_BURSTS, 90_000);
		expect(new Set(runs.map(([b]) => b.messageId)).size).toBe(MAX_OPEN_BURSTS);
		expect(runs.some(([b]) => b.messageId === `wamid.c${MAX_OPEN_BURSTS}`)).toBe(false);
		// Room again: the platform's next try is taken.
		expect(await n8n.deliver(textFrom('14159999999', `wamid.c${MAX_OPEN_BURSTS}`))).toBe(200);
		await n8n.executionsAfter(MAX_OPEN_BURSTS + 1, 60_000);
		expect(n8n.executions).toHaveLength(MAX_OPEN_BURSTS + 1);
	}, 240_000);
});

describe('trigger: Collect Bursts in the editor’s test', () => {
	it('the test webhook waits for the burst and shows it, as the test URL is called once', async () => {
		const payloads = await writes(['test', 'me']);
		const deliver = (body: IDataObject) =>
			bed.harness({ nodeType: new BusinessMessagingTrigger() }).webhook({
				parameters: withOptions({ collectBursts: 1 }),
				body,
				mode: 'manual',
			});
		const opener = deliver(payloads[0]);
		const joined = await deliver(payloads[1]);
		expect(joined.result.workflowData).toBeUndefined();
		const run = await opener;
		expect(run.result.workflowData?.[0].map((i) => i.json.text)).toEqual(['test\nme']);
	});
});
