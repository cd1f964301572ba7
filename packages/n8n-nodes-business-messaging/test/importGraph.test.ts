import { packageSourceFiles, repositorySourceFiles } from 'business-messaging-testing';
import { preProcessFile } from 'typescript';

/**
 * How the code under nodes/ imports itself. No file imports one that (through others) imports
 * it back; among nodes/common's folders (and its top-level files, each a unit of its own) no
 * folder imports one that imports it back; and fields/, the editor's field descriptions, is a
 * leaf: whatever reads the fields at run time (common/parameters.ts) or looks something up
 * (api/, templates/) imports it, never the other way round.
 */

/** What fields/ may import outside itself, each a leaf that imports nothing of the package. */
const FIELDS_MAY_IMPORT: Record<string, string> = {
	'nodes/common/displayOptions.ts': 'n8n’s updateDisplayOptions and forOperation: display logic',
	'nodes/common/rules/messageLimits.ts':
		'the platform’s limits, which the field descriptions state',
};

type Graph = Map<string, Set<string>>;

const files = packageSourceFiles('nodes');

/** The file a relative import names (`./x` is x.ts or x/index.ts); undefined for packages. */
function resolve(paths: Set<string>, from: string, specifier: string): string | undefined {
	if (!specifier.startsWith('.')) return undefined;
	const segments = from.split('/').slice(0, -1);
	for (const segment of specifier.split('/')) {
		if (segment === '..') segments.pop();
		else if (segment !== '.') segments.push(segment);
	}
	const base = segments.join('/');
	const found = [`${base}.ts`, `${base}/index.ts`].find((path) => paths.has(path));
	if (!found) throw new Error(`${from} imports "${specifier}", which is no file of the scan`);
	return found;
}

/** Every file's imports and re-exports (`import … from`, `export … from`, `import('…')`). */
function fileGraph(sources: Array<{ path: string; text: string }>): Graph {
	const paths = new Set(sources.map((source) => source.path));
	return new Map(
		sources.map(({ path, text }) => [
			path,
			new Set(
				preProcessFile(text, true, true)
					.importedFiles.map((imported) => resolve(paths, path, imported.fileName))
					.filter((target): target is string => target !== undefined),
			),
		]),
	);
}

/** The unit of nodes/common a file belongs to: its folder, or the file itself at the top. */
function commonUnit(path: string): string | undefined {
	const [, rest] = /^nodes\/common\/(.+)$/.exec(path) ?? [];
	if (rest === undefined) return undefined;
	return rest.includes('/') ? `${rest.split('/')[0]}/` : rest;
}

/** The imports between nodes/common's units (a unit importing itself is no edge). */
function commonUnitGraph(graph: Graph): Graph {
	const units: Graph = new Map();
	for (const [from, targets] of graph) {
		const fromUnit = commonUnit(from);
		if (fromUnit === undefined) continue;
		if (!units.has(fromUnit)) units.set(fromUnit, new Set());
		for (const target of targets) {
			const toUnit = commonUnit(target);
			if (toUnit !== undefined && toUnit !== fromUnit) units.get(fromUnit)!.add(toUnit);
		}
	}
	return units;
}

/** The imports of fields/ that leave it for anything but FIELDS_MAY_IMPORT, as "from -> to". */
function fieldsReachingOut(graph: Graph): string[] {
	return [...graph]
		.filter(([from]) => from.startsWith('nodes/common/fields/'))
		.flatMap(([from, targets]) =>
			[...targets]
				.filter((to) => !to.startsWith('nodes/common/fields/') && !(to in FIELDS_MAY_IMPORT))
				.map((to) => `${from} -> ${to}`),
		);
}

/** Each cycle a depth-first walk meets, as "a -> b -> a" (none: the graph has no cycle). */
function cycles(graph: Graph): string[] {
	const found: string[] = [];
	const done = new Set<string>();
	const path: string[] = [];
	const visit = (node: string) => {
		path.push(node);
		for (const next of [...(graph.get(node) ?? [])].sort()) {
			const at = path.indexOf(next);
			if (at >= 0) found.push([...path.slice(at), next].join(' -> '));
			else if (!done.has(next)) visit(next);
		}
		path.pop();
		done.add(node);
	};
	for (const node of [...graph.keys()].sort()) if (!done.has(node)) visit(node);
	return found;
}

describe('the imports under nodes/', () => {
	const graph = fileGraph(files);

	it('are read from every file', () => {
		expect(files.length).toBeGreaterThan(100);
		// The scan sees type-only imports and re-exports too.
		expect(graph.get('nodes/common/context.ts')).toEqual(
			new Set(['nodes/common/parameters.ts', 'nodes/common/transport/index.ts']),
		);
		expect(graph.get('nodes/common/transport/index.ts')?.size).toBeGreaterThan(3);
	});

	it('form no cycle between files', () => {
		expect(cycles(graph)).toEqual([]);
	});

	it('form no cycle between the folders (and top-level files) of nodes/common', () => {
		const units = commonUnitGraph(graph);
		expect(units.get('fields/')).toBeDefined();
		expect(units.get('parameters.ts')).toEqual(
			new Set(['characters.ts', 'fields/', 'recipient.ts', 'transport/']),
		);
		expect(cycles(units)).toEqual([]);
	});

	it('leave fields/ a leaf: it imports only the leaf helpers it is allowed', () => {
		expect(fieldsReachingOut(graph)).toEqual([]);
		for (const helper of Object.keys(FIELDS_MAY_IMPORT))
			expect([...(graph.get(helper) ?? [])]).toEqual([]);
	});

	it('are checked by checks that can fail', () => {
		// A file cycle, a folder cycle and fields/ reaching out are each found and named.
		const withCycle = fileGraph([
			...files.filter((file) => file.path !== 'nodes/common/fields/recipient.ts'),
			{
				path: 'nodes/common/fields/recipient.ts',
				text: "import { retrySettings } from '../parameters';",
			},
		]);
		expect(cycles(withCycle)).toEqual([]);
		expect(cycles(commonUnitGraph(withCycle))).toEqual([
			'parameters.ts -> fields/ -> parameters.ts',
		]);
		expect(fieldsReachingOut(withCycle)).toEqual([
			'nodes/common/fields/recipient.ts -> nodes/common/parameters.ts',
		]);
		const fileCycle = fileGraph([
			{ path: 'nodes/a.ts', text: "import { b } from './b';" },
			{ path: 'nodes/b.ts', text: "export { a } from './a';" },
		]);
		expect(cycles(fileCycle)).toEqual(['nodes/a.ts -> nodes/b.ts -> nodes/a.ts']);
	});
});

describe("the sandbox's imports (packages/sandbox/src)", () => {
	const sandboxFiles = repositorySourceFiles('packages/sandbox/src');
	const graph = fileGraph(sandboxFiles);
	const MESSAGES = 'packages/sandbox/src/rules/productMessages.ts';

	it('are read from every file', () => {
		expect(sandboxFiles.length).toBeGreaterThan(60);
		expect(graph.get(MESSAGES)).toContain('packages/sandbox/src/rules/fieldChecks.ts');
	});

	it('form no cycle between files', () => {
		expect(cycles(graph)).toEqual([]);
	});

	it('would name a cycle: productMessages importing messageContent back, as it once did', () => {
		const planted = fileGraph(
			sandboxFiles.map((file) =>
				file.path === MESSAGES
					? { ...file, text: `import { text } from './messageContent';\n${file.text}` }
					: file,
			),
		);
		expect(cycles(planted)).toEqual([
			`packages/sandbox/src/rules/messageContent.ts -> ${MESSAGES} -> packages/sandbox/src/rules/messageContent.ts`,
		]);
	});
});
