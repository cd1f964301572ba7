import type { INodePropertyOptions } from 'n8n-workflow';
import { resourceProperties, resources } from '../nodes/BusinessMessaging/actions/resources';
import { OPERATION_CASES } from './faultCases';
import { PACKAGE_README, documentText, section } from './guide';

/**
 * docs/ARCHITECTURE.md's "Adding an operation", step 4: every operation of the node has a case in
 * `faultCases.ts`. The fault matrix, the dialect matrix and the output contract all run those
 * cases, so an operation without one would be checked by none of them; the guide's own test
 * (userGuide.test.ts) asks for its section, and the output contract for its row, once it has one.
 * Step 5: the package README's operations table, what npm shows, has a line for it.
 */
function nodeOperations(): string[] {
	const names: string[] = [];
	const resourceOptions = resourceProperties[0].options as INodePropertyOptions[];
	for (const [resource, { operations, description }] of Object.entries(resources)) {
		const resourceName = resourceOptions.find((option) => option.value === resource)?.name;
		const operationField = description.find((property) => property.name === 'operation');
		for (const operation of Object.keys(operations)) {
			const operationName = (operationField?.options as INodePropertyOptions[] | undefined)?.find(
				(option) => option.value === operation,
			)?.name;
			names.push(`${resourceName ?? resource} › ${operationName ?? operation}`);
		}
	}
	return names;
}

describe('adding an operation (docs/ARCHITECTURE.md)', () => {
	const operations = nodeOperations();

	it('finds every operation the router runs, each with its name in the Operation list', () => {
		expect(operations.length).toBeGreaterThan(20);
		// An operation missing from its resource's Operation list would be named by its value here.
		for (const name of operations) expect(name).toMatch(/^[A-Z][\w ]+ › [A-Z][\w ]+$/);
	});

	it('has a fault-matrix case (test/faultCases.ts) for every operation, and none for one it lacks', () => {
		const cases = OPERATION_CASES.map((operationCase) => operationCase.name);
		expect(new Set(cases).size).toBe(cases.length);
		expect({
			withoutCase: operations.filter((name) => !cases.includes(name)),
			caseOfNoOperation: cases.filter((name) => !operations.includes(name)),
		}).toEqual({ withoutCase: [], caseOfNoOperation: [] });
	});

	it("has a line in the package README's operations table for every operation", () => {
		const table = section(documentText(PACKAGE_README), 'Operations');
		let resource = '';
		const lines = new Set<string>();
		for (const row of table.split('\n').filter((line) => line.startsWith('| '))) {
			const [resourceCell, operationCell] = row
				.split('|')
				.slice(1, 3)
				.map((cell) => cell.trim());
			// A resource's first line names it (as a link to its page); the lines after it leave it empty.
			if (resourceCell) resource = resourceCell.replace(/^\[([^\]]+)\].*$/, '$1');
			for (const operation of operationCell.replace(/^\[([^\]]+)\].*$/, '$1').split(' / '))
				lines.add(`${resource} › ${operation}`);
		}
		expect(operations.filter((name) => !lines.has(name))).toEqual([]);
	});

	it("has a row in RELIABILITY.md's fault matrix for every operation", () => {
		const table = section(documentText('RELIABILITY.md'), 'Faults');
		const rows = new Set([...table.matchAll(/^\| ([^|]+ › [^|]+?) \|/gm)].map(([, name]) => name));
		expect(operations.filter((name) => !rows.has(name))).toEqual([]);
	});
});
