import {
	currentRate,
	forgetPaces,
	sendAccepted,
	sendRefused,
	takeSlot,
} from '../nodes/common/transport/pace';

/** The pace of a number's sends (pace.ts), driven with explicit times. */
const NUMBER = 'http://api.example.com/v3 106540352242922';

beforeEach(() => forgetPaces());

describe('the pace of a number’s sends', () => {
	it('leaves sends unpaced until the platform refuses one for throughput', async () => {
		for (let i = 0; i < 100; i++) await takeSlot(NUMBER, 1000);
		expect(currentRate(NUMBER)).toBeUndefined();
	});

	it('drops to 90% of what the platform accepted in the last second at a refusal', () => {
		// Sends accepted more than a second before the refusal do not count.
		sendAccepted(NUMBER, 8_000);
		for (let i = 0; i < 80; i++) sendAccepted(NUMBER, 10_000 + i * 5);
		sendRefused(NUMBER, undefined, 10_500);
		expect(currentRate(NUMBER)).toBeCloseTo(72);
	});

	it('counts refusals of sends in flight together as one; the next cut measures the limit', () => {
		for (let i = 0; i < 100; i++) sendAccepted(NUMBER, 20_000 + i * 5);
		sendRefused(NUMBER, undefined, 20_500);
		expect(currentRate(NUMBER)).toBeCloseTo(90);
		sendRefused(NUMBER, undefined, 20_600);
		sendRefused(NUMBER, undefined, 20_700);
		expect(currentRate(NUMBER)).toBeCloseTo(90);
		// Between two refusals the platform accepted what it refills: 60 in 1 s is its limit, and
		// the pace goes just under it, whatever burst the first second held.
		for (let i = 0; i < 60; i++) sendAccepted(NUMBER, 20_510 + i * 10);
		sendRefused(NUMBER, undefined, 21_500);
		expect(currentRate(NUMBER)).toBeCloseTo(57);
	});

	it('takes a refusal answered late, of a send that left before the cut, as that cut’s', () => {
		for (let i = 0; i < 100; i++) sendAccepted(NUMBER, 20_000 + i * 5);
		sendRefused(NUMBER, undefined, 20_500);
		expect(currentRate(NUMBER)).toBeCloseTo(90);
		// On a loaded machine a send in flight at the cut is answered 1.5 s later: nothing was
		// accepted since the cut, and measuring again would drop the pace to a crawl.
		sendRefused(NUMBER, undefined, 22_000, 20_400);
		expect(currentRate(NUMBER)).toBeCloseTo(90);
		// A send that left after the cut and is refused a second on is a new measure.
		for (let i = 0; i < 40; i++) sendAccepted(NUMBER, 20_800 + i * 25);
		sendRefused(NUMBER, undefined, 22_100, 22_050);
		expect(currentRate(NUMBER)).toBeCloseTo((0.95 * 40 * 1000) / 1600);
	});

	it('holds the next send back for the Retry-After the platform named', async () => {
		for (let i = 0; i < 10; i++) sendAccepted(NUMBER, 30_000 + i);
		sendRefused(NUMBER, 300, 30_100);
		expect(currentRate(NUMBER)).toBeCloseTo(9);
		// Asked for at the refusal, the slot is 300 ms later: the wait is real time.
		const started = performance.now();
		await takeSlot(NUMBER, 30_100);
		expect(performance.now() - started).toBeGreaterThanOrEqual(290);
	});

	it('speeds up by 2% a second while it holds sends back, and not while the sender is slower', async () => {
		for (let i = 0; i < 100; i++) sendAccepted(NUMBER, 40_000 + i);
		sendRefused(NUMBER, 600, 40_100);
		expect(currentRate(NUMBER)).toBeCloseTo(90);
		// Held back half a second after the cut: 2% a second, for half a second.
		await takeSlot(NUMBER, 40_600);
		expect(currentRate(NUMBER)).toBeCloseTo(90 * 1.02 ** 0.5);
		const rate = currentRate(NUMBER)!;
		// The sender comes back 10 s later, slower than the pace: no credit for the idle time.
		await takeSlot(NUMBER, 50_600);
		await takeSlot(NUMBER, 50_600 + 1000);
		expect(currentRate(NUMBER)).toBeCloseTo(rate);
	});

	it('pauses without pacing at a first refusal that follows (almost) no accepted send', async () => {
		sendAccepted(NUMBER, 70_000);
		sendRefused(NUMBER, undefined, 70_100);
		// Another sender may have spent the allowance: no rate is made up from one send.
		expect(currentRate(NUMBER)).toBeUndefined();
		const started = performance.now();
		await takeSlot(NUMBER, 70_100);
		expect(performance.now() - started).toBeGreaterThanOrEqual(240);
	});

	it('forgets a number’s pace after a minute without sends (its limit may have changed)', async () => {
		for (let i = 0; i < 10; i++) sendAccepted(NUMBER, 60_000 + i);
		sendRefused(NUMBER, undefined, 60_100);
		expect(currentRate(NUMBER)).toBeCloseTo(9);
		await takeSlot(NUMBER, 60_100 + 61_000);
		expect(currentRate(NUMBER)).toBeUndefined();
	});
});
