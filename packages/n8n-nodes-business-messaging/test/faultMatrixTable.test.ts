import { writeRepositoryFile, writingGeneratedDocs } from 'business-messaging-testing';
import { OPERATION_CASES } from './faultCases';
import { documentMatrix, faultMatrixTable } from './faultMatrixTable';
import { documentText } from './guide';
import { nodeOperations } from './recipe';

/**
 * RELIABILITY.md's fault matrix is generated from the fault cases (faultMatrixTable.ts).
 * `npm run docs:operations` runs this file with BM_WRITE_DOCS=1, which writes it first.
 */
describe("RELIABILITY.md's fault matrix", () => {
	const names = nodeOperations().map(({ name }) => name);
	const expected = faultMatrixTable(names, OPERATION_CASES);

	if (writingGeneratedDocs())
		it('is written from the cases', () => {
			const text = documentText('RELIABILITY.md');
			const now = documentMatrix(text);
			if (!now) throw new Error("RELIABILITY.md has no generated matrix's markers");
			writeRepositoryFile('RELIABILITY.md', text.replace(now, expected));
		});

	it('is the one the cases make (npm run docs:operations writes it)', () => {
		expect(documentMatrix(documentText('RELIABILITY.md'))).toBe(expected);
	});

	it('marks what is not repeated N, and a footnote where a case has one', () => {
		expect(expected).toContain('| Payment › Refund | R | N | N | N | N | N | N | N | 1 |');
		expect(expected).toContain('| Media › Delete | R | R | R | R | R¹ | R | R¹ | R | 1 |');
	});
});
