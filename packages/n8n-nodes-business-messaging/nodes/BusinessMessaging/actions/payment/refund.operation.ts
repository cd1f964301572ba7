import { type INodeProperties } from 'n8n-workflow';
import { refundPayment, type RefundRequest } from '../../../common/api/payments';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { locatorValue, requiredText } from '../../../common/parameters';
import { idempotencyKeyOption } from '../../../common/idempotency/idempotencyKey';
import { REFUND_CURRENCIES, toAmount } from '../../../common/rules/money';
import type { ItemExecute } from '../types';

const partial = { refundType: ['partial'] };

const properties: INodeProperties[] = [
	phoneNumberLocator(),
	{
		displayName: 'Payment Reference ID',
		name: 'referenceId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. order-1001',
		description: 'The reference ID the payment was requested with',
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
	},
	{
		displayName: 'Refund',
		name: 'refundType',
		type: 'options',
		default: 'full',
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
		options: [
			{
				name: 'Instant',
				value: 'instant',
				description: 'Ask for an instant refund where the gateway offers one',
			},
			{ name: 'Normal', value: 'normal', description: 'The gateway’s standard refund' },
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [idempotencyKeyOption],
	},
];

export const description = updateDisplayOptions(forOperation('payment', 'refund'), properties);

/** A refund acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Options › Idempotency Key: a run again with the same key refunds nothing. */
export const idempotencyKey = true;

/** Refunds a payment (4.8): it starts "pending". Never repeated blindly. */
export const execute: ItemExecute = async function (item) {
	const node = this.getNode();
	const { itemIndex } = item;
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const referenceId = requiredText(
		node,
		'Payment Reference ID',
		this.getNodeParameter('referenceId', itemIndex, ''),
		itemIndex,
	);
	const paymentConfigId = requiredText(
		node,
		'Payment Configuration ID',
		this.getNodeParameter('paymentConfigId', itemIndex, ''),
		itemIndex,
	);
	const body: RefundRequest = {
		referenceId,
		paymentConfigId,
		speed: this.getNodeParameter('speed', itemIndex, 'normal') as string,
	};
	if (this.getNodeParameter('refundType', itemIndex, 'full') === 'partial') {
		const currency = this.getNodeParameter('currency', itemIndex) as string;
		body.amount = {
			currency,
			...toAmount(node, this.getNodeParameter('amount', itemIndex), currency, itemIndex),
		};
	}
	const refund = await refundPayment.call(this, phoneNumberId, body, item.request);
	return [
		{
			json: {
				...refund,
				referenceId,
				...(body.amount ? { amount: body.amount } : {}),
			},
		},
	];
};
