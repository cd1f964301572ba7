import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { chatSend, customerSends, CUSTOMER, rl, sandboxControl } from './conversationSupport';
import { useTestBed } from './harness';
import { deliver, EVERYTHING } from './triggerHarness';
import { TriggerN8n } from './triggerN8n';
import { captureDeliveries, isMessage, isStatus, WaitingN8n } from './waitingSupport';

/**
 * Meta's conversation routing: the sandbox plays a second app on the number (Meta's Business
 * Agent, say). While it owns a chat, this app gets standby copies of the chat and handovers
 * when ownership changes; the trigger makes them items marked as such, never lost, never taken
 * for the chat's own messages.
 */
const bed = useTestBed();
const EVENTS = [...EVERYTHING.events, 'controlPassed', 'controlTaken'];

const control = async (path: string, body: IDataObject = {}) =>
	await sandboxControl(bed, path, body);

const otherApp = {
	takes: (metadata?: string) => control('/routing/take', { from: CUSTOMER, metadata }),
	passes: () => control('/routing/pass', { from: CUSTOMER }),
	answers: (text: string) => control('/routing/reply', { from: CUSTOMER, text }),
};

const parameters = (options: INodeParameters = {}): INodeParameters => ({
	...EVERYTHING,
	events: EVENTS,
	options,
});

describe('trigger: another app owns the chat (standby, handovers)', () => {
	it('control taken, standby copies of the customer and of the other app, control passed back: each its item, marked', async () => {
		const next = captureDeliveries(bed);
		const any = () => true;
		await control('/routing');
		await otherApp.takes('the agent answers');
		const taken = await deliver(await next(any), parameters());
		expect(taken.items).toEqual([
			expect.objectContaining({
				eventType: 'controlTaken',
				from: CUSTOMER,
				sendTo: CUSTOMER,
				previousOwner: 'primary',
				newOwner: 'ai_agent',
				note: 'the agent answers',
				phoneNumberId: bed.sandbox.phoneNumberIds[0],
			}),
		]);

		await customerSends(bed, { text: 'Are you a person?' });
		const copy = await deliver(await next(any), parameters());
		expect(copy.status).toBe(200);
		expect(copy.items).toEqual([
			expect.objectContaining({
				eventType: 'incomingMessage',
				standby: true,
				from: CUSTOMER,
				text: 'Are you a person?',
			}),
		]);

		await otherApp.answers('I am the shop’s assistant');
		const echo = await deliver(await next(any), parameters());
		expect(echo.items).toEqual([
			expect.objectContaining({
				eventType: 'messageEcho',
				standby: true,
				to: CUSTOMER,
				text: 'I am the shop’s assistant',
			}),
		]);

		await otherApp.passes();
		const passed = await deliver(await next(any), parameters());
		expect(passed.items).toEqual([
			expect.objectContaining({
				eventType: 'controlPassed',
				previousOwner: 'ai_agent',
				newOwner: 'primary',
			}),
		]);
		await customerSends(bed, { text: 'Thanks' });
		const own = await deliver(await next(isMessage), parameters());
		expect(own.items[0]).toMatchObject({ eventType: 'incomingMessage', text: 'Thanks' });
		expect(own.items[0]).not.toHaveProperty('standby');
	});

	it('Standby Messages › Start Nothing: a copy is answered 200 and starts nothing; handovers still do', async () => {
		const next = captureDeliveries(bed);
		await control('/routing', { roles: [] });
		await customerSends(bed, { text: 'hello' });
		const skipped = await deliver(await next(() => true), parameters({ standbyMessages: 'skip' }));
		expect(skipped).toEqual({ status: 200, items: [] });
		await otherApp.passes();
		const passed = await deliver(await next(() => true), parameters({ standbyMessages: 'skip' }));
		expect(passed.items.map((i) => i.eventType)).toEqual(['controlPassed']);
	});

	it('a workflow that chose Other and none of the new kinds gets the standby delivery as before: one Other item', async () => {
		const next = captureDeliveries(bed);
		await control('/routing', { roles: [] });
		await customerSends(bed, { text: 'hello' });
		const { items } = await deliver(await next(() => true), { ...EVERYTHING, events: ['other'] });
		expect(items).toEqual([expect.objectContaining({ eventType: 'other', field: 'standby' })]);
	});
});

describe('trigger: standby copies stay out of bursts and answers', () => {
	const n8n = new TriggerN8n(bed, parameters({ collectBursts: 1 }));
	beforeAll(async () => await n8n.start());
	afterAll(async () => await n8n.close());

	it('with Collect Bursts, a standby copy starts at once, alone; the chat’s own messages still wait for the quiet time', async () => {
		n8n.reset(parameters({ collectBursts: 1 }));
		const next = captureDeliveries(bed);
		await control('/routing', { roles: [] });
		await customerSends(bed, { text: 'copy one' });
		expect(await n8n.deliver(await next(() => true))).toBe(200);
		// Already started: not held for the quiet time.
		expect(n8n.executions).toEqual([
			[expect.objectContaining({ standby: true, text: 'copy one' })],
		]);
		await otherApp.passes();
		expect(await n8n.deliver(await next(() => true))).toBe(200);
		await customerSends(bed, { text: 'mine' });
		await customerSends(bed, { text: 'mine too' });
		expect(await n8n.deliver(await next(isMessage))).toBe(200);
		expect(await n8n.deliver(await next(isMessage))).toBe(200);
		const executions = await n8n.executionsAfter(3);
		expect(executions[2][0]).toMatchObject({ messageCount: 2, text: 'mine\nmine too' });
	});

	it('a free-text question stays open through standby copies; the chat’s own next message answers it', async () => {
		const n8nWaiting = new WaitingN8n(bed);
		await n8nWaiting.start();
		try {
			const next = captureDeliveries(bed);
			await control('/routing');
			await customerSends(bed, { text: 'hi' });
			await next(isMessage);
			await n8nWaiting.run({
				...chatSend(bed, 'sendAndWait'),
				phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
				responseType: 'freeText',
				bodyText: 'What should the gift card say?',
			});
			const sent = [...bed.sandbox.state.store.messages.values()].at(-1)!;
			await n8nWaiting.deliver(await next(isStatus('sent', sent.id)));
			expect(Object.keys(n8nWaiting.openQuestions())).toHaveLength(1);

			await otherApp.takes();
			await n8nWaiting.deliver(await next(() => true), EVENTS);
			await customerSends(bed, { text: 'for the agent' });
			const copy = await n8nWaiting.deliver(await next(() => true), EVENTS);
			expect(copy.items).toEqual([expect.objectContaining({ standby: true })]);
			expect(n8nWaiting.isWaiting).toBe(true);

			await otherApp.passes();
			await n8nWaiting.deliver(await next(() => true), EVENTS);
			await customerSends(bed, { text: 'Happy birthday, Sam!' });
			const answer = await n8nWaiting.deliver(await next(isMessage), EVENTS);
			expect(answer.items).toEqual([]);
			expect(n8nWaiting.resumed[0]).toMatchObject({ answered: true, text: 'Happy birthday, Sam!' });
		} finally {
			await n8nWaiting.close();
		}
	});
});

describe('trigger: handovers as Meta’s page may write them', () => {
	const handover = (value: IDataObject) => ({
		object: 'whatsapp_business_account',
		entry: [
			{
				id: 'waba-1',
				changes: [
					{
						field: 'messaging_handovers',
						value: {
							messaging_product: 'whatsapp',
							metadata: { phone_number_id: 'pn-1', display_phone_number: '15550001111' },
							...value,
						},
					},
				],
			},
		],
	});

	it.each<[string, IDataObject, IDataObject]>([
		[
			'owners as app IDs, the customer by user ID',
			{
				type: 'control_taken',
				control_taken: {
					user_id: 'US.13491208655302741918',
					previous_owner_app_id: '111',
					new_owner_app_id: '222',
				},
			},
			{ eventType: 'controlTaken', userId: 'US.13491208655302741918', newOwner: '222' },
		],
		[
			'no type, the object alone',
			{ control_passed: { wa_id: CUSTOMER, new_owner_role: 'primary' } },
			{ eventType: 'controlPassed', from: CUSTOMER, newOwner: 'primary' },
		],
		[
			'notices in a list',
			{ messaging_handovers: [{ type: 'control_passed', control_passed: { wa_id: CUSTOMER } }] },
			{ eventType: 'controlPassed', from: CUSTOMER },
		],
	])('%s', async (_label, value, expected) => {
		const { items } = await deliver(handover(value), parameters());
		expect(items).toEqual([expect.objectContaining({ ...expected, phoneNumberId: 'pn-1' })]);
	});

	it('a notice of neither kind is an Other item, with the notice as received', async () => {
		const { items } = await deliver(handover({ type: 'control_requested' }), parameters());
		expect(items).toEqual([
			expect.objectContaining({ eventType: 'other', field: 'messaging_handovers' }),
		]);
	});
});

describe('this app’s routing roles', () => {
	const trigger = () =>
		bed.harness({ nodeType: new BusinessMessagingTrigger() }).loadOptions('phoneNumbers');

	it('Account › Get Routing Roles: every role alone; under routing with another app primary, the roles and a warning', async () => {
		const run = async () =>
			(
				await bed.harness().execute({
					parameters: {
						resource: 'account',
						operation: 'getRoutingRoles',
						phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
					},
				})
			)[0][0].json;
		expect(await run()).toEqual({
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
			roles: ['messages', 'calls'],
			isStandby: false,
		});
		await control('/routing', { roles: [], is_standby: true });
		expect(await run()).toMatchObject({
			roles: [],
			isStandby: true,
			warning: expect.stringMatching(/Another app is primary.*standby copies/),
		});
		await control('/routing', { roles: ['calls'], is_standby: false });
		expect(await run()).toMatchObject({ roles: ['calls'] });
		await control('/routing', { roles: [], is_standby: false });
		expect(await run()).toMatchObject({ warning: expect.stringMatching(/no customer messages/) });
	});

	it('the trigger’s number list shows the warning beside the number; a provider without the API lists the numbers all the same', async () => {
		await control('/routing', { roles: [], is_standby: true });
		const [first] = await trigger();
		expect(first).toMatchObject({
			value: bed.sandbox.phoneNumberIds[0],
			description: expect.stringMatching(/Another app is primary/),
		});
		bed.sandbox.state.faults.add({
			kind: 'status',
			path: '/routing_roles$',
			status: 404,
			count: 10,
		});
		const listed = await trigger();
		expect(listed.length).toBeGreaterThan(0);
		expect(listed.every((n) => n.description === undefined)).toBe(true);
	});
});
