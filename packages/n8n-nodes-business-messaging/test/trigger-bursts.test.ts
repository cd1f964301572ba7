import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';
import { MAX_BURST_MESSAGES } from '../nodes/BusinessMessagingTrigger/delivery/bursts';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { CUSTOMER, customerSends } from './conversation-support';
import { useTestBed } from './harness';
import { captureDeliveries, isMessage } from './waitingSupport';

/**
 * Collect Bursts: the sandbox's own deliveries of a customer's messages, handed to the trigger
 * as n8n hands them, each delivery its own webhook call, as fast as they come.
 */
const bed = useTestBed();
const EVENTS = ['incomingMessage', 'messageStatus', 'templateStatus'];

function deliver(body: IDataObject, options: INodeParameters = { collectBursts: 1 }) {
	return bed.harness({ nodeType: new BusinessMessagingTrigger() }).webhook({
		parameters: { events: EVENTS, options },
		body,
	});
}

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

const itemsOf = (run: Awaited<ReturnType<typeof deliver>>) =>
	(run.result.workflowData?.[0] ?? []).map((i) => i.json);

describe('trigger: Collect Bursts', () => {
	it('five messages within the quiet time start one execution with the five, in order; every delivery is answered at once', async () => {
		const payloads = await writes(['Hi', 'I ordered', 'a blue mug', 'yesterday', 'where is it?']);
		const opener = deliver(payloads[0]);
		let closed = false;
		void opener.then(() => (closed = true));
		const joiners = [];
		for (const payload of payloads.slice(1)) joiners.push(await deliver(payload));
		// The deliveries that joined returned while the burst was open, answered and with no run.
		expect(closed).toBe(false);
		for (const joined of joiners) {
			expect(joined.result.workflowData).toBeUndefined();
			expect(joined.response.statusCode).toBe(200);
		}
		const run = await opener;
		expect(run.response.statusCode).toBe(200);
		const items = itemsOf(run);
		expect(items).toHaveLength(1);
		const [burst] = items;
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
	});

	it("two customers' interleaved bursts are two executions, each with its own messages", async () => {
		const maria = await writes(['m1', 'm2', 'm3'], '14155550100');
		const jon = await writes(['j1', 'j2'], '14155550111');
		const openers = [deliver(maria[0]), deliver(jon[0])];
		await deliver(maria[1]);
		await deliver(jon[1]);
		await deliver(maria[2]);
		const [forMaria, forJon] = (await Promise.all(openers)).map(itemsOf);
		expect(forMaria.map((b) => [b.from, b.text])).toEqual([['14155550100', 'm1\nm2\nm3']]);
		expect(forJon.map((b) => [b.from, b.text])).toEqual([['14155550111', 'j1\nj2']]);
	});

	it('a message after the quiet time opens the next burst', async () => {
		const payloads = await writes(['first', 'second']);
		const first = await deliver(payloads[0]);
		const second = await deliver(payloads[1]);
		expect(itemsOf(first).map((b) => b.text)).toEqual(['first']);
		expect(itemsOf(second).map((b) => b.text)).toEqual(['second']);
	});

	it('each message extends the wait: a burst closes only after a quiet time with nothing new', async () => {
		const payloads = await writes(['a', 'b', 'c']);
		const started = Date.now();
		const opener = deliver(payloads[0], { collectBursts: 2 });
		for (const payload of payloads.slice(1)) {
			await sleep(600);
			await deliver(payload, { collectBursts: 2 });
		}
		const items = itemsOf(await opener);
		expect(items.map((b) => b.messageCount)).toEqual([3]);
		// Opened at 0, joined at ~600 and ~1200 ms, closed two quiet seconds after the last.
		expect(Date.now() - started).toBeGreaterThanOrEqual(3100);
	});

	it(`a burst closes at ${MAX_BURST_MESSAGES} messages, and the next message opens a new one`, async () => {
		const [payload] = await writes(['again']);
		const value = (payload.entry as IDataObject[])[0] as IDataObject;
		const change = (value.changes as IDataObject[])[0].value as IDataObject;
		const message = (change.messages as IDataObject[])[0];
		const copy = (n: number): IDataObject => {
			const changed = JSON.parse(JSON.stringify(payload)) as IDataObject;
			const messages = ((changed.entry as IDataObject[])[0].changes as IDataObject[])[0]
				.value as IDataObject;
			messages.messages = [
				{ ...message, id: `${String(message.id)}-${n}`, text: { body: `#${n}` } },
			];
			return changed;
		};
		const opener = deliver(copy(1));
		for (let n = 2; n <= MAX_BURST_MESSAGES; n++) await deliver(copy(n));
		const next = deliver(copy(MAX_BURST_MESSAGES + 1));
		const full = itemsOf(await opener);
		expect(full[0].messageCount).toBe(MAX_BURST_MESSAGES);
		expect((full[0].text as string).split('\n').at(-1)).toBe(`#${MAX_BURST_MESSAGES}`);
		expect(itemsOf(await next).map((b) => b.text)).toEqual([`#${MAX_BURST_MESSAGES + 1}`]);
	});

	it('a delivery of receipts alone is not held: it starts at once', async () => {
		const started = Date.now();
		const run = await deliver(
			{
				object: 'whatsapp_business_account',
				entry: [
					{
						id: 'waba-1',
						changes: [
							{
								field: 'messages',
								value: {
									metadata: { phone_number_id: bed.sandbox.phoneNumberIds[0] },
									statuses: [{ id: 'wamid.X', status: 'delivered', recipient_id: CUSTOMER }],
								},
							},
						],
					},
				],
			},
			{ collectBursts: 10 },
		);
		// Held, it would have waited the quiet time of 10 s.
		expect(Date.now() - started).toBeLessThan(5000);
		expect(itemsOf(run).map((i) => i.status)).toEqual(['delivered']);
	});

	it("one delivery with two chats' messages: each burst closes on its own, both in that delivery's execution", async () => {
		const [maria] = await writes(['from Maria'], '14155550100');
		const [jon] = await writes(['from Jon'], '14155550111');
		const both = JSON.parse(JSON.stringify(maria)) as IDataObject;
		const value = ((both.entry as IDataObject[])[0].changes as IDataObject[])[0]
			.value as IDataObject;
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
		const run = await deliver(both);
		expect(
			itemsOf(run)
				.map((b) => `${String(b.sendTo)}: ${String(b.text)}`)
				.sort(),
		).toEqual(['14155550100: from Maria', '14155550111: from Jon']);
	});

	it('a message delivered again while its burst is open is in it once', async () => {
		const payloads = await writes(['once', 'twice?']);
		const opener = deliver(payloads[0]);
		await deliver(payloads[1]);
		await deliver(payloads[1]);
		const [burst] = itemsOf(await opener);
		expect(burst.text).toBe('once\ntwice?');
		expect(burst.messageCount).toBe(2);
	});

	it('without the option every message starts its own execution, as before', async () => {
		const payloads = await writes(['one', 'two']);
		const runs = await Promise.all(payloads.map((p) => deliver(p, {})));
		expect(runs.map((r) => itemsOf(r).map((i) => i.text))).toEqual([['one'], ['two']]);
		expect(runs[0].result.workflowData?.[0][0].json.messages).toBeUndefined();
	});
});
