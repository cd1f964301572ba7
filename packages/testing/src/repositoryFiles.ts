import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { typeScriptFilesUnder } from './sourceFiles';

/*
 * Files of the repository outside the published package, for the package's tests that hold its
 * links to them: the user's guide lives in docs/guide/ at the repository's root, which the
 * package's README links to. Here because n8n's lint forbids file access in the package, tests
 * included.
 */

/** The repository's root: the nearest folder above this module whose package.json has workspaces. */
function repositoryDir(): string {
	for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
		const manifest = join(dir, 'package.json');
		if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8')))
			return dir;
	}
	throw new Error(`no npm workspace root above ${__dirname}`);
}

/** The text of a file of the repository, by its path from the root, e.g. `docs/guide/media.md`. */
export function repositoryFileText(relativePath: string): string {
	return readFileSync(join(repositoryDir(), relativePath), 'utf8');
}

/** Writes a file of the repository (a generated part of a document), by its path from the root. */
export function writeRepositoryFile(relativePath: string, text: string): void {
	writeFileSync(join(repositoryDir(), relativePath), text);
}

/** Whether this run writes the generated parts of documents (BM_WRITE_DOCS=1), not only checks them. */
export function writingGeneratedDocs(): boolean {
	return process.env.BM_WRITE_DOCS === '1';
}

/** Whether a file or folder of the repository exists, by its path from the root. */
export function repositoryPathExists(relativePath: string): boolean {
	return existsSync(join(repositoryDir(), relativePath));
}

/** The names of the files directly in a folder of the repository, sorted. */
export function repositoryFolderFiles(relativeDir: string): string[] {
	return readdirSync(join(repositoryDir(), relativeDir), { withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => entry.name)
		.sort();
}

/** Every TypeScript source file under a folder of the repository, with its path from the root. */
export function repositorySourceFiles(relativeDir: string): Array<{ path: string; text: string }> {
	return typeScriptFilesUnder(repositoryDir(), relativeDir);
}
