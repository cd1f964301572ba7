import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

/** The Period of an analytics operation: whole days in UTC, as the platform counts them. */
export const periodFields: INodeProperties[] = [
	{
		displayName: 'Period',
		name: 'period',
		type: 'options',
		default: 'last7Days',
		options: [
			{ name: 'Custom Range', value: 'custom' },
			{ name: 'Last 30 Days', value: 'last30Days', description: 'The 30 whole days before today' },
			{ name: 'Last 7 Days', value: 'last7Days', description: 'The 7 whole days before today' },
		],
		description: 'Days are counted in UTC, as the platform counts them',
	},
	{
		displayName: 'From',
		name: 'from',
		type: 'dateTime',
		default: '',
		required: true,
		displayOptions: { show: { period: ['custom'] } },
		description: 'The first day of the range (its start, in UTC)',
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'dateTime',
		default: '',
		required: true,
		displayOptions: { show: { period: ['custom'] } },
		description: 'The end of the range (not included)',
	},
];

const DAY_S = 24 * 60 * 60;
/** The longest range the platform answers analytics for (the Cloud API's 90 days). */
const MAX_DAYS = 90;

/** The item's period in whole Unix seconds; `now` decides what "today" is. */
export function periodValue(
	this: IExecuteFunctions,
	itemIndex: number,
	now = Date.now(),
): { start: number; end: number } {
	const node = this.getNode();
	const period = this.getNodeParameter('period', itemIndex, 'last7Days');
	const today = Math.floor(now / 1000 / DAY_S) * DAY_S;
	if (period === 'last7Days') return { start: today - 7 * DAY_S, end: today };
	if (period === 'last30Days') return { start: today - 30 * DAY_S, end: today };
	if (period !== 'custom')
		throw new NodeOperationError(
			node,
			`Period "${String(period)}" is not one of last7Days, last30Days, custom`,
			{ itemIndex },
		);
	const moment = (name: 'from' | 'to', label: string) => {
		const raw = this.getNodeParameter(name, itemIndex, '');
		const at = Date.parse(String(raw ?? ''));
		if (!raw || Number.isNaN(at))
			throw new NodeOperationError(node, `${label} is not a date (got "${String(raw)}")`, {
				itemIndex,
			});
		return Math.floor(at / 1000);
	};
	const start = moment('from', 'From');
	const end = moment('to', 'To');
	if (end <= start) throw new NodeOperationError(node, 'To must be after From', { itemIndex });
	if (end - start > MAX_DAYS * DAY_S)
		throw new NodeOperationError(
			node,
			`From and To are ${Math.ceil((end - start) / DAY_S)} days apart: the platform gives analytics for at most ${MAX_DAYS} days at once`,
			{ itemIndex, description: 'Choose a shorter range, or run the node once per range.' },
		);
	return { start, end };
}
