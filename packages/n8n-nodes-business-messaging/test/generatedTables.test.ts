import { writeRepositoryFile, writingGeneratedDocs } from 'business-messaging-testing';
import { OPERATION_CASES, OUTPUT_CONTRACT } from './faultCases';
import {
	documentContract,
	documentMatrix,
	faultMatrixTable,
	outputContractTable,
} from './generatedTables';
import { GUIDE_DIR, documentText } from './guide';
import { nodeOperations } from './recipe';

/**
 * The tables generated from the fault cases (generatedTables.ts): RELIABILITY.md's fault matrix
 * and the output contract's table. `npm run docs:operations` runs this file with BM_WRITE_DOCS=1,
 * which writes them first.
 */
const names = nodeOperations().map(({ name }) => name);
const CONTRACT_PAGE = `${GUIDE_DIR}/output-contract.md`;
const tables = [
	{
		path: 'RELIABILITY.md',
		now: documentMatrix,
		expected: faultMatrixTable(names, OPERATION_CASES),
	},
	{
		path: CONTRACT_PAGE,
		now: documentContract,
		expected: outputContractTable(names, OUTPUT_CONTRACT),
	},
];

describe.each(tables)('the generated table of $path', ({ path, now, expected }) => {
	if (writingGeneratedDocs())
		it('is written from the cases', () => {
			const text = documentText(path);
			const part = now(text);
			if (!part) throw new Error(`${path} has no generated table's markers`);
			writeRepositoryFile(path, text.replace(part, expected));
		});

	it('is the one the cases make (npm run docs:operations writes it)', () => {
		expect(now(documentText(path))).toBe(expected);
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
