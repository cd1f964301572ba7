import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { withoutRedeliveries } from '../nodes/BusinessMessagingTrigger/delivery/redeliveries';
import type { TriggerEvent } from '../nodes/BusinessMessagingTrigger/events';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { customerWrites } from './conversationSupport';
import { useTestBed } from './harness';
import { messagesDelivery } from './triggerHarness';
import { captureDeliveries, isMessage } from './waitingSupport';

/** Skip Redeliveries: the sandbox's deliveries, delivered again as the platform redelivers. */
const bed = useTestBed();
const EVERYTHING = {
	events: ['incomingMessage', 'messageStatus', 'templateStatus'],
	statuses: ['delivered', 'failed', 'read', 'sent'],
};

function triggerWith(staticData: IDataObject, nodeType = new BusinessMessagingTrigger()) {
	return (body: IDataObject, options: INodeParameters = { skipRedeliveries: true }) =>
		bed.harness({ nodeType, staticData }).webhook({ parameters: { ...EVERYTHING, options }, body });
}

/** The trigger as another n8n process loads it: its modules anew, nothing in their memory. */
function freshTrigger(): BusinessMessagingTrigger {
	let Fresh!: typeof BusinessMessagingTrigger;
	jest.isolateModules(() => {
		Fresh = (
			jest.requireActual('../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node') as {
				BusinessMessagingTrigger: typeof BusinessMessagingTrigger;
			}
		).BusinessMessagingTrigger;
	});
	return new Fresh();
}

const started = (run: { result: { workflowData?: unknown[][] } }) =>
	run.result.workflowData?.[0]?.length ?? 0;

async function aMessage(): Promise<IDataObject> {
	const next = captureDeliveries(bed);
	await customerWrites(bed, 'Is my order on its way?');
	return await next(isMessage);
}

function statusDelivery(status: string, messageId = 'wamid.S1'): IDataObject {
	return messagesDelivery({
		metadata: { phone_number_id: bed.sandbox.phoneNumberIds[0] },
		statuses: [{ id: messageId, status, timestamp: '1764000000', recipient_id: '1415' }],
	});
}

describe('trigger: Skip Redeliveries', () => {
	it('a redelivered message starts nothing and is answered 200', async () => {
		const deliver = triggerWith({});
		const payload = await aMessage();
		expect(started(await deliver(payload))).toBe(1);
		const again = await deliver(payload);
		expect(started(again)).toBe(0);
		expect(again.response.statusCode).toBe(200);
	});

	it('a status is the same event only with the same status: delivered then read both start', async () => {
		const deliver = triggerWith({});
		expect(started(await deliver(statusDelivery('delivered')))).toBe(1);
		expect(started(await deliver(statusDelivery('read')))).toBe(1);
		expect(started(await deliver(statusDelivery('read')))).toBe(0);
		expect(started(await deliver(statusDelivery('read', 'wamid.S2')))).toBe(1);
	});

	it('remembered in the static data n8n saves: another process (a fresh copy of the node) skips it too', async () => {
		const staticData: IDataObject = {};
		const payload = await aMessage();
		expect(started(await triggerWith(staticData)(payload))).toBe(1);
		// Another process: the node's modules loaded anew, with nothing in memory but the static data.
		const elsewhere = triggerWith(
			JSON.parse(JSON.stringify(staticData)) as IDataObject,
			freshTrigger(),
		);
		expect(started(await elsewhere(payload))).toBe(0);
		// Without the record, that process would have started it.
		expect(started(await triggerWith({}, freshTrigger())(payload))).toBe(1);
	});

	it('two deliveries taken at once on one process both stay recorded (each saves the whole record)', async () => {
		const first: IDataObject = {};
		const second: IDataObject = {};
		// Each delivery gets its own copy of the static data, as n8n loads it for each.
		await Promise.all([
			triggerWith(first)(statusDelivery('sent', 'wamid.A')),
			triggerWith(second)(statusDelivery('sent', 'wamid.B')),
		]);
		// Whichever copy n8n saves last holds both.
		const lastSaved = second;
		// Read by another process, which has nothing in memory: only the saved record can skip them.
		const deliver = triggerWith(
			JSON.parse(JSON.stringify(lastSaved)) as IDataObject,
			freshTrigger(),
		);
		expect(started(await deliver(statusDelivery('sent', 'wamid.A')))).toBe(0);
		expect(started(await deliver(statusDelivery('sent', 'wamid.B')))).toBe(0);
	});

	it('a redelivery of an event whose first delivery has not run yet is refused 503, never skipped', async () => {
		const payload = await aMessage();
		// The first delivery: taken, but n8n never saved its static data (it could not start the
		// execution, or has not yet): its copy is thrown away, as n8n throws it away.
		expect(started(await triggerWith({})(payload))).toBe(1);
		// The platform's retry, with the record as the database holds it (nothing): not skipped.
		const retry = await triggerWith({})(payload);
		expect(started(retry)).toBe(0);
		expect(retry.response.statusCode).toBe(503);
		expect(retry.logs[0].message).toMatch(/still being taken by an earlier delivery/);
	});

	it('an event still being taken after 5 minutes was lost with its delivery: it is taken again', () => {
		const event: TriggerEvent = { eventType: 'incomingMessage', messageId: 'wamid.lost' };
		const t0 = 1_800_000_000_000;
		expect(withoutRedeliveries([event], {}, 'lost-test', t0).fresh).toHaveLength(1);
		expect(withoutRedeliveries([event], {}, 'lost-test', t0 + 60_000)).toEqual({
			fresh: [],
			busy: true,
		});
		expect(withoutRedeliveries([event], {}, 'lost-test', t0 + 5 * 60_000 + 1).fresh).toHaveLength(
			1,
		);
	});

	it('off by default: a redelivery starts again, as before', async () => {
		const deliver = triggerWith({});
		const payload = await aMessage();
		expect(started(await deliver(payload, {}))).toBe(1);
		expect(started(await deliver(payload, {}))).toBe(1);
	});

	it('a day and 5000 events are kept, the newest first', () => {
		const staticData: IDataObject = {};
		const event = (id: string): TriggerEvent => ({ eventType: 'incomingMessage', messageId: id });
		const day = 24 * 60 * 60 * 1000;
		const t0 = 1_800_000_000_000;
		withoutRedeliveries([event('old')], staticData, 'kept-test', t0);
		expect(
			withoutRedeliveries([event('old')], staticData, 'kept-test', t0 + 1000).fresh,
		).toHaveLength(0);
		// A day later it is forgotten (also by this process), so the platform's own later resend passes.
		withoutRedeliveries([event('new')], staticData, 'kept-test', t0 + day + 1);
		expect(
			withoutRedeliveries([event('old')], staticData, 'kept-test', t0 + day + 2).fresh,
		).toHaveLength(1);
		const many = Array.from({ length: 6000 }, (_, i) => event(`m${i}`));
		withoutRedeliveries(many, staticData, 'kept-test', t0 + day + 3);
		expect(Object.keys(staticData.takenEvents as IDataObject)).toHaveLength(5000);
	});

	it('events without an identity (account updates) always pass', async () => {
		const other = {
			object: 'whatsapp_business_account',
			entry: [{ id: 'waba-1', changes: [{ field: 'account_update', value: { event: 'X' } }] }],
		};
		const run = () =>
			bed.harness({ nodeType: new BusinessMessagingTrigger(), staticData: {} }).webhook({
				parameters: { events: ['other'], options: { skipRedeliveries: true } },
				body: other,
			});
		expect(started(await run())).toBe(1);
		expect(started(await run())).toBe(1);
	});
});
