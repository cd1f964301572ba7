import type { IDataObject, IExecuteFunctions, INodeType } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { apiPath, requestAllPages } from '../nodes/common/transport';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';

const bed = useTestBed();

const account = () => ({ __rl: true, mode: 'id', value: bed.sandbox.businessAccountId });
const getAccount = (extra: Record<string, unknown> = {}) => ({
	resource: 'account',
	operation: 'getBusinessAccount',
	businessAccountId: account(),
	requestOptions: FAST_RETRIES,
	...extra,
});
const refund = (extra: Record<string, unknown> = {}) => ({
	resource: 'payment',
	operation: 'refund',
	phoneNumberId: { __rl: true, mode: 'id', value: bed.sandbox.phoneNumberIds[0] },
	referenceId: 'order-1001',
	paymentConfigId: 'acme-payments',
	requestOptions: FAST_RETRIES,
	...extra,
});
const addFault = (rule: Record<string, unknown>) => bed.sandbox.state.faults.add(rule);

/** A probe node that lists templates through requestAllPages, to test cursor paging. */
class PagingProbe implements INodeType {
	description = {
		displayName: 'Paging Probe',
		name: 'pagingProbe',
		group: ['transform'],
		version: 1,
		description: 'test',
		defaults: { name: 'Paging Probe' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'businessMessagingApi', required: true }],
		properties: [
			{ displayName: 'Limit', name: 'limit', type: 'number', default: 0 },
			{ displayName: 'Page Size', name: 'pageSize', type: 'number', default: 2 },
		],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions) {
		const limit = this.getNodeParameter('limit', 0) as number;
		const items = await requestAllPages<IDataObject>(
			this,
			{
				method: 'GET',
				path: apiPath(
					this.getNode(),
					{ 'Business account ID': bed.sandbox.businessAccountId },
					'message_templates',
				),
				qs: { fields: 'name' },
			},
			{ pageSize: this.getNodeParameter('pageSize', 0) as number, limit: limit || undefined },
		);
		return [items.map((json) => ({ json }))];
	}
}

describe('cursor paging', () => {
	const probe = () => bed.harness({ nodeType: new PagingProbe() });
	const seededTemplates = 14;

	it('follows paging.cursors.after to the end', async () => {
		const [output] = await probe().execute({ parameters: { pageSize: 2 } });
		expect(output).toHaveLength(seededTemplates);
		expect(new Set(output.map((i) => i.json.id)).size).toBe(seededTemplates);
		expect(bed.requests()).toHaveLength(Math.ceil(seededTemplates / 2));
	});

	it.each([
		[1, 2, 1],
		[2, 2, 1],
		[3, 2, 2],
		[5, 2, 3],
		[7, 3, 3],
	])(
		'stops exactly at limit %p with pages of %p (%p requests)',
		async (limit, pageSize, requests) => {
			const [output] = await probe().execute({ parameters: { limit, pageSize } });
			expect(output).toHaveLength(limit);
			const sent = bed.requests();
			expect(sent).toHaveLength(requests);
			// the last page asks only for what is still missing
			const lastLimit = Number(
				new URL(sent[sent.length - 1].url, 'http://x').searchParams.get('limit'),
			);
			expect(lastLimit).toBe(limit - pageSize * (requests - 1));
		},
	);
});

describe('path encoding', () => {
	it.each(['x?fields=name', '%2e%2e', 'id#frag', 'acct:7K q'])(
		'keeps the ID %p inside one path segment',
		async (id) => {
			const error = await expectFailure(
				bed.harness().execute({
					parameters: getAccount({ businessAccountId: { __rl: true, mode: 'id', value: id } }),
				}),
			);
			expect(error).toBeInstanceOf(NodeApiError);
			expect((error as unknown as NodeApiError).httpCode).toBe('404');
			const [request] = bed.requests();
			expect(request.url).toBe(`/v3/${encodeURIComponent(id)}`);
		},
	);

	// "/" is refused at the field (a pasted link); apiPath would still encode it (properties test).
	it.each(['..', '.', '   ', '../getuserdetails', 'a/b', 'undefined'])(
		'refuses the ID %p by its field, without sending anything',
		async (id) => {
			const error = await expectFailure(
				bed.harness().execute({
					parameters: getAccount({ businessAccountId: { __rl: true, mode: 'id', value: id } }),
				}),
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toMatch(/^Business Account (is empty|".*" is not an ID)/);
			expect(bed.requests()).toHaveLength(0);
		},
	);
});

describe('errors from the API', () => {
	it('maps a bad key to a NodeApiError with the API message, code and trace ID, never the key', async () => {
		const error = await expectFailure(
			bed.harness({ apiKey: 'not-a-key' }).execute({ parameters: getAccount() }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Invalid API key: check the key in the dashboard under API keys');
		expect(error.httpCode).toBe('401');
		expect(error.description).toMatch(
			/^Error code 190 \(subcode 2\)\. Check the API Key of the credential [^.]+\. Trace ID [\w-]+/,
		);
		expect(JSON.stringify(error)).not.toContain('not-a-key');
		expect(bed.requests()).toHaveLength(1);
	});

	it('maps not found to a 404 NodeApiError', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: getAccount({ businessAccountId: { __rl: true, mode: 'id', value: '999' } }),
			}),
		);
		expect(error.httpCode).toBe('404');
		expect(error.message).toContain('"999" does not exist');
	});

	it('refuses a base URL that does not end in /v3 before sending anything', async () => {
		const error = await expectFailure(
			bed
				.harness({ baseUrl: bed.sandbox.baseUrl.replace(/\/v3$/, '') })
				.execute({ parameters: getAccount() }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('must be the API address ending in /v3');
		expect(bed.requests()).toHaveLength(0);
	});

	it('accepts a base URL with a trailing slash', async () => {
		const [output] = await bed
			.harness({ baseUrl: `${bed.sandbox.baseUrl}/` })
			.execute({ parameters: getAccount() });
		expect(output[0].json.name).toBe('Acme Coffee Roasters');
	});
});

describe('retries', () => {
	it('retries a 429 after Retry-After and succeeds', async () => {
		addFault({ kind: 'status', status: 429, retryAfter: 0, count: 1 });
		const [output] = await bed.harness().execute({ parameters: getAccount() });
		expect(output[0].json.name).toBe('Acme Coffee Roasters');
		expect(bed.requests().map((r) => r.status)).toEqual([429, 200]);
	});

	it('retries a 429 even on a refund, since it was not processed', async () => {
		addFault({ kind: 'status', status: 429, retryAfter: 0, count: 1, method: 'POST' });
		const [output] = await bed.harness().execute({ parameters: refund() });
		expect(output[0].json.status).toBe('pending');
		expect(bed.requests().map((r) => r.status)).toEqual([429, 200]);
		expect(bed.sandbox.state.store.refunds.size).toBe(1);
	});

	it('fails at once when Retry-After is longer than the allowed wait', async () => {
		addFault({ kind: 'status', status: 429, retryAfter: 3600 });
		const error = await expectFailure(bed.harness().execute({ parameters: getAccount() }));
		expect(error.httpCode).toBe('429');
		expect(error.description).toContain('rate limiting');
		expect(bed.requests()).toHaveLength(1);
	});

	it('retries a 500 on a read with backoff, then reports it with the attempts', async () => {
		addFault({ kind: 'status', status: 500 });
		const error = await expectFailure(bed.harness().execute({ parameters: getAccount() }));
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Service temporarily unavailable (after 3 attempts)');
		expect(error.httpCode).toBe('500');
		expect(bed.requests()).toHaveLength(3);
	});

	it('recovers from a 503 on a read', async () => {
		addFault({ kind: 'status', status: 503, count: 2 });
		const [output] = await bed.harness().execute({ parameters: getAccount() });
		expect(output[0].json.id).toBe(bed.sandbox.businessAccountId);
		expect(bed.requests()).toHaveLength(3);
	});

	it('never repeats a refund after a 500, and says it may have taken effect', async () => {
		addFault({ kind: 'status', status: 500, method: 'POST' });
		const error = await expectFailure(bed.harness().execute({ parameters: refund() }));
		expect(error.httpCode).toBe('500');
		expect(error.description).toContain('may have taken effect');
		expect(bed.requests()).toHaveLength(1);
	});

	it('treats a failure inside a 200 body as an error, retried on reads', async () => {
		addFault({ kind: 'error_in_200' });
		const error = await expectFailure(bed.harness().execute({ parameters: getAccount() }));
		expect(error.message).toBe('Temporary failure, please retry (after 3 attempts)');
		expect(bed.requests()).toHaveLength(3);
	});

	it('recovers from a failure inside a 200 body', async () => {
		addFault({ kind: 'error_in_200', count: 1 });
		const [output] = await bed.harness().execute({
			parameters: { resource: 'account', operation: 'listNumbers', requestOptions: FAST_RETRIES },
		});
		expect(output).toHaveLength(2);
	});

	it('treats a malformed JSON body as an error, retried on reads', async () => {
		addFault({ kind: 'malformed_json', count: 1 });
		const [output] = await bed.harness().execute({ parameters: getAccount() });
		expect(output[0].json.name).toBe('Acme Coffee Roasters');
		expect(bed.requests()).toHaveLength(2);
	});

	it('retries a connection reset on a read', async () => {
		addFault({ kind: 'reset', count: 1 });
		const [output] = await bed.harness().execute({ parameters: getAccount() });
		expect(output[0].json.name).toBe('Acme Coffee Roasters');
		expect(bed.requests()).toHaveLength(2);
	});

	it('does not repeat a refund whose connection broke after it was processed: it may have gone through', async () => {
		addFault({ kind: 'reset', after: true, method: 'POST' });
		const error = await expectFailure(bed.harness().execute({ parameters: refund() }));
		expect(error.message).toContain('it may have gone through');
		expect(bed.requests()).toHaveLength(1);
		expect(bed.sandbox.state.store.refunds.size).toBe(1);
	});

	it('gives up on a request that times out, after the configured attempts', async () => {
		addFault({ kind: 'timeout', latencyMs: 5_000 });
		const error = await expectFailure(
			bed.harness().execute({
				parameters: getAccount({
					requestOptions: { maxRetries: 1, baseDelayMs: 5, timeoutMs: 1000 },
				}),
			}),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('after 2 attempts');
		expect(bed.requests()).toHaveLength(2);
	});

	it('does not retry when Max Retries is 0', async () => {
		addFault({ kind: 'status', status: 503 });
		await expectFailure(
			bed.harness().execute({ parameters: getAccount({ requestOptions: { maxRetries: 0 } }) }),
		);
		expect(bed.requests()).toHaveLength(1);
	});
});

describe('continue on fail', () => {
	it('keeps the good items and turns the bad one into a paired error item', async () => {
		const [output] = await bed.harness().execute({
			continueOnFail: true,
			items: [
				{ json: { id: bed.sandbox.businessAccountId } },
				{ json: { id: '424242' } },
				{ json: { id: bed.sandbox.businessAccountId } },
			],
			parameters: getAccount({
				businessAccountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				fields: ['name'],
			}),
		});
		expect(output).toHaveLength(3);
		expect(output[0].json).toEqual({
			id: bed.sandbox.businessAccountId,
			name: 'Acme Coffee Roasters',
		});
		expect(output[1].json.error).toContain('"424242" does not exist');
		expect(output[1].json.httpCode).toBe('404');
		expect(output[2].json.name).toBe('Acme Coffee Roasters');
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('without it, stops at the bad item and names it', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				items: [{ json: { id: bed.sandbox.businessAccountId } }, { json: { id: '424242' } }],
				parameters: getAccount({
					businessAccountId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				}),
			}),
		);
		expect((error as unknown as NodeApiError).context.itemIndex).toBe(1);
	});
});

describe('the API key', () => {
	it('travels only in the apikey header, and appears in no output, error or request', async () => {
		const key = bed.sandbox.apiKey;
		const outputs: unknown[] = [];
		outputs.push(
			await bed
				.harness()
				.execute({ parameters: { resource: 'account', operation: 'listNumbers' } }),
		);
		outputs.push(await bed.harness().execute({ parameters: getAccount() }));
		outputs.push(await bed.harness().execute({ parameters: refund() }));
		addFault({ kind: 'status', status: 500 });
		outputs.push(await expectFailure(bed.harness().execute({ parameters: getAccount() })));
		outputs.push(await bed.harness().execute({ continueOnFail: true, parameters: getAccount() }));
		for (const output of outputs) expect(JSON.stringify(output)).not.toContain(key);
		const requests = bed.requests();
		expect(requests.length).toBeGreaterThan(5);
		for (const request of requests) {
			expect(request.headers.apikey).toBe('<key:demo>');
			expect(request.url).not.toContain(key);
			expect(request.body ?? '').not.toContain(key);
		}
	});
});
