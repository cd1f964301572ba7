import {
	NodeOperationError,
	WAIT_INDEFINITELY,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

/** How long an execution waits for an answer or an event, and what the limit is called. */

const UNIT_MS: Record<string, number> = {
	minutes: 60_000,
	hours: 3_600_000,
	days: 86_400_000,
};

export function waitLimitFields(what: string) {
	const fields: INodeProperties[] = [
		{
			displayName: 'Limit Wait Time',
			name: 'limitType',
			type: 'options',
			default: 'afterInterval',
			description: `How long to wait for ${what}. When the limit is reached the workflow goes on with answered: false.`,
			options: [
				{ name: 'After an Interval', value: 'afterInterval' },
				{ name: 'At a Date and Time', value: 'atDateTime' },
				{
					name: 'No Limit',
					value: 'none',
					description: 'Wait until it comes, however long that takes',
				},
			],
		},
		{
			displayName: 'Amount',
			name: 'limitAmount',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 1,
			displayOptions: { show: { limitType: ['afterInterval'] } },
			description: 'How many of the unit below to wait, e.g. 2 with Hours',
		},
		{
			displayName: 'Unit',
			name: 'limitUnit',
			type: 'options',
			default: 'days',
			displayOptions: { show: { limitType: ['afterInterval'] } },
			options: [
				{ name: 'Days', value: 'days' },
				{ name: 'Hours', value: 'hours' },
				{ name: 'Minutes', value: 'minutes' },
			],
		},
		{
			displayName: 'Until',
			name: 'limitDateTime',
			type: 'dateTime',
			default: '',
			required: true,
			displayOptions: { show: { limitType: ['atDateTime'] } },
			description: 'The date and time when the workflow stops waiting',
		},
	];
	return fields;
}

/** When the wait ends if nothing comes; checked, with an error that names the field. */
export function waitLimit(context: IExecuteFunctions, now = Date.now()): Date {
	const node = context.getNode();
	const type = context.getNodeParameter('limitType', 0, 'afterInterval') as string;
	if (type === 'none') return WAIT_INDEFINITELY;
	if (type === 'afterInterval') {
		const amount = Number(context.getNodeParameter('limitAmount', 0, 0));
		const unit = String(context.getNodeParameter('limitUnit', 0, 'days'));
		if (!(unit in UNIT_MS))
			throw new NodeOperationError(node, `Unit "${unit}" is not one of minutes, hours, days`);
		if (!Number.isFinite(amount) || amount <= 0)
			throw new NodeOperationError(
				node,
				`Limit Wait Time › Amount must be a number above 0 (got ${JSON.stringify(amount)})`,
			);
		return new Date(now + amount * UNIT_MS[unit]);
	}
	if (type === 'atDateTime') {
		const raw = context.getNodeParameter('limitDateTime', 0, '') as unknown;
		const until = new Date(String(raw ?? ''));
		if (raw === '' || Number.isNaN(until.getTime()))
			throw new NodeOperationError(
				node,
				`Limit Wait Time › Until is not a date and time (got ${JSON.stringify(raw)})`,
				{ description: 'Use an ISO date such as 2026-12-01T17:00:00Z, or pick one.' },
			);
		if (until.getTime() <= now)
			throw new NodeOperationError(
				node,
				`Limit Wait Time › Until (${until.toISOString()}) is already past`,
			);
		return until;
	}
	throw new NodeOperationError(
		node,
		`Limit Wait Time "${type}" is not one of afterInterval, atDateTime, none`,
	);
}
