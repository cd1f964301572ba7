import { processedData } from 'business-messaging-testing';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';
import { chatSend, customerWrites } from './conversationSupport';
import { expectFailure, useTestBed } from './harness';

/**
 * Options › Idempotency Key: the same node run again with the same key acts once. Runs are
 * separate executions of the node (a retried workflow); the store is n8n's deduplication store
 * (the harness keeps it as n8n's DeduplicationHelper does).
 */
const bed = useTestBed();
beforeEach(() => processedData.records.clear());

const helloWorldId = () =>
	[...bed.sandbox.state.store.templates.values()].find(
		(t) => t.name === 'hello_world' && t.language === 'en_US',
	)!.id;
const sent = () => [...bed.sandbox.state.store.messages.values()];
const outputs = (run: INodeExecutionData[][]) => run[0].map((o) => o.json);

/** What the output says of its key. */
const marked = (key: string, replayed: boolean) => ({ key, replayed });

/** Options with an Idempotency Key. */
const keyed = (key: unknown) => ({ idempotencyKey: key as string });

function sendText(key: unknown, text = 'Your order shipped') {
	return chatSend(bed, 'sendText', { text, options: keyed(key) });
}

describe('Options › Idempotency Key', () => {
	it('a second run with the same key sends nothing and outputs the first result, marked as a replay', async () => {
		await customerWrites(bed);
		const [first] = outputs(await bed.harness().execute({ parameters: sendText('deal-1001') }));
		const [again] = outputs(await bed.harness().execute({ parameters: sendText('deal-1001') }));
		expect(sent()).toHaveLength(1);
		expect(first.idempotency).toEqual({ key: 'deal-1001', replayed: false });
		expect(again.idempotency).toEqual({ key: 'deal-1001', replayed: true });
		expect(again.messageId).toBe(first.messageId);
		expect(again.messageId).toBe(sent()[0].id);
	});

	it('items of one run with the same key send once; other keys send each', async () => {
		await customerWrites(bed);
		const run = await bed.harness().execute({
			parameters: {
				...sendText('={{ $json.order }}'),
				requestOptions: { concurrency: 3, maxRetries: 2, baseDelayMs: 5 },
			},
			items: [{ json: { order: 'a' } }, { json: { order: 'b' } }, { json: { order: 'a' } }],
		});
		const [a, b, aAgain] = outputs(run);
		expect(sent()).toHaveLength(2);
		expect([a, b, aAgain].map((o) => (o.idempotency as IDataObject).replayed)).toEqual([
			false,
			false,
			true,
		]);
		expect(aAgain.messageId).toBe(a.messageId);
		expect(b.messageId).not.toBe(a.messageId);
	});

	it('a refused send frees the key: once the cause is fixed, the same key sends', async () => {
		// No message from the customer yet: the 24-hour window is closed, the platform refuses.
		const error = await expectFailure(bed.harness().execute({ parameters: sendText('k-window') }));
		expect(error.message).toMatch(/within 24 hours/);
		expect(sent()).toHaveLength(0);
		await customerWrites(bed);
		const [output] = outputs(await bed.harness().execute({ parameters: sendText('k-window') }));
		expect(output.idempotency).toEqual({ key: 'k-window', replayed: false });
		expect(sent()).toHaveLength(1);
	});

	it('an unknown outcome (the connection broke after sending) keeps the key: never twice', async () => {
		await customerWrites(bed);
		bed.sandbox.state.faults.add({ kind: 'reset', after: true, method: 'POST', count: 1 });
		const error = await expectFailure(bed.harness().execute({ parameters: sendText('k-lost') }));
		expect(error.message).toMatch(/may have gone through/);
		expect(sent()).toHaveLength(1);
		const [again] = outputs(await bed.harness().execute({ parameters: sendText('k-lost') }));
		expect(sent()).toHaveLength(1);
		expect(again.idempotency).toEqual({ key: 'k-lost', replayed: true });
		expect(again.notice).toMatch(/This key was used before .*nothing was sent again/);
	});

	it("kept in n8n's store: another process (nothing in memory) sends nothing either", async () => {
		await customerWrites(bed);
		await bed.harness().execute({ parameters: sendText('k-process') });
		let Fresh!: typeof BusinessMessaging;
		jest.isolateModules(() => {
			Fresh = (
				jest.requireActual('../nodes/BusinessMessaging/BusinessMessaging.node') as {
					BusinessMessaging: typeof BusinessMessaging;
				}
			).BusinessMessaging;
		});
		const elsewhere = bed.harness({ nodeType: new Fresh() });
		const [again] = outputs(await elsewhere.execute({ parameters: sendText('k-process') }));
		expect(sent()).toHaveLength(1);
		expect(again).toMatchObject({ idempotency: { key: 'k-process', replayed: true } });
		expect(again.messageId).toBeUndefined();
		// And with the store emptied, that process would have sent it.
		processedData.records.clear();
		await elsewhere.execute({ parameters: sendText('k-process') });
		expect(sent()).toHaveLength(2);
	});

	it('no key: every run sends, as before', async () => {
		await customerWrites(bed);
		await bed.harness().execute({ parameters: sendText('') });
		const [output] = outputs(await bed.harness().execute({ parameters: sendText('') }));
		expect(sent()).toHaveLength(2);
		expect(output.idempotency).toBeUndefined();
	});

	it.each([
		['an expression that found nothing', 'undefined'],
		['null', 'null'],
		['an object made text', '[object Object]'],
	])('a key that is %s is refused, naming the field, and nothing is sent', async (_name, key) => {
		await customerWrites(bed);
		const error = await expectFailure(bed.harness().execute({ parameters: sendText(key) }));
		expect(error.message).toMatch(/^Options › Idempotency Key is "/);
		expect(sent()).toHaveLength(0);
	});

	it('Send Template and Refund take a key too', async () => {
		const template = {
			resource: 'message',
			operation: 'sendTemplate',
			phoneNumberId: { __rl: true, mode: 'list', value: bed.sandbox.phoneNumberIds[0] },
			recipient: '+1 415 555 0100',
			template: { __rl: true, mode: 'list', value: helloWorldId() },
			options: keyed('welcome-7'),
		};
		await bed.harness().execute({ parameters: template });
		await bed.harness().execute({ parameters: template });
		expect(sent()).toHaveLength(1);
		const refund = {
			resource: 'payment',
			operation: 'refund',
			phoneNumberId: { __rl: true, mode: 'list', value: bed.sandbox.phoneNumberIds[0] },
			referenceId: 'order-1002',
			paymentConfigId: 'acme-payments',
			options: keyed('refund-order-1002'),
		};
		const [first] = outputs(await bed.harness().execute({ parameters: refund }));
		const [again] = outputs(await bed.harness().execute({ parameters: refund }));
		expect(bed.sandbox.state.store.refunds.size).toBe(1);
		expect(again.id ?? again.refundId).toBe(first.id ?? first.refundId);
		expect(again.idempotency).toEqual(marked('refund-order-1002', true));
	});

	it("recorded in n8n's store under this node (n:<node id>), as n8n's Remove Duplicates node records", async () => {
		await customerWrites(bed);
		await bed.harness().execute({ parameters: sendText('shared') });
		const records = [...processedData.records.keys()];
		expect(records).toEqual(['test-workflow|n:node-under-test']);
	});
});
