import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { resources } from '../nodes/BusinessMessaging/actions/resources';
import type { ItemOperation } from '../nodes/BusinessMessaging/actions/types';
import { OPERATION_CASES, OUTPUT_CONTRACT } from './faultCases';
import { PACKAGE_README, documentText } from './guide';
import { nodeOperations, recipeGaps } from './recipe';

/**
 * docs/ARCHITECTURE.md's "Adding an operation": every operation of the node has done every step
 * the recipe names outside its own files (recipe.ts). The gate is proven by what it is for: a
 * throwaway operation added to the node as step 2 adds it, with none of the other steps, must be
 * refused at each of them by name.
 */

/** The node's resources with Account › Throwaway added as the recipe's step 2 adds one. */
function withThrowaway(): typeof resources {
	const throwaway: ItemOperation = {
		description: [],
		sideEffects: true,
		execute: async () => [],
	};
	const account = resources.account;
	const description = account.description.map((property): INodeProperties => {
		if (property.name !== 'operation') return property;
		const options = property.options as INodePropertyOptions[];
		return {
			...property,
			options: [...options, { name: 'Throwaway', value: 'throwaway', action: 'Throw away' }],
		};
	});
	return {
		...resources,
		account: { operations: { ...account.operations, throwaway }, description },
	};
}

describe('adding an operation (docs/ARCHITECTURE.md)', () => {
	const operations = nodeOperations();

	it('finds every operation the router runs, each with its name in the Operation list', () => {
		expect(operations.length).toBeGreaterThan(20);
		// An operation missing from its resource's Operation list would be named by its value here.
		for (const { name } of operations) expect(name).toMatch(/^[A-Z][\w ]+ › [A-Z][\w ]+$/);
	});

	it('every operation has done every step', () => {
		expect(recipeGaps(operations)).toEqual([]);
	});

	it('a throwaway operation is refused at every step it skipped, by the step’s name', () => {
		const gaps = recipeGaps(nodeOperations(withThrowaway()));
		expect(gaps).toEqual([
			{ operation: 'Account › Throwaway', step: '1. a case in test/faultCases.ts' },
			{
				operation: 'Account › Throwaway',
				step: "4. a **Throwaway** paragraph in the user's guide",
			},
			{
				operation: 'Account › Throwaway',
				step: "4. the package README's Operations table generated (npm run docs:operations)",
			},
		]);
	});

	it('names a guide paragraph missing, a README table not generated again, and a repeatable send', () => {
		const listNumbers = operations.find(({ name }) => name === 'Account › List Numbers')!;
		expect(OPERATION_CASES.find((c) => c.name === listNumbers.name)?.repeatable).toBe(true);
		/** The documents with one changed (`path`), as they were before a step was done. */
		const planted =
			(path: string, change: (text: string) => string) =>
			(read: string): string =>
				read === path ? change(documentText(read)) : documentText(read);
		const listNumbersRow = /^\| Account › List Numbers \|.*\n/m;
		const misses = (step: string) => [{ operation: 'Account › List Numbers', step }];
		// Its paragraph gone from the guide.
		expect(
			recipeGaps(
				[listNumbers],
				planted('docs/guide/account.md', (t) => t.split('**List Numbers**').join('List Numbers')),
			),
		).toEqual(misses("4. a **List Numbers** paragraph in the user's guide"));
		// Each generated table as it was before List Numbers was added, not generated since.
		expect(
			recipeGaps(
				[listNumbers],
				planted(PACKAGE_README, (t) => t.replace(' · List Numbers ·', ' ·')),
			),
		).toEqual(
			misses("4. the package README's Operations table generated (npm run docs:operations)"),
		);
		expect(
			recipeGaps(
				[listNumbers],
				planted('RELIABILITY.md', (t) => t.replace(listNumbersRow, '')),
			),
		).toEqual(misses("4. RELIABILITY.md's fault matrix generated (npm run docs:operations)"));
		expect(
			recipeGaps(
				[listNumbers],
				planted('docs/guide/output-contract.md', (t) => t.replace(listNumbersRow, '')),
			),
		).toEqual(
			misses("4. docs/guide/output-contract.md's table generated (npm run docs:operations)"),
		);
		// Its case without its output contract.
		const contract = OUTPUT_CONTRACT['Account › List Numbers'];
		delete OUTPUT_CONTRACT['Account › List Numbers'];
		try {
			expect(recipeGaps([listNumbers])).toEqual(
				misses('1. its output in OUTPUT_CONTRACT (test/faultCases.ts)'),
			);
		} finally {
			OUTPUT_CONTRACT['Account › List Numbers'] = contract;
		}
		// Marked as acting on every run, while its case lets the fault matrix repeat it.
		const sending = { ...listNumbers, operation: { ...listNumbers.operation, sideEffects: true } };
		expect(recipeGaps([sending])).toEqual([
			{
				operation: 'Account › List Numbers',
				step: '1. sideEffects: true, but its case says repeatable',
			},
		]);
	});

	it('has no fault case for an operation the node lacks', () => {
		const names = new Set(operations.map(({ name }) => name));
		const cases = OPERATION_CASES.map((operationCase) => operationCase.name);
		expect(new Set(cases).size).toBe(cases.length);
		expect(cases.filter((name) => !names.has(name))).toEqual([]);
	});
});
