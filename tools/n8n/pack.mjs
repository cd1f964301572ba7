// The pack step: the package as n8n installs a community package, from its npm pack tarball.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/** npm pack the package and unpack it under ~/.n8n/nodes/node_modules, as n8n does. */
export function installPackage(userFolder) {
	const packageDir = join(root, 'packages', 'n8n-nodes-business-messaging');
	const { name, version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
	const work = mkdtempSync(join(tmpdir(), 'bm-pack-'));
	const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
		cwd: packageDir,
		encoding: 'utf8',
	})
		.trim()
		.split('\n')
		.pop();
	const target = join(userFolder, '.n8n', 'nodes', 'node_modules', name);
	mkdirSync(target, { recursive: true });
	execFileSync('tar', ['-xzf', join(work, tarball), '-C', target, '--strip-components=1']);
	writeFileSync(
		join(userFolder, '.n8n', 'nodes', 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [name]: version } }),
	);
	rmSync(work, { recursive: true, force: true });
}
