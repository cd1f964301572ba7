import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { resourceProperties, resources } from '../nodes/BusinessMessaging/actions/resources';
import type { Operation } from '../nodes/BusinessMessaging/actions/types';
import { OPERATION_CASES } from './faultCases';
import { PACKAGE_README, anchorOf, documentText, repositoryTarget, section } from './guide';

/**
 * docs/ARCHITECTURE.md's "Adding an operation", as one gate: what each operation of the node
 * must have outside its own files. Every list is derived from the node (resources.ts) and the
 * documents themselves, so a new operation needs no entry in a test; the gate names the step it
 * misses. operationRecipe.test.ts runs it on the node, and on the node with a throwaway
 * operation added, which must fail at every step.
 */

/** A document's text by its path from the repository's root (a test plants a change in it). */
type DocumentReader = (path: string) => string;

type Resources = Record<
	string,
	{ operations: Record<string, Operation>; description: INodeProperties[] }
>;

/** An operation as the user sees it, "Account › Get Business Account", and its flags. */
export interface NodeOperation {
	name: string;
	operation: Operation;
}

/** Every operation the router runs, named by its Resource and Operation options. */
export function nodeOperations(
	all: Resources = resources,
	resourceField: INodeProperties = resourceProperties[0],
): NodeOperation[] {
	const resourceOptions = resourceField.options as INodePropertyOptions[];
	return Object.entries(all).flatMap(([resource, { operations, description }]) => {
		const resourceName = resourceOptions.find((option) => option.value === resource)?.name;
		const operationOptions = (description.find((p) => p.name === 'operation')?.options ??
			[]) as INodePropertyOptions[];
		return Object.entries(operations).map(([value, operation]) => ({
			name: `${resourceName ?? resource} › ${operationOptions.find((o) => o.value === value)?.name ?? value}`,
			operation,
		}));
	});
}

/**
 * The package README's Operations table: each operation's line, and the guide section it leads
 * to (the operation's own link, or its resource's: a resource's first line links to its page).
 */
export function readmeOperations(
	read: DocumentReader = documentText,
): Map<string, { path: string; anchor?: string } | undefined> {
	const table = section(read(PACKAGE_README), 'Operations');
	const found = new Map<string, { path: string; anchor?: string } | undefined>();
	let resource = '';
	let resourceDoc: { path: string; anchor?: string } | undefined;
	const linked = (cell: string) => /^\[([^\]]+)\]\(([^)]+)\)$/.exec(cell);
	for (const row of table.split('\n').filter((line) => line.startsWith('| '))) {
		const [resourceCell, operationCell] = row
			.split('|')
			.slice(1, 3)
			.map((cell) => cell.trim());
		if (resourceCell) {
			const link = linked(resourceCell);
			resource = link?.[1] ?? resourceCell;
			resourceDoc = link ? repositoryTarget(PACKAGE_README, link[2]) : undefined;
		}
		const operationLink = linked(operationCell);
		const doc = operationLink ? repositoryTarget(PACKAGE_README, operationLink[2]) : resourceDoc;
		for (const operation of (operationLink?.[1] ?? operationCell).split(' / '))
			found.set(`${resource} › ${operation}`, doc);
	}
	return found;
}

/** The section a link opens: the heading of its anchor, up to the next of its level. */
function sectionAt(target: { path: string; anchor?: string }, read: DocumentReader): string {
	const text = read(target.path);
	if (!target.anchor) return text;
	const heading = [...text.matchAll(/^#{1,6} (.+)$/gm)]
		.map(([, h]) => h)
		.find((h) => anchorOf(h) === target.anchor);
	return heading ? section(text, heading) : '';
}

/** The operation names a table of a document starts its rows with: `| Resource › Operation |`. */
function tableRows(path: string, read: DocumentReader, heading?: string): Set<string> {
	const text = heading ? section(read(path), heading) : read(path);
	return new Set([...text.matchAll(/^\| ([^|]+ › [^|]+?) \|/gm)].map(([, name]) => name));
}

export interface RecipeGap {
	operation: string;
	step: string;
}

/** The steps of the recipe an operation has not done, each named as the recipe names it. */
export function recipeGaps(
	operations: NodeOperation[],
	read: DocumentReader = documentText,
): RecipeGap[] {
	const cases = new Map(OPERATION_CASES.map((c) => [c.name, c]));
	const readme = readmeOperations(read);
	const contract = tableRows('docs/guide/output-contract.md', read);
	const faults = tableRows('RELIABILITY.md', read, 'Faults');
	const gaps: RecipeGap[] = [];
	for (const { name, operation } of operations) {
		const gap = (step: string) => gaps.push({ operation: name, step });
		const operationName = name.split(' › ')[1];
		const faultCase = cases.get(name);
		if (!faultCase) gap('1. a case in test/faultCases.ts');
		// Acting on every run is never harmless to repeat: the fault matrix would repeat it.
		else if (operation.sideEffects && faultCase.repeatable)
			gap('1. sideEffects: true, but its case says repeatable');
		const doc = readme.get(name);
		if (!readme.has(name)) gap("4. a line in the package README's Operations table");
		else if (!doc || !sectionAt(doc, read).includes(`**${operationName}**`))
			gap(`4. a **${operationName}** paragraph where its README line links`);
		if (!contract.has(name)) gap('4. a row in docs/guide/output-contract.md');
		if (!faults.has(name)) gap("4. a row in RELIABILITY.md's fault matrix");
	}
	return gaps;
}
