import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SendLimits } from '../src/sendLimits';
import { expectError, useSandbox } from './helpers';
import { expectRefusedSend } from './messagesSupport';
import { expectSent, SECOND_NUMBER, send, templateMessage } from './msgWebhookSupport';

const sandbox = useSandbox();

describe('the pace of sends: throughput (130429) and pair rate (131056)', () => {
	it('refills a number’s throughput at its rate, up to one second of sends by default', () => {
		const settings = {
			sendRate: { perSecond: 10, burst: 0 },
			pairRate: { messages: 0, perSeconds: 6 },
		};
		const limits = new SendLimits(() => settings);
		for (let i = 0; i < 10; i++) limits.admit('n1', `1555000${i}`, 1000);
		assert.throws(() => limits.admit('n1', '15550100', 1000), { code: 130429 });
		// 100 ms at 10 a second is one more send, and no more.
		limits.admit('n1', '15550100', 1100);
		assert.throws(() => limits.admit('n1', '15550100', 1100), { code: 130429 });
		// Another number has its own throughput.
		limits.admit('n2', '15550100', 1100);
		// A long pause does not save up more than the bucket holds.
		for (let i = 0; i < 10; i++) limits.admit('n1', '15550100', 60_000);
		assert.throws(() => limits.admit('n1', '15550100', 60_000), { code: 130429 });
		settings.sendRate = { perSecond: 10, burst: 2 };
		limits.reset();
		limits.admit('n1', '15550100', 0);
		limits.admit('n1', '15550100', 0);
		assert.throws(() => limits.admit('n1', '15550100', 0), { code: 130429 });
	});

	it('counts a customer’s messages from one number in a sliding window', () => {
		const limits = new SendLimits(() => ({
			sendRate: { perSecond: 0, burst: 0 },
			pairRate: { messages: 2, perSeconds: 6 },
		}));
		limits.admit('n1', '15550100', 0);
		limits.admit('n1', '15550100', 1000);
		assert.throws(() => limits.admit('n1', '15550100', 5999), { code: 131056 });
		limits.admit('n1', '15550199', 5999);
		limits.admit('n2', '15550100', 5999);
		// The first message leaves the window after 6 s; the refused one was never counted.
		limits.admit('n1', '15550100', 6001);
		assert.throws(() => limits.admit('n1', '15550100', 6002), { code: 131056 });
	});

	it('refuses a send over the throughput with 130429 before processing it, per number', async () => {
		const s = sandbox.current;
		// 0.1 a second: after the burst of 3, no send passes for 10 s, so the test cannot race it.
		await s.control('POST', '/config', { sendRate: { perSecond: 0.1, burst: 3 } });
		for (let i = 0; i < 3; i++) expectSent(await send(s, templateMessage('hello_world')));
		const error = await expectRefusedSend(
			s,
			templateMessage('hello_world'),
			400,
			130429,
			'throughput',
		);
		assert.match(error.message, /0\.1 messages a second/);
		expectSent(await send(s, templateMessage('hello_world'), SECOND_NUMBER));
	});

	it('refuses a fourth message to one customer in the window with 131056; others still pass', async () => {
		const s = sandbox.current;
		await s.control('POST', '/config', { pairRate: { messages: 3, perSeconds: 600 } });
		for (let i = 0; i < 3; i++) expectSent(await send(s, templateMessage('hello_world')));
		await expectRefusedSend(s, templateMessage('hello_world'), 400, 131056, 'pair rate');
		const other = '14155550199';
		expectSent(await send(s, templateMessage('hello_world', 'en_US', undefined, other)), other);
		expectSent(await send(s, templateMessage('hello_world'), SECOND_NUMBER));
	});

	it('takes the settings from the control API and a reset forgets them and what was sent', async () => {
		const s = sandbox.current;
		const config = await s.control<{ sendRate: unknown; pairRate: unknown }>('POST', '/config', {
			sendRate: { perSecond: 80 },
		});
		assert.deepEqual(config.body.sendRate, { perSecond: 80, burst: 0 });
		assert.deepEqual(config.body.pairRate, { messages: 0, perSeconds: 6 });
		await s.control('POST', '/config', { sendRate: { perSecond: 0.1, burst: 1 } });
		expectSent(await send(s, templateMessage('hello_world')));
		expectError(await send(s, templateMessage('hello_world')), 400, 130429);
		await s.control('POST', '/reset', {});
		expectSent(await send(s, templateMessage('hello_world')));
		expectSent(await send(s, templateMessage('hello_world')));
	});
});
