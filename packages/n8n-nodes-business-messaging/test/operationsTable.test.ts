import { PACKAGE_README, documentText } from './guide';
import { listedOperations, operationsTable } from './operationsTable';
import { nodeOperations } from './recipe';

/**
 * The package README's Operations table is generated from the node (operationsTable.ts);
 * generatedTables.test.ts checks it is current and `npm run docs:operations` writes it.
 */
describe("the package README's Operations table", () => {
	const operations = nodeOperations();

	it('lists every operation of the node under its resource, and nothing else', () => {
		const listed = listedOperations(documentText(PACKAGE_README));
		expect([...listed].sort()).toEqual(operations.map(({ name }) => name).sort());
	});

	it('links an operation described on another page than its resource’s there', () => {
		expect(operationsTable(operations)).toMatch(
			/ · \[Send and Wait for Response\]\(https:[^)]+\/docs\/guide\/waiting\.md#[a-z-]+\)/,
		);
	});
});
