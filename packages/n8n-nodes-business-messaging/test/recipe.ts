import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { resourceProperties, resources } from '../nodes/BusinessMessaging/actions/resources';
import type { Operation } from '../nodes/BusinessMessaging/actions/types';
import { OPERATION_CASES, OUTPUT_CONTRACT } from './faultCases';
import { PACKAGE_README, documentText, guidePages, section } from './guide';
import { listedOperations, operationParagraph } from './operationsTable';

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
	const pages = guidePages();
	const listed = listedOperations(read(PACKAGE_README));
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
		if (!operationParagraph(operationName, pages, read))
			gap(`4. a **${operationName}** paragraph in the user's guide`);
		if (!listed.has(name))
			gap("4. the package README's Operations table generated (npm run docs:operations)");
		if (faultCase && !OUTPUT_CONTRACT[name])
			gap('1. its output in OUTPUT_CONTRACT (test/faultCases.ts)');
		else if (faultCase && !contract.has(name))
			gap("4. docs/guide/output-contract.md's table generated (npm run docs:operations)");
		if (faultCase && !faults.has(name))
			gap("4. RELIABILITY.md's fault matrix generated (npm run docs:operations)");
	}
	return gaps;
}
