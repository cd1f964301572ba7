import { OTHER_API_KEY } from 'business-messaging-sandbox';
import { useTestBed } from './harness';

const bed = useTestBed();

describe('Account › List Numbers', () => {
	it('outputs one item per number of the key, paired with its input item', async () => {
		const [output] = await bed
			.harness()
			.execute({ parameters: { resource: 'account', operation: 'listNumbers' } });
		expect(output.map((item) => item.json)).toEqual([
			{
				chat_business_account_id: bed.sandbox.businessAccountId,
				wanumber: '+15550123401',
				phone_number_id: bed.sandbox.phoneNumberIds[0],
			},
			{
				chat_business_account_id: bed.sandbox.businessAccountId,
				wanumber: '+15550123402',
				phone_number_id: bed.sandbox.phoneNumberIds[1],
			},
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		const [request] = bed.requests();
		expect(request.method).toBe('GET');
		expect(request.url).toBe('/v3/getuserdetails');
		expect(request.headers.apikey).toBe('<key:demo>');
	});

	it('runs once per input item', async () => {
		const [output] = await bed.harness().execute({
			parameters: { resource: 'account', operation: 'listNumbers' },
			items: [{ json: {} }, { json: {} }],
		});
		expect(output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
	});

	it("shows another key only that key's numbers", async () => {
		const [output] = await bed
			.harness({ apiKey: OTHER_API_KEY })
			.execute({ parameters: { resource: 'account', operation: 'listNumbers' } });
		expect(output.map((item) => item.json.wanumber)).toEqual(['+15550199999']);
	});
});

describe('Account › Get Business Account', () => {
	const account = (value: string, mode = 'id') => ({ __rl: true, mode, value });

	it('returns every field when none is chosen', async () => {
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'account',
				operation: 'getBusinessAccount',
				businessAccountId: account(bed.sandbox.businessAccountId),
			},
		});
		expect(output).toHaveLength(1);
		expect(output[0].json).toEqual({
			id: bed.sandbox.businessAccountId,
			name: 'Acme Coffee Roasters',
			currency: 'USD',
			timezone_id: '1',
			message_template_namespace: expect.any(String),
		});
		expect(bed.requests()[0].url).toBe(`/v3/${bed.sandbox.businessAccountId}`);
	});

	it('sends the chosen fields comma-separated and returns only those', async () => {
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'account',
				operation: 'getBusinessAccount',
				businessAccountId: account(bed.sandbox.businessAccountId, 'list'),
				fields: ['name', 'currency'],
			},
		});
		expect(output[0].json).toEqual({
			id: bed.sandbox.businessAccountId,
			name: 'Acme Coffee Roasters',
			currency: 'USD',
		});
		expect(bed.requests()[0].url).toBe(
			`/v3/${bed.sandbox.businessAccountId}?fields=name%2Ccurrency`,
		);
	});
});

describe('resource locator lists', () => {
	it('lists the numbers of the key, searchable by number', async () => {
		const all = await bed.harness().listSearch('searchPhoneNumbers');
		expect(all.results).toEqual([
			{
				name: `+15550123401 (ID ${bed.sandbox.phoneNumberIds[0]})`,
				value: bed.sandbox.phoneNumberIds[0],
			},
			{
				name: `+15550123402 (ID ${bed.sandbox.phoneNumberIds[1]})`,
				value: bed.sandbox.phoneNumberIds[1],
			},
		]);
		const filtered = await bed.harness().listSearch('searchPhoneNumbers', {}, '+1 555 012 3402');
		expect(filtered.results.map((r) => r.value)).toEqual([bed.sandbox.phoneNumberIds[1]]);
	});

	it('lists the business accounts behind the numbers, with their names', async () => {
		const { results } = await bed.harness().listSearch('searchBusinessAccounts');
		expect(results).toEqual([
			{
				name: `Acme Coffee Roasters (ID ${bed.sandbox.businessAccountId})`,
				value: bed.sandbox.businessAccountId,
			},
		]);
		expect(
			(await bed.harness().listSearch('searchBusinessAccounts', {}, 'nothing like it')).results,
		).toEqual([]);
	});
});
