import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { useTestBed } from './harness';
import { deliver, EVERYTHING, messagesDelivery } from './triggerHarness';

/**
 * The events the platform added since the first release, beyond what the corpus of real
 * deliveries shows: crafted content, the options acting on them, and redeliveries.
 */
const bed = useTestBed();

/** A delivery of one change of `field`, for number `phoneNumberId`. */
function change(field: string, value: IDataObject, phoneNumberId = 'pn-1'): IDataObject {
	return {
		object: 'whatsapp_business_account',
		entry: [
			{
				id: 'waba-1',
				changes: [
					{
						field,
						value: {
							messaging_product: 'whatsapp',
							metadata: { phone_number_id: phoneNumberId, display_phone_number: '15550001111' },
							...value,
						},
					},
				],
			},
		],
	};
}

function flowAnswer(responseJson: unknown): IDataObject {
	return messagesDelivery({
		metadata: { phone_number_id: 'pn-1' },
		messages: [
			{
				from: '14155550100',
				id: 'wamid.flow',
				timestamp: '1764000000',
				type: 'interactive',
				interactive: {
					type: 'nfm_reply',
					nfm_reply: { name: 'flow', body: 'Sent', response_json: responseJson },
				},
			},
		],
	});
}

const call = (id: string, event = 'connect') => ({
	id,
	from: '14155550100',
	to: '15550001111',
	event,
	timestamp: '1764000000',
	direction: 'USER_INITIATED',
});

describe('a Flow’s answer', () => {
	it.each<[string, unknown, unknown]>([
		[
			'a JSON object: its fields',
			'{"flow_token":"t-1","size":"M","qty":2}',
			{ flow_token: 't-1', size: 'M', qty: 2 },
		],
		['text that is not JSON: the text', '{"size": M', '{"size": M'],
		['a JSON list: the text, not a list', '[1,2]', '[1,2]'],
		['a JSON string: the text', '"M"', '"M"'],
		['empty: nothing', '', undefined],
		['an object already: as it is', { flow_token: 't-2' }, { flow_token: 't-2' }],
	])('with response_json as %s', async (_label, responseJson, response) => {
		const { status, items } = await deliver(flowAnswer(responseJson));
		expect(status).toBe(200);
		expect(items).toHaveLength(1);
		expect((items[0].flow as IDataObject).response).toEqual(response);
		expect((items[0].flow as IDataObject).name).toBe('flow');
	});

	it('names the flow token it was sent with, when the answer has one', async () => {
		const { items } = await deliver(flowAnswer('{"flow_token":"order-1001","ok":true}'));
		expect(items[0].flow).toMatchObject({ token: 'order-1001', body: 'Sent' });
	});
});

describe('errors outside a message', () => {
	it('are one Error item each, with their code, title, message and details', async () => {
		const { items } = await deliver(
			change('messages', {
				errors: [
					{
						code: 130429,
						title: 'Rate limit hit',
						message: 'Too many',
						error_data: { details: 'Slow down' },
					},
					{ code: '131000', title: 'Something went wrong' },
				],
			}),
		);
		expect(items.map((i) => [i.eventType, i.errorCode, i.errorTitle, i.errorDetails])).toEqual([
			['error', 130429, 'Rate limit hit', 'Slow down'],
			['error', 131000, 'Something went wrong', undefined],
		]);
		expect(items.every((i) => i.phoneNumberId === 'pn-1')).toBe(true);
	});

	it('come as the one Other item of old to a trigger that chose Other and not Error', async () => {
		const { items } = await deliver(
			change('messages', { errors: [{ code: 4, title: 'Rate limit' }] }),
			{ events: ['incomingMessage', 'other'] },
		);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			eventType: 'other',
			field: 'messages',
			errors: [{ code: 4 }],
		});
	});

	it('start nothing for a trigger that chose neither', async () => {
		const { status, items } = await deliver(
			change('messages', { errors: [{ code: 4, title: 'Rate limit' }] }),
			{ events: ['incomingMessage'] },
		);
		expect([status, items]).toEqual([200, []]);
	});
});

describe('a kind chosen beside Other', () => {
	it('comes as its items, and Other keeps what the trigger does not know', async () => {
		const body = change('calls', { calls: [call('wacid.1'), call('wacid.2', 'terminate')] });
		(body.entry as IDataObject[])[0].changes = [
			...((body.entry as IDataObject[])[0].changes as IDataObject[]),
			{ field: 'security', value: { event: 'PIN_CHANGED' } },
		];
		const { items } = await deliver(body, { events: ['call', 'other'] });
		expect(items.map((i) => [i.eventType, i.callId ?? i.field])).toEqual([
			['call', 'wacid.1'],
			['call', 'wacid.2'],
			['other', 'security'],
		]);
	});
});

describe('Chosen Numbers', () => {
	it('keeps the calls, echoes and preferences of the chosen numbers only', async () => {
		const parameters: INodeParameters = {
			...EVERYTHING,
			numberRouting: 'filter',
			phoneNumberIds: ['pn-1'],
		};
		for (const [number, expected] of [
			['pn-1', 1],
			['pn-2', 0],
		] as const) {
			const deliveries = [
				change('calls', { calls: [call(`wacid.${number}`)] }, number),
				change(
					'smb_message_echoes',
					{
						message_echoes: [
							{
								from: '15550001111',
								to: '14155550100',
								id: `wamid.e-${number}`,
								timestamp: '1764000000',
								type: 'text',
								text: { body: 'Hi' },
							},
						],
					},
					number,
				),
				change(
					'user_preferences',
					{
						user_preferences: [
							{
								wa_id: '14155550100',
								category: 'marketing_messages',
								value: 'stop',
								timestamp: 1764000000,
							},
						],
					},
					number,
				),
			];
			for (const body of deliveries) {
				const { items } = await deliver(body, parameters);
				expect([number, items.length]).toEqual([number, expected]);
			}
		}
	});
});

describe('Skip Redeliveries', () => {
	const skipping = (staticData: IDataObject) => (body: IDataObject) =>
		bed
			.harness({ nodeType: new BusinessMessagingTrigger(), staticData })
			.webhook({ parameters: { ...EVERYTHING, options: { skipRedeliveries: true } }, body });
	const started = (run: { result: { workflowData?: unknown[][] } }) =>
		run.result.workflowData?.[0]?.length ?? 0;

	it.each<[string, IDataObject]>([
		['a call event', change('calls', { calls: [call('wacid.again')] })],
		[
			'an echo',
			change('smb_message_echoes', {
				message_echoes: [
					{
						from: '15550001111',
						to: '14155550100',
						id: 'wamid.echo-again',
						timestamp: '1764000000',
						type: 'text',
						text: { body: 'Hi' },
					},
				],
			}),
		],
		[
			'a marketing preference',
			change('user_preferences', {
				user_preferences: [
					{
						wa_id: '14155550100',
						category: 'marketing_messages',
						value: 'stop',
						timestamp: 1764000000,
					},
				],
			}),
		],
	])('starts %s once, however often it is delivered', async (_kind, body) => {
		const deliver = skipping({});
		expect(started(await deliver(body))).toBe(1);
		expect(started(await deliver(body))).toBe(0);
	});

	it('tells a call’s events apart: its connect and its end both run', async () => {
		const deliver = skipping({});
		expect(started(await deliver(change('calls', { calls: [call('wacid.x')] })))).toBe(1);
		expect(started(await deliver(change('calls', { calls: [call('wacid.x', 'terminate')] })))).toBe(
			1,
		);
	});
});
