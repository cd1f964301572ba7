import { expectFailure, useTestBed } from './harness';

const bed = useTestBed();

const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const items = (ids: string[]) => ids.map((id) => ({ json: { id } }));
const getAccount = (concurrency: number) => ({
	resource: 'account',
	operation: 'getBusinessAccount',
	businessAccountId: rl('={{ $json.id }}'),
	fields: ['name'],
	requestOptions: { concurrency, maxRetries: 0 },
});

describe('router', () => {
	it('with concurrency, keeps the output in input order, each item paired', async () => {
		// Slow answers for the first items, so later items finish first.
		bed.sandbox.state.faults.add({ kind: 'latency', latencyMs: 60, count: 2 });
		const good = bed.sandbox.businessAccountId;
		const [output] = await bed.harness().execute({
			continueOnFail: true,
			items: items([good, good, '404404', good, good, good]),
			parameters: getAccount(4),
		});
		expect(output.map((o) => o.pairedItem)).toEqual([0, 1, 2, 3, 4, 5].map((item) => ({ item })));
		expect(output.map((o) => (o.json.error ? 'error' : o.json.name))).toEqual([
			'Acme Coffee Roasters',
			'Acme Coffee Roasters',
			'error',
			'Acme Coffee Roasters',
			'Acme Coffee Roasters',
			'Acme Coffee Roasters',
		]);
		expect(bed.requests()).toHaveLength(6);
	});

	it('without Continue On Fail, starts no item after a failure', async () => {
		const good = bed.sandbox.businessAccountId;
		const error = await expectFailure(
			bed
				.harness()
				.execute({ items: items([good, '404404', good, good]), parameters: getAccount(1) }),
		);
		expect(error.message).toContain('"404404" does not exist');
		expect(bed.requests()).toHaveLength(2);
	});

	it('refuses an unknown operation with a clear error', async () => {
		const error = await expectFailure(
			bed.harness().execute({ parameters: { resource: 'account', operation: 'explode' } }),
		);
		expect(error.message).toBe('The operation "explode" of "account" is not supported');
	});
});
