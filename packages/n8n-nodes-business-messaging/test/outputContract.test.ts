import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { OPERATION_CASES, OUTPUT_CONTRACT, type OperationCase } from './faultCases';
import { nodeOperations } from './recipe';
import { expectFailure, useTestBed } from './harness';

/**
 * The user's guide's "Output contract" page is the public surface: every operation's real output
 * (against the sandbox) must match its row (written in faultCases.ts › OUTPUT_CONTRACT, from which
 * the page's table is generated), and the rules the page states must hold.
 */
const bed = useTestBed();

interface ContractRow {
	apiObject: boolean;
	/** Fields the node adds; `optional` ones may be missing. */
	added: Array<{ name: string; optional: boolean }>;
}

/** The contract of each operation, as faultCases.ts › OUTPUT_CONTRACT states it. */
function contractRows(): Map<string, ContractRow> {
	const rows = new Map<string, ContractRow>();
	for (const [name, { api, adds }] of Object.entries(OUTPUT_CONTRACT)) {
		const added = [...adds.matchAll(/`([^`]+)`/g)].map(([, field]) => ({
			name: field.replace(/\?$/, ''),
			optional: field.endsWith('?'),
		}));
		rows.set(name, { apiObject: api !== '—', added });
	}
	return rows;
}

async function run(operation: OperationCase, settings?: { retryOnFail: boolean }) {
	const json = (await operation.setup?.(bed)) ?? {};
	bed.sandbox.state.log.clear();
	return await bed.harness().execute({
		parameters: operation.parameters(bed) as INodeParameters,
		items: operation.items?.() ?? [{ json }],
		settings,
	});
}

/** The node's own names: camelCase, as n8n's nodes name what they add. */
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

describe('output contract', () => {
	const rows = contractRows();

	// A row for every operation is a step of the recipe (recipe.ts); a row of none is a leftover.
	it('has no row of an operation the node lacks', () => {
		const cases = OPERATION_CASES.map((o) => o.name);
		expect([...rows.keys()].filter((name) => !cases.includes(name))).toEqual([]);
	});

	it('names every field the node adds in camelCase', () => {
		for (const [name, row] of rows)
			for (const field of row.added)
				expect(`${name}: ${field.name}`).toMatch(/: [a-z][a-zA-Z0-9]*$/);
	});

	it.each(OPERATION_CASES.map((operation) => [operation.name, operation] as const))(
		'%s outputs what its row says',
		async (name, operation) => {
			const row = rows.get(name);
			if (!row) throw new Error(`faultCases.ts › OUTPUT_CONTRACT has no row for ${name}`);
			const [output] = await run(operation);
			expect(output.length).toBeGreaterThan(0);
			for (const item of output as INodeExecutionData[]) {
				const keys = Object.keys(item.json as IDataObject);
				const added = row.added.map((f) => f.name);
				// What the node did not add is the API's object, passed on as it is.
				const fromApi = keys.filter((key) => !added.includes(key));
				if (!row.apiObject) expect(fromApi).toEqual([]);
				// The API names its fields in snake_case: a camelCase field there is one the node
				// added without the contract saying so.
				for (const key of fromApi) expect(key).toMatch(/^[a-z0-9_]+$/);
				for (const field of row.added.filter((f) => !f.optional))
					expect(keys).toContain(field.name);
				for (const key of keys.filter((k) => added.includes(k))) expect(key).toMatch(CAMEL_CASE);
			}
		},
	);
});

/** Operations that act each time they run (`sideEffects`): n8n's Retry On Fail would make them act twice. */
const ACTS_EVERY_RUN = nodeOperations()
	.filter(({ operation }) => operation.sideEffects)
	.map(({ name }) => name);

describe("n8n's Retry On Fail", () => {
	it('is refused by the sends, refunds, creates and updates', () => {
		// What the flag is for, by name: a send that lost it would be retried twice over.
		expect(ACTS_EVERY_RUN).toEqual(
			expect.arrayContaining(['Message › Send Text', 'Payment › Refund', 'Template › Create']),
		);
	});

	it.each(OPERATION_CASES.filter((o) => ACTS_EVERY_RUN.includes(o.name)).map((o) => [o.name, o]))(
		'%s refuses to run with it, sending nothing',
		async (_name, operation) => {
			const error = await expectFailure(run(operation as OperationCase, { retryOnFail: true }));
			expect(error.message).toContain('Retry On Fail');
			expect(error.description).toContain('Request Options › Max Retries');
			expect(bed.requests()).toEqual([]);
		},
	);

	it.each(OPERATION_CASES.filter((o) => !ACTS_EVERY_RUN.includes(o.name)).map((o) => [o.name, o]))(
		'%s runs with it as usual',
		async (_name, operation) => {
			const [output] = await run(operation as OperationCase, { retryOnFail: true });
			expect(output.length).toBeGreaterThan(0);
		},
	);
});
