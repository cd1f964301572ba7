import { packageSourceFiles } from 'business-messaging-testing';
import * as ts from 'typescript';

/**
 * No function of the package is over 80 lines of code (blank lines and comments left out, the
 * functions inside it counted with it, as ESLint's max-lines-per-function counts), and
 * sendBubbles, the chat's most delicate sequence, is at most 60: a longer one is a step to name
 * and split. n8n-node lint keeps its template config, so the rule is checked here.
 */
const MAX_LINES = 80;
const LIMITS: Record<string, number> = { sendBubbles: 60 };

/** Each function of `text` over its limit: `path:line name (lines)`. */
function longFunctions(path: string, text: string): string[] {
	const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
	const lines = text.split('\n');
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
			const code = lines
				.slice(first, last + 1)
				.filter((line) => line.trim() && !/^\s*(\/\/|\/\*|\*)/.test(line)).length;
			const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
			if (code > (LIMITS[name] ?? MAX_LINES)) found.push(`${path}:${first + 1} ${name} (${code})`);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

describe('the length of functions', () => {
	it(`no function of nodes/ or credentials/ is over ${MAX_LINES} lines, nor sendBubbles over 60`, () => {
		const files = [...packageSourceFiles('nodes'), ...packageSourceFiles('credentials')];
		expect(files.length).toBeGreaterThan(100);
		expect(files.flatMap(({ path, text }) => longFunctions(path, text))).toEqual([]);
	});

	it('names a function one line over its limit, and not one at it', () => {
		const body = (count: number) => Array.from({ length: count - 2 }, (_, i) => `\tf(${i});`);
		const fn = (name: string, count: number) =>
			[`function ${name}() {`, ...body(count), '\t// a comment is not counted', '', '}'].join('\n');
		expect(longFunctions('a.ts', fn('atLimit', 80))).toEqual([]);
		expect(longFunctions('a.ts', fn('over', 81))).toEqual(['a.ts:1 over (81)']);
		expect(longFunctions('a.ts', fn('sendBubbles', 61))).toEqual(['a.ts:1 sendBubbles (61)']);
		expect(longFunctions('a.ts', `const x = {\n\tm() {\n${body(82).join('\n')}\n\t},\n};`)).toEqual(
			['a.ts:2 m (82)'],
		);
	});
});
