import type { IDataObject } from 'n8n-workflow';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';

/** An amount in minor units: value / 10^offset in the currency (2.9). */
export interface RefundAmount extends IDataObject {
	currency: string;
	value: number;
	offset: number;
}

/** A refund (2.9); without an amount, everything not refunded yet. */
export interface RefundRequest {
	referenceId: string;
	paymentConfigId: string;
	speed: string;
	amount?: RefundAmount;
}

/** The refund as the API answers it (2.9): it starts `pending`. */
export interface Refund extends IDataObject {
	id?: string;
	status?: string;
	speed_processed?: string;
}

/** POST /{phone_number_id}/payments_refund (4.8). Never repeated blindly. */
export async function refundPayment(
	this: Context,
	phoneNumberId: string,
	refund: RefundRequest,
	request: RequestContext = {},
): Promise<Refund> {
	return await requestJson<Refund>(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), { 'Phone number ID': phoneNumberId }, 'payments_refund'),
			body: {
				reference_id: refund.referenceId,
				payment_config_id: refund.paymentConfigId,
				speed: refund.speed,
				...(refund.amount ? { amount: refund.amount } : {}),
			},
			idempotent: false,
		},
		request,
	);
}
