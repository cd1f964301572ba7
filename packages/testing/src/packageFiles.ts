import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

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
	const root = packageDir();
	const walk = (dir: string): string[] =>
		readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
			entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
		);
	return walk(join(root, relativeDir))
		.filter((file) => file.endsWith('.ts'))
		.sort()
		.map((file) => ({ path: relative(root, file), text: readFileSync(file, 'utf8') }));
}
