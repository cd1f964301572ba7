import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';
import {
	handedBack,
	handoverInForce,
	type HandoverRecord,
} from '../nodes/common/store/chatHandovers';
import type { DataTables, Filter, Row } from '../nodes/common/store/dataTables';
import { HandoverTable, removeExpiredHandovers } from '../nodes/common/store/handoverTable';
import { customerSends, rl, sandboxControl } from './conversationSupport';
import { expectFailure, useTestBed } from './harness';
import { deliver, EVERYTHING } from './triggerHarness';
import { TriggerN8n } from './triggerN8n';
import { captureDeliveries, isMessage } from './waitingSupport';

/**
 * Chat › Hand Over to a Person and Hand Back to the Workflow, with the trigger that reads what they
 * record: the handover is the chat's state (here this process's memory, which the harness's action
 * node and trigger share as n8n's one process does; n8n's database is e2e/store.mjs's), and, with
 * thread control, the chat's owner on the number, played by the sandbox's second app.
 */
const bed = useTestBed();

/** Each test its own customer: the handovers of this process outlive a test. */
let next = 0;
const newCustomer = () => `1415555${String(8000 + next++)}`;

const FAST = { maxRetries: 0 };

function chatOperation(operation: string, customer: string, extra: IDataObject = {}) {
	return {
		resource: 'chat',
		operation,
		phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		// A number as a person types it; a user ID as the trigger gives it.
		customer: /^\d/.test(customer) ? `+${customer}` : customer,
		requestOptions: FAST,
		...extra,
	};
}

async function run(operation: string, customer: string, extra: IDataObject = {}) {
	const [output] = await bed.harness().execute({
		parameters: chatOperation(operation, customer, extra) as INodeParameters,
	});
	return output[0].json as IDataObject;
}

const handOver = async (customer: string, extra: IDataObject = {}) =>
	await run('handOver', customer, extra);
const handBack = async (customer: string, extra: IDataObject = {}) =>
	await run('handBack', customer, extra);

const control = async (path: string, body: IDataObject = {}) =>
	await sandboxControl(bed, path, body);

async function ownerOf(customer: string): Promise<string | undefined> {
	const response = await fetch(
		`${bed.sandbox.controlUrl}/routing?phone_number_id=${bed.sandbox.phoneNumberIds[0]}`,
	);
	const { owners } = (await response.json()) as {
		owners: Array<{ customer: string; owner: string }>;
	};
	return owners.find((o) => o.customer.includes(customer))?.owner;
}

const trigger = (options: INodeParameters = {}): INodeParameters => ({
	...EVERYTHING,
	events: [...(EVERYTHING.events as string[]), 'controlPassed', 'controlTaken'],
	options,
});

/** The customer writes; the trigger takes the delivery of their message (or its standby copy). */
async function customerWrites(from: string, text: string, options: INodeParameters = {}) {
	const delivered = captureDeliveries(bed);
	await customerSends(bed, { from, text });
	return await deliver(await delivered(isMessage), trigger(options));
}

describe('Chat › Hand Over to a Person, Hand Back to the Workflow', () => {
	it('hands a chat over: its messages start nothing until it is handed back, and other chats go on', async () => {
		const customer = newCustomer();
		const output = await handOver(customer, { options: { note: 'Asked for a refund' } });
		expect(output).toEqual({
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
			customer,
			handledByPerson: true,
			handedOverAt: expect.any(String),
			handedOverBy: 'workflow',
			note: 'Asked for a refund',
			until: expect.any(String),
			keptIn: 'process',
		});
		// The default time limit: a day.
		expect(Date.parse(String(output.until)) - Date.parse(String(output.handedOverAt))).toBe(
			24 * 60 * 60 * 1000,
		);
		// Nothing is sent to the customer, nor to the platform.
		expect(bed.requests()).toEqual([]);

		expect(await customerWrites(customer, 'Where is my refund?')).toEqual({
			status: 200,
			items: [],
		});
		const other = await customerWrites(newCustomer(), 'Hello');
		expect(other.items).toEqual([expect.objectContaining({ eventType: 'incomingMessage' })]);

		expect(await handBack(customer)).toEqual({
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
			customer,
			handledByPerson: false,
			handedBackAt: expect.any(String),
			keptIn: 'process',
		});
		const again = await customerWrites(customer, 'Thanks!');
		expect(again.items).toEqual([
			expect.objectContaining({ eventType: 'incomingMessage', text: 'Thanks!' }),
		]);
		expect(again.items[0].handledByPerson).toBeUndefined();
	});

	it('Skip Chats a Person Is Handling › mark: the message comes with the handover, its note and time limit', async () => {
		const customer = newCustomer();
		const output = await handOver(customer, { options: { note: 'VIP', timeLimitHours: 2 } });
		const marked = await customerWrites(customer, 'Hi', { skipHandledChats: 'mark' });
		expect(marked.items).toEqual([
			expect.objectContaining({
				eventType: 'incomingMessage',
				handledByPerson: true,
				handedOverAt: output.handedOverAt,
				handedOverBy: 'workflow',
				note: 'VIP',
				until: output.until,
			}),
		]);
	});

	it('the time limit hands the chat back by itself', async () => {
		const customer = newCustomer();
		// 1.8 seconds (the editor's least is 0.01 hour; the node takes any time above 0).
		await handOver(customer, { options: { timeLimitHours: 0.0005 } });
		expect((await customerWrites(customer, 'Anyone?')).items).toEqual([]);
		await sleep(2_000);
		expect((await customerWrites(customer, 'Anyone now?')).items).toEqual([
			expect.objectContaining({ text: 'Anyone now?' }),
		]);
	});

	it('the newest change wins: a chat handed over again after a hand back is quiet again', async () => {
		const customer = newCustomer();
		await handOver(customer);
		await handBack(customer);
		await handOver(customer, { options: { note: 'second time' } });
		const marked = await customerWrites(customer, 'Hello?', { skipHandledChats: 'mark' });
		expect(marked.items).toEqual([expect.objectContaining({ note: 'second time' })]);
	});

	it('Hand Back ends a pause a person’s answer started', async () => {
		const customer = newCustomer();
		const delivered = captureDeliveries(bed);
		await control('/echoes', { to: customer, text: 'Sam here' });
		await deliver(await delivered(() => true), trigger({ pauseWhenPersonAnswers: 30 }));
		expect((await customerWrites(customer, 'Hi Sam')).items).toEqual([]);
		await handBack(customer);
		expect((await customerWrites(customer, 'Bot?')).items).toHaveLength(1);
	});

	it('refuses bad input naming the field, recording and sending nothing', async () => {
		const customer = newCustomer();
		const zero = await expectFailure(
			bed.harness().execute({
				parameters: chatOperation('handOver', customer, {
					options: { timeLimitHours: 0 },
				}) as INodeParameters,
			}),
		);
		expect(zero.message).toContain('Time Limit (Hours)');
		const long = await expectFailure(
			bed.harness().execute({
				parameters: chatOperation('handOver', customer, {
					options: { note: 'x'.repeat(1001) },
				}) as INodeParameters,
			}),
		);
		expect(long.message).toBe('Note has 1001 characters; it may have at most 1000');
		const nobody = await expectFailure(
			bed.harness().execute({
				parameters: chatOperation('handOver', 'not a number') as INodeParameters,
			}),
		);
		expect(nobody.message).toContain('Customer');
		const tooLong = await expectFailure(
			bed.harness().execute({
				parameters: chatOperation('handOver', customer, {
					options: { timeLimitHours: 721 },
				}) as INodeParameters,
			}),
		);
		expect(tooLong.message).toContain('at most 720 (30 days)');
		expect((await customerWrites(customer, 'Still the bot?')).items).toHaveLength(1);
	});
});

describe('Chat › Hand Over through conversation routing (thread control)', () => {
	it('passes the chat to the other app: its messages come as standby copies; passed back, the workflow answers again', async () => {
		const customer = newCustomer();
		await control('/routing');
		await customerWrites(customer, 'Hello'); // the chat is ours: the customer wrote to us
		const output = await handOver(customer, {
			through: 'routing',
			options: { note: 'Needs a person' },
		});
		expect(output).toEqual({
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
			customer,
			handledByPerson: true,
			handedOverAt: expect.any(String),
			handedOverBy: 'routing',
			note: 'Needs a person',
		});
		expect(bed.requests()).toEqual([
			expect.objectContaining({ method: 'POST', url: expect.stringMatching(/\/thread_control$/) }),
		]);
		expect(JSON.parse(String(bed.requests()[0].body))).toEqual({
			messaging_product: 'whatsapp',
			to: customer,
			action: 'pass',
			metadata: 'Needs a person',
		});
		expect(await ownerOf(customer)).toBe('other');

		// The customer's messages are the other app's: this app gets a standby copy, marked.
		const copy = await customerWrites(customer, 'Are you a person?');
		expect(copy.items).toEqual([
			expect.objectContaining({ standby: true, text: 'Are you a person?' }),
		]);

		// The other app passes the chat back: control_passed ends the handover.
		const delivered = captureDeliveries(bed);
		await control('/routing/pass', { from: customer });
		const passed = await deliver(await delivered(() => true), trigger());
		expect(passed.items).toEqual([expect.objectContaining({ eventType: 'controlPassed' })]);
		const ours = await customerWrites(customer, 'Thanks');
		expect(ours.items).toEqual([expect.objectContaining({ text: 'Thanks' })]);
		expect(ours.items[0].standby).toBeUndefined();
		expect(ours.items[0].handledByPerson).toBeUndefined();
	});

	it('a chat the other app let go (no notice) is the workflow’s at its next message of our own', async () => {
		const customer = newCustomer();
		await control('/routing');
		await customerWrites(customer, 'Hello');
		await handOver(customer, { through: 'routing' });
		// A release notifies nobody: the sandbox's owner goes, the next message comes to us.
		await fetch(
			`${bed.sandbox.controlUrl}/routing?phone_number_id=${bed.sandbox.phoneNumberIds[0]}`,
			{ method: 'DELETE' },
		);
		const ours = await customerWrites(customer, 'Hello again');
		expect(ours.items).toEqual([expect.objectContaining({ text: 'Hello again' })]);
		expect(ours.items[0].handledByPerson).toBeUndefined();
	});

	it('Hand Back takes the chat back from the other app and ends the handover in the trigger’s state: the workflow answers', async () => {
		const customer = newCustomer();
		await control('/routing');
		await customerWrites(customer, 'Hello');
		await handOver(customer, { through: 'routing' });
		// Handed over in the trigger's state too: Hand Back ends both.
		await handOver(customer);
		bed.sandbox.state.log.clear();
		await handBack(customer, { through: 'routing' });
		expect(JSON.parse(String(bed.requests()[0].body))).toEqual({
			messaging_product: 'whatsapp',
			to: customer,
			action: 'take',
		});
		expect(await ownerOf(customer)).toBe('us');
		expect((await customerWrites(customer, 'Back?')).items).toEqual([
			expect.objectContaining({ text: 'Back?' }),
		]);
	});

	it('a number without routing: the platform’s refusal in its words, and the chat stays the workflow’s', async () => {
		const customer = newCustomer();
		await customerWrites(customer, 'Hello');
		const error = await expectFailure(
			bed.harness().execute({
				parameters: chatOperation('handOver', customer, { through: 'routing' }) as INodeParameters,
			}),
		);
		expect(error.message).toContain('2494191');
		expect(error.message).toContain('Thread control is not available');
		expect((await customerWrites(customer, 'Still there?')).items).toEqual([
			expect.objectContaining({ text: 'Still there?' }),
		]);
	});
});

describe('Chat › Hand Over: the chat as the trigger sees it', () => {
	it('handed over by user ID: a message naming the number and the user ID is quiet', async () => {
		const userId = 'US.20260000000000000801';
		const number = newCustomer();
		await handOver(userId);
		const delivered = captureDeliveries(bed);
		await customerSends(bed, { from: number, user_id: userId, username: '@ann', text: 'Hi' });
		const both = await deliver(await delivered(isMessage), trigger());
		expect(both).toEqual({ status: 200, items: [] });
	});

	it('a burst open when the chat is handed over starts nothing (its messages are the person’s)', async () => {
		const triggerN8n = new TriggerN8n(bed, trigger({ collectBursts: 1 }));
		await triggerN8n.start();
		try {
			const customer = newCustomer();
			const delivered = captureDeliveries(bed);
			await customerSends(bed, { from: customer, text: 'I want a person' });
			expect(await triggerN8n.deliver(await delivered(isMessage))).toBe(200);
			// The agent hands over while the burst waits for its quiet time.
			await handOver(customer);
			await sleep(3_000);
			expect(triggerN8n.executions).toEqual([]);
			// Another chat's burst starts as ever: the wait above was long enough.
			const other = captureDeliveries(bed);
			await customerSends(bed, { from: newCustomer(), text: 'Hello' });
			expect(await triggerN8n.deliver(await other(isMessage))).toBe(200);
			expect(await triggerN8n.executionsAfter(1)).toHaveLength(1);
		} finally {
			await triggerN8n.close();
		}
	});
});

describe('chats handed over in n8n’s database: a hand back outlives the handovers it ends', () => {
	/** The data-table calls HandoverTable makes, on rows in memory. */
	function tableInMemory(): DataTables {
		let rows: Row[] = [];
		const matches = (row: Row, filter: Filter) =>
			filter.filters.every(({ columnName, condition, value }) =>
				condition === 'lt' ? Number(row[columnName]) < Number(value) : row[columnName] === value,
			);
		return {
			insertGrouped: async (_table: unknown, added: IDataObject[]) => {
				rows = [...rows, ...added.map((row, n) => ({ ...row, id: rows.length + n + 1 }))];
			},
			rowsGrouped: async (_table: unknown, column: string, values: string[]) =>
				rows.filter((row) => values.includes(String(row[column]))),
			remove: async (_table: unknown, filter: Filter) => {
				rows = rows.filter((row) => !matches(row, filter));
			},
		} as unknown as DataTables;
	}
	const HOUR = 60 * 60 * 1000;
	const chat = { phoneNumberId: 'pn-1', customers: ['14155550100'] };
	const longHandover = (at: number): HandoverRecord => ({
		state: 'handedOver',
		by: 'workflow',
		at,
		until: at + 720 * HOUR,
	});

	async function afterCare(backRecord: (at: number) => HandoverRecord) {
		const store = tableInMemory();
		const table = new HandoverTable(store);
		const start = Date.now();
		await table.record(chat.phoneNumberId, chat.customers, longHandover(start));
		await table.record(chat.phoneNumberId, chat.customers, backRecord(start + HOUR));
		// The tables' care, two days later: rows that ended a day before go.
		const later = start + 48 * HOUR;
		await removeExpiredHandovers(store, later);
		return (await table.inForce([chat], later)).size;
	}

	it('two days after Hand Back (a 30-day handover), the chat is still the workflow’s', async () => {
		expect(await afterCare(handedBack)).toBe(0);
	});

	it('a hand back kept only to its own time would be deleted, and the handover count again', async () => {
		const shortLived = (at: number): HandoverRecord => ({ ...handedBack(at), until: at });
		expect(await afterCare(shortLived)).toBe(1);
		expect(handoverInForce([handedBack(1), longHandover(0)], 2)).toBeUndefined();
	});
});
