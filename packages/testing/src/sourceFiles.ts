import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every TypeScript file under `root`/`dir`, sorted, with its path from `root` and its text. */
export function typeScriptFilesUnder(
	root: string,
	dir: string,
): Array<{ path: string; text: string }> {
	const walk = (at: string): string[] =>
		readdirSync(at, { withFileTypes: true }).flatMap((entry) =>
			entry.isDirectory() ? walk(join(at, entry.name)) : [join(at, entry.name)],
		);
	return walk(join(root, dir))
		.filter((file) => file.endsWith('.ts'))
		.sort()
		.map((file) => ({ path: relative(root, file), text: readFileSync(file, 'utf8') }));
}
