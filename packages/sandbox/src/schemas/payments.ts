import { answers, closed, idParams, str } from './common';

export const refundSchema = {
	summary: 'Refund a payment, in whole or (with amount) in part (4.8)',
	params: idParams('The phone number ID that took the payment'),
	body: closed(
		{
			reference_id: str,
			payment_config_id: str,
			speed: { type: 'string', enum: ['normal', 'instant'] },
			amount: {
				description: 'value / offset in the currency; without it the rest is refunded',
				...closed(
					{
						currency: str,
						value: { type: 'integer', minimum: 1 },
						offset: { type: 'integer', enum: [1, 10, 100, 1000] },
					},
					['currency', 'value', 'offset'],
				),
			},
		},
		['reference_id', 'payment_config_id'],
	),
	response: answers(
		closed(
			{
				id: str,
				status: { type: 'string', const: 'pending' },
				speed_processed: { type: 'string', enum: ['normal', 'instant'] },
			},
			['id', 'status', 'speed_processed'],
		),
	),
};
