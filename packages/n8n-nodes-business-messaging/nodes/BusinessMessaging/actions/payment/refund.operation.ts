import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { locatorValue, phoneNumberLocator } from '../../helpers/locators';
import { REFUND_CURRENCIES, toAmount } from '../../helpers/money';
import { retrySettings } from '../../helpers/requestOptions';
import { apiPath, apiRequest } from '../../transport';
import { showFor } from '../types';

const show = showFor('payment', 'refund');
const partial = { ...show, refundType: ['partial'] };

export const description: INodeProperties[] = [
	phoneNumberLocator(show),
	{
		displayName: 'Payment Reference ID',
		name: 'referenceId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. order-1001',
		description: 'The reference ID the payment was requested with',
		displayOptions: { show },
	},
	{
		displayName: 'Payment Configuration ID',
		name: 'paymentConfigId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. acme-payments',
		description:
			'The payment configuration the payment was made through, as set up in the dashboard',
		displayOptions: { show },
	},
	{
		displayName: 'Refund',
		name: 'refundType',
		type: 'options',
		default: 'full',
		displayOptions: { show },
		options: [
			{ name: 'Full Amount', value: 'full', description: 'Refund everything not refunded yet' },
			{
				name: 'Part of the Amount',
				value: 'partial',
				description: 'Refund the amount entered below',
			},
		],
	},
	{
		displayName: 'Amount',
		name: 'amount',
		type: 'number',
		default: 0,
		required: true,
		typeOptions: { minValue: 0 },
		placeholder: 'e.g. 19.99',
		description: 'The amount to refund, as a decimal in the currency below (19.99, not 1999)',
		displayOptions: { show: partial },
	},
	{
		displayName: 'Currency',
		name: 'currency',
		type: 'options',
		default: 'INR',
		description: 'The currency of the payment',
		displayOptions: { show: partial },
		options: REFUND_CURRENCIES.map((c) => ({ name: `${c.code} — ${c.name}`, value: c.code })),
	},
	{
		displayName: 'Speed',
		name: 'speed',
		type: 'options',
		default: 'normal',
		displayOptions: { show },
		options: [
			{
				name: 'Instant',
				value: 'instant',
				description: 'Ask for an instant refund where the gateway offers one',
			},
			{ name: 'Normal', value: 'normal', description: 'The gateway’s standard refund' },
		],
	},
];

/** POST /{phone_number_id}/payments_refund (spec 4.8). Starts "pending". Never repeated blindly. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const referenceId = String(this.getNodeParameter('referenceId', itemIndex, '')).trim();
	const paymentConfigId = String(this.getNodeParameter('paymentConfigId', itemIndex, '')).trim();
	if (!referenceId)
		throw new NodeOperationError(node, 'Payment Reference ID is required', { itemIndex });
	if (!paymentConfigId)
		throw new NodeOperationError(node, 'Payment Configuration ID is required', { itemIndex });
	const body: IDataObject = {
		reference_id: referenceId,
		payment_config_id: paymentConfigId,
		speed: this.getNodeParameter('speed', itemIndex, 'normal') as string,
	};
	if (this.getNodeParameter('refundType', itemIndex, 'full') === 'partial') {
		const currency = this.getNodeParameter('currency', itemIndex) as string;
		body.amount = {
			currency,
			...toAmount(node, this.getNodeParameter('amount', itemIndex), currency, itemIndex),
		};
	}
	const refund = await apiRequest.call(
		this,
		{
			method: 'POST',
			path: apiPath(node, phoneNumberId, 'payments_refund'),
			body,
			idempotent: false,
		},
		{ itemIndex, retry: retrySettings.call(this, itemIndex) },
	);
	return [
		{
			json: {
				...(refund as IDataObject),
				reference_id: referenceId,
				...(body.amount ? { amount: body.amount } : {}),
			},
		},
	];
}
