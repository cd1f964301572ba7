import { NodeApiError, NodeOperationError, type IDataObject } from 'n8n-workflow';
import {
	chatSend,
	customerSends,
	customerWrites,
	CUSTOMER,
	rl,
	triggerItemOf,
} from './conversationSupport';
import { expectFailure, useTestBed } from './harness';

/**
 * Message › Send Flow: a message with a button that opens a WhatsApp Flow (a form in the chat),
 * against the sandbox's seeded flows; and the customer's answer to it, through the trigger.
 */
const bed = useTestBed();

const flowId = (name: string) =>
	[...bed.sandbox.state.store.flows.values()].find((f) => f.name === name)?.id ?? 'missing';

const sendFlow = (extra: Record<string, unknown> = {}) =>
	chatSend(bed, 'sendFlow', {
		flow: rl(flowId('book_appointment')),
		flowButtonText: 'Book a visit',
		flowScreen: 'APPOINTMENT',
		bodyText: 'Pick a time for your visit.',
		...extra,
	});

const parametersOf = (body: Record<string, unknown>) =>
	(body.interactive as { action: { parameters: IDataObject } }).action.parameters;

function sentBodies(): Array<Record<string, unknown>> {
	return bed
		.requests()
		.filter((r) => r.method === 'POST' && /\/messages$/.test(r.url))
		.map((r) => JSON.parse(r.body!) as Record<string, unknown>);
}

describe('Message › Send Flow', () => {
	it('sends the flow message with its header, footer, screen data and token, and outputs the token', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({
			parameters: sendFlow({
				flowButtonText: 'b'.repeat(30),
				headerType: 'text',
				headerText: 'Acme Coffee',
				footer: 'Open 8 to 18',
				flowScreenDataInput: 'fields',
				flowScreenData: { field: [{ name: 'name', value: 'Ada' }] },
				flowReference: ' booking-1001 ',
			}),
		});
		expect(output[0].json).toMatchObject({
			type: 'interactive',
			flowToken: 'booking-1001',
			messageId: expect.stringMatching(/^wamid\./),
		});
		expect(sentBodies()).toEqual([
			{
				messaging_product: 'whatsapp',
				recipient_type: 'individual',
				to: CUSTOMER,
				type: 'interactive',
				interactive: {
					type: 'flow',
					header: { type: 'text', text: 'Acme Coffee' },
					body: { text: 'Pick a time for your visit.' },
					footer: { text: 'Open 8 to 18' },
					action: {
						name: 'flow',
						parameters: {
							flow_message_version: '3',
							flow_id: flowId('book_appointment'),
							flow_cta: 'b'.repeat(30),
							mode: 'published',
							flow_token: 'booking-1001',
							flow_action: 'navigate',
							flow_action_payload: { screen: 'APPOINTMENT', data: { name: 'Ada' } },
						},
					},
				},
			},
		]);
	});

	it('makes a random URL-safe token when Flow Token is empty, a new one per item; a flow by name goes as flow_name', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({
			parameters: sendFlow({
				flow: rl('feedback_survey', 'name'),
				flowMode: 'draft',
				flowScreen: 'RATING',
				flowScreenDataInput: 'json',
				flowScreenDataJson: '={{ { "order": "1001", "items": 2 } }}',
			}),
			items: [{ json: {} }, { json: {} }],
		});
		const tokens = output.map((item) => String(item.json.flowToken));
		for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
		expect(tokens[0]).not.toBe(tokens[1]);
		const sent = sentBodies().map(parametersOf);
		expect(sent.map((p) => p.flow_token)).toEqual(tokens);
		expect(sent[0]).toMatchObject({
			flow_name: 'feedback_survey',
			mode: 'draft',
			flow_action_payload: { screen: 'RATING', data: { order: '1001', items: 2 } },
		});
		expect(sent[0]).not.toHaveProperty('flow_id');
	});

	it('First Screen left empty: no screen is sent, and the platform opens the flow on its first screen', async () => {
		await customerWrites(bed);
		await bed.harness().execute({
			parameters: sendFlow({
				flowScreen: '',
				flowScreenDataInput: 'json',
				flowScreenDataJson: '{ "name": "Ada" }',
			}),
		});
		const [sent] = sentBodies().map(parametersOf);
		expect(sent.flow_action).toBe('navigate');
		expect(sent.flow_action_payload).toEqual({ data: { name: 'Ada' } });
		// Without a screen and without data there is no payload at all.
		await bed.harness().execute({
			parameters: sendFlow({ flowScreen: '', flowScreenDataInput: 'none' }),
		});
		expect(sentBodies().map(parametersOf)[1]).not.toHaveProperty('flow_action_payload');
	});

	it.each([
		[
			'a 31-character button text',
			{ flowButtonText: 'b'.repeat(31) },
			'Button Text has 31 characters; it may have at most 30',
		],
		['an empty button text', { flowButtonText: ' ' }, 'Button Text is empty'],
		[
			'an emoji in the button text',
			{ flowButtonText: 'Book 📅' },
			'Button Text "Book 📅" has an emoji',
		],
		['a first screen of only spaces', { flowScreen: '  ' }, 'First Screen is only spaces'],
		['no flow', { flow: rl('') }, 'Flow is empty'],
		['no flow name', { flow: rl(' ', 'name') }, 'Flow is empty: give the flow’s name'],
		['a mode of another kind', { flowMode: 'live' }, 'Mode "live" is not one of draft, published'],
		['a token of only spaces', { flowReference: '   ' }, 'Flow Token is only spaces'],
		[
			'a token of 257 characters',
			{ flowReference: 't'.repeat(257) },
			'Flow Token has 257 characters; it may have at most 256',
		],
		[
			'empty screen data fields',
			{ flowScreenDataInput: 'fields', flowScreenData: {} },
			'Screen Data Fields is empty',
		],
		[
			'a screen data name used twice',
			{
				flowScreenDataInput: 'fields',
				flowScreenData: {
					field: [
						{ name: 'a', value: '1' },
						{ name: 'a', value: '2' },
					],
				},
			},
			'Screen Data Fields › Field 2 › Name "a" is used twice',
		],
		[
			'screen data JSON that is an empty object',
			{ flowScreenDataInput: 'json', flowScreenDataJson: '{}' },
			'Screen Data (JSON) is an empty object',
		],
		[
			'screen data JSON that is a list',
			{ flowScreenDataInput: 'json', flowScreenDataJson: '[1]' },
			'Screen Data (JSON) must be an object',
		],
		[
			'screen data JSON that is not JSON',
			{ flowScreenDataInput: 'json', flowScreenDataJson: '{name:' },
			'Screen Data (JSON) is not valid JSON',
		],
		[
			'a body of 1025 characters',
			{ bodyText: 'b'.repeat(1025) },
			'Text has 1025 characters; it may have at most 1024',
		],
		['an empty body', { bodyText: '' }, 'Text is empty'],
		[
			'a header text of 61 characters',
			{ headerType: 'text', headerText: 'h'.repeat(61) },
			'Header Text has 61 characters; it may have at most 60',
		],
		['an image header', { headerType: 'image' }, 'Header "image" is not one of none, text'],
		[
			'a footer of 61 characters',
			{ footer: 'f'.repeat(61) },
			'Footer has 61 characters; it may have at most 60',
		],
	])('refuses %s before any request, naming the field', async (_case, extra, message) => {
		const error = await expectFailure(bed.harness().execute({ parameters: sendFlow(extra) }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});

	it('surfaces the platform’s refusal of a flow that cannot be sent (a draft in published mode)', async () => {
		await customerWrites(bed);
		const error = await expectFailure(
			bed.harness().execute({
				parameters: sendFlow({ flow: rl(flowId('feedback_survey')), flowScreen: 'RATING' }),
			}),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(`${error.message} ${String(error.description)}`).toContain('is DRAFT');
	});

	it('lists the sendable flows of the sender’s business account, with their status, valued by ID', async () => {
		const { results } = await bed.harness().listSearch('searchFlows', {
			resource: 'message',
			operation: 'sendFlow',
			phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		});
		expect(results).toEqual([
			{ name: 'book_appointment — PUBLISHED', value: flowId('book_appointment') },
			{ name: 'feedback_survey — DRAFT', value: flowId('feedback_survey') },
			{ name: 'support_request — THROTTLED', value: flowId('support_request') },
		]);
		const searched = await bed.harness().listSearch(
			'searchFlows',
			{
				resource: 'message',
				operation: 'sendFlow',
				phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
			},
			'BOOK',
		);
		expect(searched.results.map((r) => r.name)).toEqual(['book_appointment — PUBLISHED']);
		expect(bed.requests().map((r) => r.url.split('?')[0])).toContain(
			`/v3/${bed.sandbox.businessAccountId}/flows`,
		);
	});
});

describe('trigger: the customer’s answer to a Send Flow message', () => {
	it('comes as flow {name, token, response} with the token the node made, and replyTo the message', async () => {
		await customerWrites(bed);
		const [output] = await bed.harness().execute({ parameters: sendFlow() });
		const { messageId, flowToken } = output[0].json as { messageId: string; flowToken: string };
		const item = await triggerItemOf(bed, () =>
			customerSends(bed, {
				type: 'flow',
				reply_to: messageId,
				response: { date: '2026-12-01', time: '10:00', name: 'Ada' },
			}),
		);
		expect(item).toMatchObject({
			eventType: 'incomingMessage',
			from: CUSTOMER,
			replyTo: messageId,
			flow: {
				name: 'flow',
				token: flowToken,
				response: { date: '2026-12-01', time: '10:00', name: 'Ada', flow_token: flowToken },
			},
		});
	});
});
