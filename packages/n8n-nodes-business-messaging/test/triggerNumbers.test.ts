import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { CUSTOMER } from './conversationSupport';
import { useTestBed } from './harness';
import { captureDeliveries, isMessage } from './waitingSupport';

/**
 * The chosen numbers: one app, one webhook URL, several numbers; the workflow takes its own.
 * Version 1.1 asks Numbers › Chosen Numbers (filtered, or sent here); version 1 kept
 * Options › Only These Numbers, which saved workflows still have.
 */
const bed = useTestBed();

/** The sandbox's delivery of a customer's message to the number `phoneNumberId`. */
async function messageTo(phoneNumberId: string): Promise<IDataObject> {
	const next = captureDeliveries(bed);
	const response = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ phone_number_id: phoneNumberId, from: CUSTOMER, text: 'Hello' }),
	});
	expect(response.ok).toBe(true);
	return await next(isMessage);
}

const started = (run: { result: { workflowData?: unknown[][] } }) =>
	run.result.workflowData?.[0]?.length ?? 0;

/** Version 1.1's fields for `numbers` with Numbers › `routing`; none chosen is All. */
const chosenIn =
	(routing: string) =>
	(numbers: unknown): INodeParameters =>
		(Array.isArray(numbers) && numbers.length === 0
			? { numberRouting: 'all' }
			: { numberRouting: routing, phoneNumberIds: numbers }) as INodeParameters;

const VERSIONS = [
	{ typeVersion: 1.1, label: 'Chosen Numbers, Filtered Only', chosen: chosenIn('filter') },
	{ typeVersion: 1.1, label: 'Chosen Numbers, Sent Here', chosen: chosenIn('sendHere') },
	{
		typeVersion: 1,
		label: 'Options › Only These Numbers',
		chosen: (onlyNumbers: unknown): INodeParameters =>
			({ options: { onlyNumbers } }) as INodeParameters,
	},
];

describe.each(VERSIONS)('trigger v$typeVersion, $label', (version) => {
	const trigger = () =>
		bed.harness({ nodeType: new BusinessMessagingTrigger(), typeVersion: version.typeVersion });

	function deliver(body: IDataObject, numbers: unknown) {
		return trigger().webhook({
			parameters: {
				events: ['incomingMessage', 'messageStatus', 'templateStatus'],
				...version.chosen(numbers),
			},
			body,
		});
	}

	it('lists the numbers of the credential, valued by phone number ID', async () => {
		const options = await trigger().loadOptions('phoneNumbers');
		expect(options.map((o) => o.value)).toEqual(bed.sandbox.phoneNumberIds);
		expect(options[0].name).toMatch(/^\+?\d+ \(ID .+\)$/);
	});

	it('a message to a chosen number starts the workflow; to another number, nothing', async () => {
		const [mine, other] = bed.sandbox.phoneNumberIds;
		expect(other).toBeDefined();
		expect(started(await deliver(await messageTo(mine), [mine]))).toBe(1);
		const elsewhere = await deliver(await messageTo(other), [mine]);
		expect(started(elsewhere)).toBe(0);
		expect(elsewhere.response.statusCode).toBe(200);
	});

	it('IDs given by an expression as a comma-separated text count the same', async () => {
		const [mine, other] = bed.sandbox.phoneNumberIds;
		expect(started(await deliver(await messageTo(other), `${mine}, ${other}`))).toBe(1);
		expect(started(await deliver(await messageTo(other), ` ${mine} `))).toBe(0);
	});

	it('template events name no number: they pass whatever is chosen', async () => {
		const run = await deliver(
			{
				object: 'whatsapp_business_account',
				entry: [
					{
						id: 'waba-1',
						time: 1764000000,
						changes: [
							{
								field: 'message_template_status_update',
								value: { event: 'APPROVED', message_template_id: 7, message_template_name: 'x' },
							},
						],
					},
				],
			},
			[bed.sandbox.phoneNumberIds[0]],
		);
		expect(started(run)).toBe(1);
	});

	it('nothing chosen: every number, as before', async () => {
		const [, other] = bed.sandbox.phoneNumberIds;
		expect(started(await deliver(await messageTo(other), []))).toBe(1);
	});
});
