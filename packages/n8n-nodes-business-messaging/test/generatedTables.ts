import type { Endpoint } from 'business-messaging-sandbox';
import type { OperationCase } from './faultCases';

/**
 * The tables generated from the fault cases (faultCases.ts) by `npm run docs:operations`.
 *
 * RELIABILITY.md's fault matrix, generated (`npm run docs:operations`): a row per operation, its
 * cells from its case's `repeatable` (faultCases.ts), the rule faultMatrix.test.ts holds the node
 * to: a repeatable request is retried after every fault (R); any other only after a 429, else a
 * clear error that it may have gone through (N); a slow body is one slow attempt (1).
 */

export const FAULT_COLUMNS = [
	'429 + Retry-After',
	'500',
	'503',
	'reset',
	'reset after processing',
	'timeout',
	'malformed JSON',
	'failure in a 200 body',
	'slow body',
] as const;
export type FaultColumn = (typeof FAULT_COLUMNS)[number];

export const MATRIX_START =
	'<!-- Generated from test/faultCases.ts by `npm run docs:operations`: edit the cases, not this table. -->';
export const MATRIX_END = '<!-- End of the generated fault matrix. -->';

const SUPERSCRIPTS = { 1: '¹', 2: '²', 3: '³' } as const;

/** One operation's cells, its footnotes marked. */
function cells(operationCase: OperationCase): string[] {
	return FAULT_COLUMNS.map((column) => {
		const cell =
			column === 'slow body'
				? '1'
				: operationCase.repeatable || column === '429 + Retry-After'
					? 'R'
					: 'N';
		const note = operationCase.footnotes?.[column];
		return note ? `${cell}${SUPERSCRIPTS[note]}` : cell;
	});
}

/** The table, between its markers, in the order of the node's operations (`names`). */
export function faultMatrixTable(names: string[], cases: OperationCase[]): string {
	const byName = new Map(cases.map((c) => [c.name, c]));
	const rows = names.flatMap((name) => {
		const operationCase = byName.get(name);
		return operationCase ? [`| ${name} | ${cells(operationCase).join(' | ')} |`] : [];
	});
	return [
		MATRIX_START,
		'',
		`| operation | ${FAULT_COLUMNS.join(' | ')} |`,
		`|${'---|'.repeat(FAULT_COLUMNS.length + 1)}`,
		...rows,
		'',
		MATRIX_END,
	].join('\n');
}

/** RELIABILITY.md's generated matrix as it is now, markers included; undefined without them. */
export function documentMatrix(text: string): string | undefined {
	return generatedPart(text, MATRIX_START, MATRIX_END);
}

export const CONTRACT_START =
	'<!-- Generated from test/faultCases.ts by `npm run docs:operations`: edit the cases, not this table. -->';
export const CONTRACT_END = '<!-- End of the generated output contract. -->';

/** docs/guide/output-contract.md's table, from OUTPUT_CONTRACT, in the node's order (`names`). */
export function outputContractTable(
	names: string[],
	contract: Record<string, { api: string; adds: string }>,
): string {
	const rows = names.flatMap((name) =>
		contract[name] ? [`| ${name} | ${contract[name].api} | ${contract[name].adds} |`] : [],
	);
	return [
		CONTRACT_START,
		'',
		"| operation | the API's object, as returned | fields the node adds |",
		'|---|---|---|',
		...rows,
		'',
		CONTRACT_END,
	].join('\n');
}

/** The output contract page's generated table as it is now, markers included. */
export function documentContract(text: string): string | undefined {
	return generatedPart(text, CONTRACT_START, CONTRACT_END);
}

/** The part of a document between two markers, the markers included; undefined without them. */
export function generatedPart(
	text: string,
	startMarker: string,
	endMarker: string,
): string | undefined {
	const start = text.indexOf(startMarker);
	const end = text.indexOf(endMarker, start);
	return start < 0 || end < 0 ? undefined : text.slice(start, end + endMarker.length);
}

export const SANDBOX_README = 'packages/sandbox/README.md';

export const ENDPOINTS_START =
	'<!-- Generated from the `endpoints` of src/routes/ by `npm run docs:operations`: edit those, not this table. -->';
export const ENDPOINTS_END = '<!-- End of the generated endpoint table. -->';

/** The sandbox README's endpoint table, from the rows its route modules export. */
export function endpointTable(endpoints: Endpoint[]): string {
	return [
		ENDPOINTS_START,
		'',
		'| spec | method and path | notes |',
		'|---|---|---|',
		...endpoints.map(({ spec, route, notes }) => `| ${spec ?? '—'} | ${route} | ${notes ?? ''} |`),
		'',
		ENDPOINTS_END,
	].join('\n');
}

/** The sandbox README's generated endpoint table as it is now, markers included. */
export function documentEndpoints(text: string): string | undefined {
	return generatedPart(text, ENDPOINTS_START, ENDPOINTS_END);
}
