import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError, OTHER_API_KEY, useSandbox, type ApiResponse } from './helpers';
import type { RefundAnswer } from './types';
import {
	DEMO_NUMBER,
	OTHER_NUMBER,
	recordedRefunds,
	refund,
	SECOND_NUMBER,
} from './msgWebhookSupport';

const sandbox = useSandbox();

describe('payment refund (4.8, 2.9, 3.2)', () => {
	const base = (referenceId: string, extra: Record<string, unknown> = {}) => ({
		reference_id: referenceId,
		payment_config_id: 'acme-payments',
		speed: 'normal',
		...extra,
	});
	const eur = (value: number, offset = 100) => ({ currency: 'EUR', value, offset });
	const REFUND_REFUSED = 2494010;

	function expectPending(response: ApiResponse<RefundAnswer>, speed = 'normal'): string {
		assert.equal(response.status, 200, response.text);
		assert.deepEqual(Object.keys(response.body).sort(), ['id', 'speed_processed', 'status']);
		assert.equal(typeof response.body.id, 'string');
		assert.ok(response.body.id.length > 0);
		assert.equal(response.body.status, 'pending');
		assert.equal(response.body.speed_processed, speed);
		return response.body.id;
	}

	it('refunds a whole payment without amount, once', async () => {
		const s = sandbox.current;
		const id = expectPending(await refund(s, base('order-1001')));
		const refunds = await recordedRefunds(s);
		assert.equal(refunds.length, 1);
		assert.equal(refunds[0].id, id);
		assert.equal(refunds[0].amount, 4599);
		assert.equal(refunds[0].currency, 'USD');
		assert.equal(refunds[0].status, 'pending');
		expectError(await refund(s, base('order-1001')), 400, REFUND_REFUSED, 'already fully refunded');
		expectError(
			await refund(s, base('order-1001', { amount: { currency: 'USD', value: 1, offset: 100 } })),
			400,
			REFUND_REFUSED,
			'already fully refunded',
		);
		assert.equal((await recordedRefunds(s)).length, 1);
	});

	it('refunds part of a payment (EUR 999/100), then the rest, then refuses more', async () => {
		const s = sandbox.current;
		expectPending(await refund(s, base('order-1002', { amount: eur(999) })));
		// 10.01 EUR is more than the 10.00 left
		const over = expectError(
			await refund(s, base('order-1002', { amount: eur(1001) })),
			400,
			REFUND_REFUSED,
			'amount',
		);
		assert.equal(over.error_data?.field, 'amount.value');
		expectPending(await refund(s, base('order-1002', { amount: eur(1000) })));
		expectError(
			await refund(s, base('order-1002', { amount: eur(1) })),
			400,
			REFUND_REFUSED,
			'already fully refunded',
		);
		expectError(await refund(s, base('order-1002')), 400, REFUND_REFUSED, 'already fully refunded');
		const refunds = await recordedRefunds(s);
		assert.deepEqual(
			refunds.map((r) => r.amount),
			[999, 1000],
		);
	});

	it('refunds the rest without amount after a partial refund', async () => {
		const s = sandbox.current;
		expectPending(await refund(s, base('order-1002', { amount: eur(5) })));
		expectPending(await refund(s, base('order-1002')));
		assert.deepEqual(
			(await recordedRefunds(s)).map((r) => r.amount),
			[5, 1994],
		);
	});

	it('reads value / offset in the currency (offsets 1, 10, 1000)', async () => {
		const s = sandbox.current;
		expectPending(await refund(s, base('order-1002', { amount: eur(5, 1) }))); // 5.00 EUR
		expectPending(await refund(s, base('order-1002', { amount: eur(25, 10) }))); // 2.50 EUR
		expectPending(await refund(s, base('order-1002', { amount: eur(1250, 1000) }))); // 1.25 EUR
		assert.deepEqual(
			(await recordedRefunds(s)).map((r) => r.amount),
			[500, 250, 125],
		);
	});

	it('refuses more than the payment in one go', async () => {
		const s = sandbox.current;
		expectError(
			await refund(s, base('order-1002', { amount: eur(2000) })),
			400,
			REFUND_REFUSED,
			'amount',
		);
		expectError(
			await refund(s, base('order-1001', { amount: { currency: 'USD', value: 46, offset: 1 } })),
			400,
			REFUND_REFUSED,
		);
		assert.equal((await recordedRefunds(s)).length, 0);
		// nothing was taken off: the whole amount is still refundable
		expectPending(await refund(s, base('order-1002', { amount: eur(1999) })));
	});

	for (const [label, amount, field] of [
		['another currency', { currency: 'USD', value: 999, offset: 100 }, 'amount.currency'],
		['an unknown currency code', { currency: 'XYZ1', value: 999, offset: 100 }, 'amount.currency'],
		['an offset of 5', { currency: 'EUR', value: 999, offset: 5 }, 'amount.offset'],
		['an offset of 0', { currency: 'EUR', value: 999, offset: 0 }, 'amount.offset'],
		['a value of 0', { currency: 'EUR', value: 0, offset: 100 }, 'amount.value'],
		['a negative value', { currency: 'EUR', value: -5, offset: 100 }, 'amount.value'],
		['a fractional value', { currency: 'EUR', value: 9.5, offset: 100 }, 'amount.value'],
		['a value given as a string', { currency: 'EUR', value: '999', offset: 100 }, 'amount.value'],
		['a value finer than a cent', { currency: 'EUR', value: 9991, offset: 1000 }, 'amount.value'],
		['a missing currency', { value: 999, offset: 100 }, 'amount.currency'],
		['a missing offset', { currency: 'EUR', value: 999 }, 'amount.offset'],
		[
			'an unknown amount field',
			{ currency: 'EUR', value: 999, offset: 100, cents: 1 },
			'amount.cents',
		],
	] as const) {
		it(`refuses ${label}, naming ${field}`, async () => {
			const s = sandbox.current;
			const error = expectError(await refund(s, base('order-1002', { amount })), 400, 100, field);
			assert.equal(error.error_data?.field, field);
			assert.equal((await recordedRefunds(s)).length, 0);
		});
	}

	it('refuses an amount finer than the currency unit (JPY 1/100), and takes whole yen', async () => {
		const s = sandbox.current;
		const jpy = (value: number, offset: number) =>
			base('order-1003', { amount: { currency: 'JPY', value, offset } });
		const error = expectError(
			await refund(s, jpy(1, 100), SECOND_NUMBER),
			400,
			100,
			'amount.value',
		);
		assert.equal(error.error_data?.field, 'amount.value');
		expectPending(await refund(s, jpy(100, 100), SECOND_NUMBER)); // 1 yen
		expectPending(await refund(s, jpy(200, 1), SECOND_NUMBER)); // 200 yen
		expectError(await refund(s, jpy(3000, 1), SECOND_NUMBER), 400, REFUND_REFUSED, 'amount');
		expectPending(await refund(s, jpy(2999, 1), SECOND_NUMBER));
		assert.deepEqual(
			(await recordedRefunds(s)).map((r) => r.amount),
			[1, 200, 2999],
		);
	});

	it('answers an unknown reference as not found', async () => {
		const s = sandbox.current;
		expectError(await refund(s, base('order-9999')), 404, 803);
	});

	it('refuses a payment_config_id that is not the payment one', async () => {
		const s = sandbox.current;
		const error = expectError(
			await refund(s, { ...base('order-1001'), payment_config_id: 'someone-else' }),
			400,
			100,
			'payment_config_id',
		);
		assert.equal(error.error_data?.field, 'payment_config_id');
		assert.equal((await recordedRefunds(s)).length, 0);
	});

	it('refuses a request without reference_id or payment_config_id', async () => {
		const s = sandbox.current;
		const { reference_id: _r, ...noReference } = base('order-1001');
		const { payment_config_id: _p, ...noConfig } = base('order-1001');
		expectError(await refund(s, noReference), 400, 100, 'reference_id');
		expectError(await refund(s, noConfig), 400, 100, 'payment_config_id');
		expectError(
			await refund(s, { ...base('order-1001'), reference_id: '' }),
			400,
			100,
			'reference_id',
		);
		expectError(await refund(s, { ...base('order-1001'), extra: true }), 400, 100, 'extra');
		assert.equal((await recordedRefunds(s)).length, 0);
	});

	it('refuses a body sent as text/plain', async () => {
		const s = sandbox.current;
		const response = await s.api('POST', `/${DEMO_NUMBER}/payments_refund`, {
			raw: JSON.stringify(base('order-1001')),
			contentType: 'text/plain',
		});
		expectError(response, 400, 100, 'Content-Type');
	});

	it('echoes speed "instant", defaults to normal, and refuses an unknown speed', async () => {
		const s = sandbox.current;
		expectPending(await refund(s, base('order-1001', { speed: 'instant' })), 'instant');
		const { speed: _s, ...noSpeed } = base('order-1002');
		expectPending(await refund(s, noSpeed), 'normal');
		expectError(
			await refund(s, base('order-1003', { speed: 'warp' }), SECOND_NUMBER),
			400,
			100,
			'speed',
		);
		assert.equal((await recordedRefunds(s)).length, 2);
	});

	it("answers another number's payment as not found", async () => {
		const s = sandbox.current;
		// order-1003 belongs to the second number, order-1001 to the first
		expectError(await refund(s, base('order-1003'), DEMO_NUMBER), 404, 803);
		expectError(await refund(s, base('order-1001'), SECOND_NUMBER), 404, 803);
		// another key cannot reach the demo numbers nor their payments
		expectError(await refund(s, base('order-1001'), DEMO_NUMBER, OTHER_API_KEY), 404, 803);
		expectError(await refund(s, base('order-1001'), OTHER_NUMBER), 404, 803);
		assert.equal((await recordedRefunds(s)).length, 0);
		expectPending(await refund(s, base('order-1003'), SECOND_NUMBER));
	});

	it('completes a refund after refundDelayMs', async () => {
		const s = sandbox.current;
		const id = expectPending(await refund(s, base('order-1001')));
		await s.advance(30_000);
		assert.equal((await recordedRefunds(s)).find((r) => r.id === id)?.status, 'pending');
		await s.advance(30_000);
		assert.equal((await recordedRefunds(s)).find((r) => r.id === id)?.status, 'completed');
	});

	it('follows a changed refundDelayMs', async () => {
		const s = sandbox.current;
		await s.control('POST', '/config', { refundDelayMs: 5_000 });
		const id = expectPending(await refund(s, base('order-1002')));
		await s.advance(5_000);
		assert.equal((await recordedRefunds(s)).find((r) => r.id === id)?.status, 'completed');
	});
});
