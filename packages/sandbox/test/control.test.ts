import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { demoSeed } from '../src/demoSeed';
import { expectError, FAST_CONFIG, OTHER_API_KEY, useSandbox, type TestSandbox } from './helpers';
import {
	controlRaw,
	DEMO_NUMBER,
	expectSent,
	Receivers,
	recordedMessages,
	send,
	templateMessage,
} from './msgWebhookSupport';
import type {
	ClockView,
	FaultRule,
	Listed,
	LoggedRequest,
	Payment,
	Refund,
	RefundAnswer,
	SandboxConfig,
	SendAnswer,
	UserDetails,
} from './types';
import { addFaults } from './controlSupport';

const sandbox = useSandbox();
const receivers = new Receivers();
afterEach(async () => receivers.stopAll(sandbox.current));

describe('control API', () => {
	const refundAll = (s: TestSandbox) =>
		s.api<RefundAnswer>('POST', `/${DEMO_NUMBER}/payments_refund`, {
			body: { reference_id: 'order-1001', payment_config_id: 'acme-payments' },
		});

	it('reset restores the seed, the clock, the config and clears faults and logs', async () => {
		const s = sandbox.current;
		const template = await s.templateByName('spring_sale');
		await s.control('POST', `/templates/${template.id}/status`, { status: 'APPROVED' });
		expectSent(await send(s, templateMessage('hello_world')));
		assert.equal((await refundAll(s)).status, 200);
		await s.advance(2 * 86_400_000);
		await addFaults(s, [{ kind: 'latency', latencyMs: 1, path: 'nothing-matches' }]);
		assert.equal((await s.control<ClockView>('GET', '/clock')).body.offsetMs, 2 * 86_400_000);

		await s.control('POST', '/reset');
		assert.deepEqual(await recordedMessages(s), []);
		assert.deepEqual((await s.control<Listed<Refund>>('GET', '/refunds')).body.data, []);
		assert.deepEqual((await s.control<Listed<FaultRule>>('GET', '/faults')).body.data, []);
		assert.deepEqual((await s.control<Listed<LoggedRequest>>('GET', '/requests')).body.data, []);
		const clock = (await s.control<ClockView>('GET', '/clock')).body;
		assert.equal(clock.offsetMs, 0);
		assert.ok(Math.abs(clock.now - Date.now()) < 5_000);
		assert.equal((await s.templateByName('spring_sale')).status, 'PENDING');
		assert.equal((await s.control<SandboxConfig>('GET', '/config')).body.refundDelayMs, 60_000);
		assert.equal(
			(await s.control<SandboxConfig>('GET', '/config')).body.receiptDelaysMs.read,
			4_000,
			'back to the default config',
		);
		const payment = (await s.control<Listed<Payment>>('GET', '/payments')).body.data.find(
			(p) => p.reference_id === 'order-1001',
		);
		assert.equal(payment?.refunded, 0);
		assert.equal((await refundAll(s)).status, 200, 'the payment is refundable again');
	});

	it('reset with keepConfig keeps the config', async () => {
		const s = sandbox.current;
		await s.control('POST', '/reset', { keepConfig: true });
		assert.equal(
			(await s.control<SandboxConfig>('GET', '/config')).body.receiptDelaysMs.read,
			FAST_CONFIG.receiptDelaysMs.read,
		);
	});

	it('loads a custom seed with one tenant, replacing the keys (and reset keeps it)', async () => {
		const s = sandbox.current;
		const key = 'custom-tenant-key';
		const seed = {
			tenants: [
				{
					apiKey: key,
					label: 'custom',
					businessAccounts: [
						{
							id: '900000000000001',
							name: 'Custom Tea House',
							numbers: [{ phone_number_id: '900000000000002', wanumber: '+15550177777' }],
							templates: [
								{
									name: 'tea_ready',
									language: 'en_GB',
									category: 'UTILITY',
									status: 'APPROVED',
									components: [{ type: 'BODY', text: 'Your tea is ready' }],
								},
							],
						},
					],
					payments: [
						{
							reference_id: 'tea-1',
							payment_config_id: 'tea-pay',
							phone_number_id: '900000000000002',
							currency: 'GBP',
							amount: 450,
						},
					],
				},
			],
		};
		try {
			await s.control('POST', '/seed', seed);
			expectError(await s.api('GET', '/getuserdetails'), 401, 190, 'Invalid API key');
			expectError(await s.api('GET', '/getuserdetails', { key: OTHER_API_KEY }), 401, 190);
			const numbers = await s.api<UserDetails>('GET', '/getuserdetails', { key });
			assert.equal(numbers.status, 200);
			assert.deepEqual(numbers.body.data, [
				{
					chat_business_account_id: '900000000000001',
					wanumber: '+15550177777',
					phone_number_id: '900000000000002',
				},
			]);
			const sent = await s.api<SendAnswer>('POST', '/900000000000002/messages', {
				key,
				body: templateMessage('tea_ready', 'en_GB'),
			});
			expectSent(sent);
			const refunded = await s.api('POST', '/900000000000002/payments_refund', {
				key,
				body: {
					reference_id: 'tea-1',
					payment_config_id: 'tea-pay',
					amount: { currency: 'GBP', value: 150, offset: 100 },
				},
			});
			assert.equal(refunded.status, 200, refunded.text);
			// the seed keeps the config, and reset goes back to this seed
			assert.equal(
				(await s.control<SandboxConfig>('GET', '/config')).body.receiptDelaysMs.read,
				FAST_CONFIG.receiptDelaysMs.read,
			);
			await s.control('POST', '/reset');
			assert.deepEqual(await recordedMessages(s), []);
			assert.equal((await s.api('GET', '/getuserdetails', { key })).status, 200);
			expectError(await s.api('GET', '/getuserdetails'), 401, 190);
		} finally {
			await s.control('POST', '/reset', { seed: demoSeed() });
		}
		assert.equal((await s.api('GET', '/getuserdetails')).status, 200);
		expectError(await s.api('GET', '/getuserdetails', { key }), 401, 190);
	});

	it('refuses an invalid seed and keeps the data', async () => {
		const s = sandbox.current;
		expectSent(await send(s, templateMessage('hello_world')));
		expectError(await controlRaw(s, 'POST', '/seed', { accounts: [] }), 400, 100, 'tenants');
		const duplicate = {
			tenants: [
				{ apiKey: 'k1', businessAccounts: [] },
				{ apiKey: 'k1', businessAccounts: [] },
			],
		};
		expectError(await controlRaw(s, 'POST', '/seed', duplicate), 400, 100);
		assert.equal((await s.api('GET', '/getuserdetails')).status, 200);
		assert.equal((await recordedMessages(s)).length, 1);
	});

	it('advances the clock in units', async () => {
		const s = sandbox.current;
		const before = (await s.control<ClockView>('GET', '/clock')).body;
		assert.equal(before.offsetMs, 0);
		const moved = (await s.control<ClockView>('POST', '/clock/advance', { hours: 1, minutes: 30 }))
			.body;
		assert.equal(moved.offsetMs, 90 * 60_000);
		assert.ok(moved.now - before.now >= 90 * 60_000);
		assert.equal(new Date(moved.iso).getTime(), moved.now);
		const more = (
			await s.control<ClockView>('POST', '/clock/advance', { days: 1, seconds: 2, ms: 5 })
		).body;
		assert.equal(more.offsetMs, 90 * 60_000 + 86_400_000 + 2_005);
		expectError(await controlRaw(s, 'POST', '/clock/advance', { weeks: 1 }), 400, 100, 'weeks');
		expectError(await controlRaw(s, 'POST', '/clock/advance', { hours: -1 }), 400, 100, 'hours');
		expectError(
			await controlRaw(s, 'POST', '/clock/advance', { minutes: '5' }),
			400,
			100,
			'minutes',
		);
		assert.equal(
			(await s.control<ClockView>('GET', '/clock')).body.offsetMs,
			more.offsetMs,
			'refused advances move nothing',
		);
	});

	it('runs background work that falls due when the clock moves', async () => {
		const s = sandbox.current;
		const id = (await refundAll(s)).body.id;
		await s.control<ClockView>('POST', '/clock/advance', { minutes: 1 });
		assert.equal(
			(await s.control<Listed<Refund>>('GET', '/refunds')).body.data.find((r) => r.id === id)
				?.status,
			'completed',
		);
	});

	it('changes settings, merging objects', async () => {
		const s = sandbox.current;
		const config = (
			await s.control<SandboxConfig>('POST', '/config', {
				refundDelayMs: 1_234,
				receiptDelaysMs: { read: 9_000 },
				reviewOutcome: 'REJECTED',
			})
		).body;
		assert.equal(config.refundDelayMs, 1_234);
		assert.deepEqual(config.receiptDelaysMs, {
			sent: 1_000,
			delivered: 2_000,
			read: 9_000,
			played: 4_000,
		});
		assert.equal(config.reviewOutcome, 'REJECTED');
		assert.deepEqual((await s.control<SandboxConfig>('GET', '/config')).body, config);
	});

	it('refuses unknown settings and wrong values, changing nothing', async () => {
		const s = sandbox.current;
		const before = (await s.control<SandboxConfig>('GET', '/config')).body;
		const refused = async (body: unknown, field: string) => {
			const error = expectError(await controlRaw(s, 'POST', '/config', body), 400, 100, field);
			assert.equal(error.error_data?.field, field);
		};
		await refused({ noSuchSetting: 1 }, 'noSuchSetting');
		await refused({ toString: 1 }, 'toString');
		await refused({ refundDelayMs: -1 }, 'refundDelayMs');
		await refused({ refundDelayMs: '5' }, 'refundDelayMs');
		await refused({ receiptDelaysMs: 5 }, 'receiptDelaysMs');
		await refused({ reviewOutcome: 'MAYBE' }, 'reviewOutcome');
		await refused({ receiptDelaysMs: { sent: 'soon' } }, 'receiptDelaysMs.sent');
		await refused({ receiptDelaysMs: { sent: -5 } }, 'receiptDelaysMs.sent');
		await refused({ receiptDelaysMs: { seen: 5 } }, 'receiptDelaysMs.seen');
		await refused({ webhookRetryDelaysMs: 'fast' }, 'webhookRetryDelaysMs');
		await refused({ webhookRetryDelaysMs: [50, -1] }, 'webhookRetryDelaysMs');
		await refused({ rejectedReason: 5 }, 'rejectedReason');
		await refused({ webhookConcurrency: 2.5 }, 'webhookConcurrency');
		await refused({ webhookConcurrency: -1 }, 'webhookConcurrency');
		// a refused request changes nothing, even the settings listed before the bad one
		await refused({ refundDelayMs: 5, noSuchSetting: 1 }, 'noSuchSetting');
		assert.deepEqual((await s.control<SandboxConfig>('GET', '/config')).body, before);
		// and the sandbox still works with the settings it has
		const receiver = await receivers.start(s);
		expectSent(await send(s, templateMessage('hello_world')));
		await s.advance(1_000);
		await receiver.waitFor(1);
	});
});
