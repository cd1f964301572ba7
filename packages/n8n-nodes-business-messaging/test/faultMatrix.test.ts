import { NodeApiError } from 'n8n-workflow';
import { OPERATION_CASES, type OperationCase } from './faultCases';
import { useTestBed } from './harness';

/**
 * The fault matrix of RELIABILITY.md: every operation × every fault the sandbox injects, once
 * (the fault hits the operation's request a single time, then the API is healthy again).
 *
 * What each cell must come to:
 * - recovers: the node repeats the request and succeeds; what it changed, it changed once.
 * - not repeated: a request that may have acted (a send, refund, create, edit, batch, upload)
 *   is never sent twice; the error says it may have gone through / taken effect.
 * - one slow attempt: a slow body is waited for, not cut off and repeated.
 * For a file download, "malformed JSON" is a transfer cut off short of its Content-Length, and
 * a delete repeated after an unclear failure that finds nothing is done (the first did it).
 */
const bed = useTestBed();

type Expected = 'recovers' | 'not repeated' | 'one slow attempt';

interface Fault {
	rule: Record<string, unknown>;
	/** The sandbox acted on the request before the fault (the outcome was unknown to the node). */
	processed: boolean;
	expected: (operation: OperationCase) => Expected;
}

const unlessRepeatable = (operation: OperationCase): Expected =>
	operation.repeatable ? 'recovers' : 'not repeated';

export const FAULTS: Record<string, Fault> = {
	'429 with Retry-After': {
		rule: { kind: 'status', status: 429, retryAfter: 0 },
		processed: false,
		expected: () => 'recovers',
	},
	'500': { rule: { kind: 'status', status: 500 }, processed: false, expected: unlessRepeatable },
	'503': { rule: { kind: 'status', status: 503 }, processed: false, expected: unlessRepeatable },
	'connection reset': { rule: { kind: 'reset' }, processed: false, expected: unlessRepeatable },
	'reset after processing': {
		rule: { kind: 'reset', after: true },
		processed: true,
		expected: unlessRepeatable,
	},
	timeout: {
		rule: { kind: 'timeout', latencyMs: 3_000 },
		processed: false,
		expected: unlessRepeatable,
	},
	'malformed JSON': {
		rule: { kind: 'malformed_json' },
		processed: true,
		expected: unlessRepeatable,
	},
	'failure inside a 200 body': {
		rule: { kind: 'error_in_200' },
		processed: false,
		expected: unlessRepeatable,
	},
	'slow body': {
		rule: { kind: 'slow_body', bytesPerSecond: 2_048 },
		processed: true,
		expected: () => 'one slow attempt',
	},
};

/** Fast backoff, and a one-second timeout so the timeout column takes seconds, not minutes. */
const REQUEST_OPTIONS = { maxRetries: 2, baseDelayMs: 5, timeoutMs: 1_000 };

async function runOperation(operation: OperationCase) {
	const json = (await operation.setup?.(bed)) ?? {};
	const before = operation.effect?.(bed) ?? 0;
	bed.sandbox.state.log.clear();
	const harness = bed.harness();
	const run = harness.execute({
		parameters: { ...operation.parameters(bed), requestOptions: REQUEST_OPTIONS },
		items: operation.items?.() ?? [{ json }],
	});
	const result = await run.then(
		(output) => ({ output, error: undefined }),
		(error: Error & { description?: string }) => ({ output: undefined, error }),
	);
	const path = new RegExp(operation.target.path(bed));
	const targeted = bed
		.requests()
		.filter(
			(r) =>
				r.method === operation.target.method &&
				path.test(new URL(r.url, 'http://sandbox').pathname.replace(/^\/v3/, '')),
		);
	return { ...result, targeted: targeted.length, changed: (operation.effect?.(bed) ?? 0) - before };
}

describe.each(OPERATION_CASES.map((operation) => [operation.name, operation] as const))(
	'fault matrix: %s',
	(_name, operation) => {
		it('without a fault: succeeds with one request to the target, changing the sandbox once', async () => {
			const { output, error, targeted, changed } = await runOperation(operation);
			expect(error).toBeUndefined();
			expect(output?.[0].length).toBeGreaterThan(0);
			expect(targeted).toBe(1);
			expect(changed).toBe(operation.effect ? 1 : 0);
		});

		it.each(Object.entries(FAULTS))('%s', async (_fault, fault) => {
			bed.sandbox.state.faults.add({
				...fault.rule,
				method: operation.target.method,
				path: operation.target.path(bed),
				count: 1,
			});
			const { error, targeted, changed } = await runOperation(operation);
			const expected = fault.expected(operation);
			if (expected === 'not repeated') {
				expect(error).toBeInstanceOf(NodeApiError);
				expect(`${error?.message} ${error?.description}`).toMatch(
					/may have (gone through|taken effect)/,
				);
				expect(targeted).toBe(1);
				expect(changed).toBe(operation.effect && fault.processed ? 1 : 0);
			} else {
				expect(error).toBeUndefined();
				expect(targeted).toBe(expected === 'recovers' ? 2 : 1);
				expect(changed).toBe(operation.effect ? 1 : 0);
			}
		});

		it('a 503 that lasts: given up after the allowed attempts (repeatable) or after one, with a clear error', async () => {
			bed.sandbox.state.faults.add({
				kind: 'status',
				status: 503,
				method: operation.target.method,
				path: operation.target.path(bed),
			});
			const { error, targeted, changed } = await runOperation(operation);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error?.message).toBe(
				operation.repeatable
					? 'Service temporarily unavailable (after 3 attempts)'
					: 'Service temporarily unavailable',
			);
			expect(targeted).toBe(operation.repeatable ? 1 + REQUEST_OPTIONS.maxRetries : 1);
			expect(changed).toBe(0);
		});
	},
);
