import { writeRepositoryFile, writingGeneratedDocs } from 'business-messaging-testing';
import { PACKAGE_README, documentText } from './guide';
import { listedOperations, operationsTable, readmeTable } from './operationsTable';
import { nodeOperations } from './recipe';

/**
 * The package README's Operations table is generated from the node (operationsTable.ts).
 * `npm run docs:operations` runs this file with BM_WRITE_DOCS=1, which writes it first.
 */
describe("the package README's Operations table", () => {
	const operations = nodeOperations();

	if (writingGeneratedDocs())
		it('is written from the node', () => {
			const readme = documentText(PACKAGE_README);
			const now = readmeTable(readme);
			if (!now) throw new Error(`${PACKAGE_README} has no generated table's markers`);
			writeRepositoryFile(PACKAGE_README, readme.replace(now, operationsTable(operations)));
		});

	it('is the one the node makes (npm run docs:operations writes it)', () => {
		expect(readmeTable()).toBe(operationsTable(operations));
	});

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
