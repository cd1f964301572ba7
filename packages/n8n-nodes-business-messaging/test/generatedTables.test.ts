import { apiEndpoints } from 'business-messaging-sandbox';
import { writeRepositoryFile, writingGeneratedDocs } from 'business-messaging-testing';
import { OPERATION_CASES, OUTPUT_CONTRACT } from './faultCases';
import {
	SANDBOX_README,
	documentContract,
	documentEndpoints,
	documentMatrix,
	endpointTable,
	faultMatrixTable,
	outputContractTable,
} from './generatedTables';
import { GUIDE_DIR, PACKAGE_README, documentText } from './guide';
import { operationsTable, readmeTable } from './operationsTable';
import { nodeOperations } from './recipe';

/**
 * The generated tables: the package README's Operations table (operationsTable.ts, from the
 * node), RELIABILITY.md's fault matrix and the output contract's table (generatedTables.ts, from
 * the fault cases), and the sandbox README's endpoint table (from its route modules' `endpoints`,
 * as the sandbox's build serves them). `npm run docs:operations` builds the sandbox and runs this
 * file with BM_WRITE_DOCS=1, which writes them first.
 */
const operations = nodeOperations();
const names = operations.map(({ name }) => name);
const CONTRACT_PAGE = `${GUIDE_DIR}/output-contract.md`;
const tables = [
	{
		path: PACKAGE_README,
		now: (text: string) => readmeTable(text),
		expected: () => operationsTable(operations),
	},
	{
		path: 'RELIABILITY.md',
		now: documentMatrix,
		expected: () => faultMatrixTable(names, OPERATION_CASES),
	},
	{
		path: CONTRACT_PAGE,
		now: documentContract,
		expected: () => outputContractTable(names, OUTPUT_CONTRACT),
	},
	{
		path: SANDBOX_README,
		now: documentEndpoints,
		expected: () => apiEndpoints().then(endpointTable),
	},
];

describe.each(tables)('the generated table of $path', ({ path, now, expected }) => {
	if (writingGeneratedDocs())
		it('is written from the cases', async () => {
			const text = documentText(path);
			const part = now(text);
			if (!part) throw new Error(`${path} has no generated table's markers`);
			writeRepositoryFile(path, text.replace(part, await expected()));
		});

	it('is the one the cases make (npm run docs:operations writes it)', async () => {
		expect(now(documentText(path))).toBe(await expected());
	});
});

describe('what the generated tables say', () => {
	it('the fault matrix marks what is not repeated N, and a footnote where a case has one', () => {
		const matrix = faultMatrixTable(names, OPERATION_CASES);
		expect(matrix).toContain('| Payment › Refund | R | N | N | N | N | N | N | N | 1 |');
		expect(matrix).toContain('| Media › Delete | R | R | R | R | R¹ | R | R¹ | R | 1 |');
	});

	it('the output contract has a row for every case, and none for an operation the node lacks', () => {
		expect(Object.keys(OUTPUT_CONTRACT).sort()).toEqual(
			OPERATION_CASES.map(({ name }) => name).sort(),
		);
	});
});
