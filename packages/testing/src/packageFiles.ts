import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The text of a file of the published package (its README), for tests that hold the docs to the
 * code. It lives here because n8n's lint forbids file access in the package, tests included.
 */
export function packageFileText(relativePath: string): string {
	const packageDir = dirname(require.resolve('n8n-nodes-business-messaging/package.json'));
	return readFileSync(join(packageDir, relativePath), 'utf8');
}
