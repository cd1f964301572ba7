import { currentRate, forgetPaces } from '../nodes/common/transport/pace';
import { useTestBed } from './harness';

/**
 * A campaign against a number's throughput (the sandbox's sendRate, the Cloud API's 130429):
 * the sends slow down to the pace the platform accepts instead of failing when their retries
 * run out. Retries are off here: a send refused for throughput must not need one.
 */
const bed = useTestBed();
beforeEach(() => forgetPaces());

// Ten sends in flight against a bucket of four: the first ten arrive well within the second and
// a half the bucket needs to refill, so the platform refuses some however slow the machine is.
const SENDS = 24;
const helloWorldId = () =>
	[...bed.sandbox.state.store.templates.values()].find(
		(t) => t.name === 'hello_world' && t.language === 'en_US',
	)!.id;
/** hello_world to each phone, from the first number, with no retries. */
const sendTo = (phones: string[], requestOptions: Record<string, number> = {}) =>
	bed.harness().execute({
		items: phones.map((phone) => ({ json: { phone } })),
		parameters: {
			resource: 'message',
			operation: 'sendTemplate',
			phoneNumberId: { __rl: true, mode: 'id', value: bed.sandbox.phoneNumberIds[0] },
			recipient: '={{ $json.phone }}',
			template: { __rl: true, mode: 'list', value: helloWorldId() },
			requestOptions: { maxRetries: 0, ...requestOptions },
		},
	});

it('sends every item once at the number’s pace, refused sends going out again without a retry', async () => {
	bed.sandbox.state.config.sendRate = { perSecond: 4, burst: 0 };
	const [numberId] = bed.sandbox.phoneNumberIds;
	const recipients = Array.from(
		{ length: SENDS },
		(_, i) => `1415555${String(i).padStart(4, '1')}`,
	);
	const [output] = await sendTo(recipients, { concurrency: 10 });
	expect(output.map((item) => typeof item.json.messageId)).toEqual(recipients.map(() => 'string'));
	// At the sandbox: every recipient exactly once (0 lost, 0 duplicated).
	const sentTo = [...bed.sandbox.state.store.messages.values()].map((m) => m.to).sort();
	expect(sentTo).toEqual([...recipients].sort());
	// The platform did refuse for throughput (the test would prove nothing otherwise) and the
	// node learned a pace from it.
	const refusals = bed.requests().filter((r) => r.status === 400 && r.url.endsWith('/messages'));
	expect(refusals.length).toBeGreaterThan(0);
	const rate = currentRate(`${bed.sandbox.baseUrl} ${numberId}`);
	expect(rate).toBeGreaterThan(0);
});

it('leaves a pair-rate refusal (131056) to the retries: one customer’s limit does not slow the number', async () => {
	bed.sandbox.state.config.pairRate = { messages: 1, perSeconds: 600 };
	const [numberId] = bed.sandbox.phoneNumberIds;
	await sendTo(['14155550100']);
	await expect(sendTo(['14155550100'])).rejects.toThrow(/pair rate limit/);
	expect(currentRate(`${bed.sandbox.baseUrl} ${numberId}`)).toBeUndefined();
});
