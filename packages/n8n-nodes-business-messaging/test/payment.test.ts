import { NodeOperationError } from 'n8n-workflow';
import { expectFailure, useTestBed } from './harness';

const bed = useTestBed();

const number = (value: string) => ({ __rl: true, mode: 'list', value });

function refundParameters(extra: Record<string, unknown> = {}) {
	return {
		resource: 'payment',
		operation: 'refund',
		phoneNumberId: number(bed.sandbox.phoneNumberIds[0]),
		referenceId: 'order-1002',
		paymentConfigId: 'acme-payments',
		...extra,
	};
}

const refunds = () => [...bed.sandbox.state.store.refunds.values()];

describe('Payment › Refund', () => {
	it('refunds the whole payment when Full Amount is chosen', async () => {
		const [output] = await bed.harness().execute({ parameters: refundParameters() });
		expect(output[0].json).toEqual({
			id: expect.any(String),
			status: 'pending',
			speed_processed: 'normal',
			referenceId: 'order-1002',
		});
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(JSON.parse(bed.requests()[0].body!)).toEqual({
			reference_id: 'order-1002',
			payment_config_id: 'acme-payments',
			speed: 'normal',
		});
		expect(refunds()).toMatchObject([
			{ reference_id: 'order-1002', amount: 1999, currency: 'EUR' },
		]);
	});

	it('converts a decimal amount exactly: 19.99 EUR is value 1999, offset 100', async () => {
		const [output] = await bed.harness().execute({
			parameters: refundParameters({
				refundType: 'partial',
				amount: 19.99,
				currency: 'EUR',
				speed: 'instant',
			}),
		});
		expect(output[0].json).toMatchObject({
			status: 'pending',
			speed_processed: 'instant',
			amount: { currency: 'EUR', value: 1999, offset: 100 },
		});
		expect(JSON.parse(bed.requests()[0].body!).amount).toEqual({
			currency: 'EUR',
			value: 1999,
			offset: 100,
		});
		expect(refunds()[0].amount).toBe(1999);
	});

	it.each([
		[0.1, 'EUR', 10, 100],
		[4.35, 'EUR', 435, 100],
		[1.005, 'KWD', 1005, 1000],
		[1000, 'JPY', 1000, 1],
		['12.50', 'EUR', 1250, 100],
	])('amount %p %s becomes value %p offset %p', async (amount, currency, value, offset) => {
		// A payment in that currency to refund against
		bed.sandbox.state.store.payments.set(`${bed.sandbox.phoneNumberIds[0]}:pay-${currency}`, {
			reference_id: `pay-${currency}`,
			payment_config_id: 'acme-payments',
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
			currency,
			amount: 10_000_000,
			refunded: 0,
		});
		await bed.harness().execute({
			parameters: refundParameters({
				referenceId: `pay-${currency}`,
				refundType: 'partial',
				amount,
				currency,
			}),
		});
		expect(JSON.parse(bed.requests()[0].body!).amount).toEqual({ currency, value, offset });
	});

	it.each([
		[19.999, 'EUR', 'Amount 19.999 has more decimal places than EUR allows (2)'],
		[1.5, 'JPY', 'Amount 1.5 has more decimal places than JPY allows (0)'],
		[0, 'EUR', 'Amount must be more than 0 EUR'],
		[-5, 'EUR', 'Amount must be a positive decimal number'],
		[1e-7, 'EUR', 'Amount must be a positive decimal number'],
		['12,50', 'EUR', 'Amount must be a positive decimal number'],
	])('refuses amount %p %s before sending anything', async (amount, currency, message) => {
		const error = await expectFailure(
			bed
				.harness()
				.execute({ parameters: refundParameters({ refundType: 'partial', amount, currency }) }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toHaveLength(0);
	});

	it('refuses an empty reference ID before sending anything', async () => {
		const error = await expectFailure(
			bed.harness().execute({ parameters: refundParameters({ referenceId: '  ' }) }),
		);
		expect(error.message).toBe('Payment Reference ID is required');
		expect(bed.requests()).toHaveLength(0);
	});

	it("surfaces the API's refusal of an over-refund with its code", async () => {
		await bed.harness().execute({ parameters: refundParameters() });
		const error = await expectFailure(bed.harness().execute({ parameters: refundParameters() }));
		expect(error.message).toContain('already fully refunded');
		expect(error.description).toContain('Error code 2494010');
		expect(error.httpCode).toBe('400');
	});

	it('answers an unknown payment as not found', async () => {
		const error = await expectFailure(
			bed.harness().execute({ parameters: refundParameters({ referenceId: 'order-9999' }) }),
		);
		expect(error.httpCode).toBe('404');
		expect(error.message).toContain('order-9999');
	});
});
