import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { typeScriptFilesUnder } from './sourceFiles';

/*
 * Files of the published package, for tests that hold the docs and the code to their rules.
 * They live here because n8n's lint forbids file access in the package, tests included.
 */

function packageDir(): string {
	return dirname(require.resolve('n8n-nodes-business-messaging/package.json'));
}

/** The text of a file of the package, e.g. its README. */
export function packageFileText(relativePath: string): string {
	return readFileSync(join(packageDir(), relativePath), 'utf8');
}

/** Every TypeScript source file under a folder of the package, with its path from the package. */
export function packageSourceFiles(relativeDir: string): Array<{ path: string; text: string }> {
	return typeScriptFilesUnder(packageDir(), relativeDir);
}
