// The e2e job's matrix for .github/workflows/ci.yml, from .ci/steps: one entry per e2e and
// e2e-github step, its title, its npm script and the n8n line it installs (the script's
// BM_N8N_MAJOR, else 2), which keys the job's n8n cache. Prints `e2e=<JSON>` for $GITHUB_OUTPUT.
//   node .ci/matrix.mjs
import { readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const { scripts } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const include = readFileSync(new URL('.ci/steps', root), 'utf8')
	.split('\n')
	.filter((line) => /^e2e(-github)? /.test(line))
	.map((line) => {
		const [, script, ...title] = line.split(' ');
		if (!scripts[script]) throw new Error(`.ci/steps names ${script}, which package.json lacks`);
		const major = /BM_N8N_MAJOR=(\d+)/.exec(scripts[script])?.[1] ?? '2';
		return { name: title.join(' '), script, 'n8n-major': major };
	});
console.log(`e2e=${JSON.stringify({ include })}`);
