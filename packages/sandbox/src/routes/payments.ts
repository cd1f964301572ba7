import { ErrorCode, invalid, notFound, refused } from '../errors';
import { jsonBody, param, type Endpoint, type SandboxPlugin } from '../http';
import type { Refund } from '../model';
import { currencyDigits } from '../rules/money';
import { oneOf, onlyKeys, requireInteger, requireObject, requireString } from '../validate';

export const REFUND_SPEEDS = ['normal', 'instant'] as const;
const OFFSETS = [1, 10, 100, 1000];

/**
 * Refund (4.8). Required: reference_id, payment_config_id. `speed` defaults to normal. `amount`
 * ({currency, value, offset}: value / offset in the currency) refunds part of the payment;
 * without it the whole remaining amount is refunded.
 */
export const paymentRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.post('/:id/payments_refund', async (request) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const body = jsonBody(request);
		onlyKeys(body, ['reference_id', 'payment_config_id', 'speed', 'amount'], '');
		const referenceId = requireString(body, 'reference_id', 'reference_id');
		const paymentConfigId = requireString(body, 'payment_config_id', 'payment_config_id');
		const speed = body.speed === undefined ? 'normal' : oneOf(body.speed, REFUND_SPEEDS, 'speed');
		const payment = sandbox.store.payments.get(`${number.phone_number_id}:${referenceId}`);
		if (!payment) throw notFound('Payment', referenceId);
		if (payment.payment_config_id !== paymentConfigId)
			throw invalid(
				'payment_config_id',
				`does not match the payment configuration of payment ${referenceId}`,
			);
		const remaining = payment.amount - payment.refunded;
		let amount = remaining;
		if (body.amount !== undefined) {
			const raw = requireObject(body.amount, 'amount');
			onlyKeys(raw, ['currency', 'value', 'offset'], 'amount');
			const currency = requireString(raw, 'currency', 'amount.currency');
			currencyDigits(currency, 'amount.currency');
			if (currency !== payment.currency)
				throw invalid(
					'amount.currency',
					`must be ${payment.currency}, the currency of payment ${referenceId}`,
				);
			const value = requireInteger(raw, 'value', 'amount.value', 1);
			const offset = requireInteger(raw, 'offset', 'amount.offset');
			if (!OFFSETS.includes(offset))
				throw invalid(
					'amount.offset',
					`must be one of ${OFFSETS.join(', ')} (the amount is value / offset)`,
				);
			const scaled = value * 10 ** currencyDigits(currency);
			if (scaled % offset !== 0)
				throw invalid(
					'amount.value',
					`${value}/${offset} ${currency} is finer than the currency's smallest unit`,
				);
			amount = scaled / offset;
		}
		if (remaining <= 0)
			throw refused(
				ErrorCode.refundRefused,
				`Payment ${referenceId} is already fully refunded`,
				'reference_id',
			);
		if (amount > remaining)
			throw refused(
				ErrorCode.refundRefused,
				`amount is more than the ${remaining} minor units of ${payment.currency} left to refund on payment ${referenceId}`,
				'amount.value',
			);
		payment.refunded += amount;
		const refund: Refund = {
			id: sandbox.store.newId('refund'),
			reference_id: referenceId,
			phoneNumberId: number.phone_number_id,
			currency: payment.currency,
			amount,
			speed,
			status: 'pending',
			createdAt: sandbox.now(),
		};
		sandbox.store.refunds.set(refund.id, refund);
		const store = sandbox.store;
		sandbox.scheduler.schedule(sandbox.config.refundDelayMs, () => {
			if (sandbox.store === store) refund.status = 'completed';
		});
		return { id: refund.id, status: refund.status, speed_processed: speed };
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{ spec: '4.8', route: '`POST /{phone_number_id}/payments_refund`' },
];
