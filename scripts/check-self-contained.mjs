// `npm run lint` (first step): no tracked file may point at files outside the repository. The
// project once cited a folder beside it (the API contract, notes on running n8n, a design page)
// that a clone from GitHub does not have; docs/API.md, docs/ARCHITECTURE.md and e2e/README.md
// hold what the repository needs instead.
import { execFileSync } from 'node:child_process';

const FORBIDDEN = ['\\.\\./shared', 'shared/spec', 'N8N-RUNTIME', 'DESIGN\\.md'];
// The lock file only lists registry tarballs; this file has to name the patterns.
const EXCLUDED = ['package-lock.json', 'scripts/check-self-contained.mjs'];

const args = ['grep', '-n', '-I', '-E'];
for (const pattern of FORBIDDEN) args.push('-e', pattern);
args.push('--', '.', ...EXCLUDED.map((path) => `:(exclude)${path}`));

let hits = '';
try {
	hits = execFileSync('git', args, {
		cwd: new URL('..', import.meta.url),
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
} catch (error) {
	// git grep exits 1 when nothing matches, and above 1 on a real failure.
	if (error.status !== 1) throw error;
}

if (hits) {
	console.error(
		`Files point outside the repository (${FORBIDDEN.join(', ')}); point at docs/API.md, docs/ARCHITECTURE.md or e2e/README.md instead:\n${hits}`,
	);
	process.exit(1);
}
console.log('self-contained: no tracked file points outside the repository');
