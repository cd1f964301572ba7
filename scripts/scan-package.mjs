// The published tarball as n8n's verification sees it, before it is on the registry:
//   npm run build && node scripts/scan-package.mjs [--keep]
//
// 1. `npm pack` of packages/n8n-nodes-business-messaging into a temporary folder, then unpacked
//    (the way n8n installs a community package). It builds nothing: run `npm run build` first.
// 2. Prints the tarball's files, its packed and unpacked size.
// 3. Fails if the tarball holds what n8n does not need: tests, source maps, TypeScript sources,
//    the sandbox or the other workspaces, build caches, node_modules; or if a file that
//    package.json's `n8n` section names is missing.
// 4. Runs `analyzePackage` of @n8n/scan-community-package (the ESLint analysis behind n8n's
//    `npx @n8n/scan-community-package <name>`):
//    - on the unpacked tarball, with its default file patterns (every .js, .ts and .json);
//    - on the package's sources with SOURCE_FILE_PATTERNS, as the registry scan does on the
//      source checkout its provenance points at.
//    Both are local. The package's `analyzePackageByName` (what its CLI runs) is not used: it
//    reads the package from registry.npmjs.org, checks its npm provenance and downloads the
//    attested source from codeload.github.com, none of which exists before the first release.
//    Provenance comes from the release workflow (.github/workflows/release.yml).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = new URL('..', import.meta.url).pathname;
const packageDir = join(root, 'packages', 'n8n-nodes-business-messaging');
const keep = process.argv.includes('--keep');

/** What must not be in the tarball, and why. `.d.ts` declarations are allowed (not needed, but harmless). */
const FORBIDDEN = [
	{
		test: (p) =>
			/(^|\/)(test|tests|__tests__|__mocks__|coverage)\//.test(p) ||
			/\.(test|spec)\.[cm]?[jt]s$/.test(p),
		why: 'a test file',
	},
	{
		test: (p) => /\.map$/.test(p),
		why: 'a source map (the JS is unminified tsc output; the .ts the maps point at is not shipped)',
	},
	{ test: (p) => /\.[cm]?ts$/.test(p) && !/\.d\.[cm]?ts$/.test(p), why: 'a TypeScript source' },
	{ test: (p) => /sandbox/i.test(p), why: 'part of the sandbox' },
	{
		test: (p) => /(^|\/)(e2e|bench|examples|scripts|\.ci|\.github)\//.test(p),
		why: 'a development file of the repository',
	},
	{ test: (p) => /(^|\/)node_modules\//.test(p), why: 'a bundled dependency' },
	{
		test: (p) =>
			/\.tsbuildinfo$/.test(p) ||
			/(^|\/)(tsconfig[^/]*\.json|jest\.[^/]*|eslint\.config\.[^/]*|\.prettierrc[^/]*)$/.test(p),
		why: 'a build or tooling file',
	},
	{
		test: (p) => /^dist\/package\.json$/.test(p),
		why: 'a second package.json (tsc copies it into dist)',
	},
	{
		test: (p) => /(^|\/)\.(env|npmrc)[^/]*$/.test(p),
		why: 'a configuration file that may hold secrets',
	},
];

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
let failed = false;
const fail = (line) => {
	failed = true;
	console.log(`✗ ${line}`);
};

if (!existsSync(join(packageDir, 'dist'))) {
	console.error(
		'packages/n8n-nodes-business-messaging/dist is missing: run `npm run build` first.',
	);
	process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'bm-scan-'));
try {
	// --json: the tarball's name, sizes and file list; scripts stay off (.npmrc).
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
			cwd: packageDir,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		}),
	)[0];
	const unpacked = join(work, 'package');
	mkdirSync(unpacked);
	execFileSync('tar', [
		'-xzf',
		join(work, packed.filename),
		'-C',
		unpacked,
		'--strip-components=1',
	]);

	console.log(`== ${packed.filename}: ${packed.entryCount} files`);
	for (const file of [...packed.files].sort((a, b) => a.path.localeCompare(b.path))) {
		console.log(`  ${String(file.size).padStart(7)}  ${file.path}`);
	}
	console.log(`packed size    ${packed.size} bytes (${kib(packed.size)})`);
	console.log(`unpacked size  ${packed.unpackedSize} bytes (${kib(packed.unpackedSize)})`);
	console.log(`shasum         ${packed.shasum}`);

	console.log('\n== package hygiene');
	const paths = packed.files.map((f) => f.path);
	for (const path of paths) {
		const rule = FORBIDDEN.find((r) => r.test(path));
		if (rule) fail(`${path} is ${rule.why}`);
	}
	const manifest = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8'));
	const declared = [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])];
	if (declared.length === 0) fail('package.json has no n8n.nodes / n8n.credentials');
	for (const file of declared) {
		if (!paths.includes(file))
			fail(`${file} (named in package.json's n8n section) is not in the tarball`);
		const codex = file.replace(/\.node\.js$/, '.node.json');
		if (codex !== file && !paths.includes(codex))
			fail(`${codex} (the codex of ${file}) is not in the tarball`);
	}
	if (!(manifest.keywords ?? []).includes('n8n-community-node-package'))
		fail('keywords lack n8n-community-node-package');
	if (manifest.dependencies && Object.keys(manifest.dependencies).length)
		fail(`runtime dependencies: ${Object.keys(manifest.dependencies).join(', ')}`);
	if (!paths.some((p) => /^readme(\.md)?$/i.test(p))) fail('no README in the tarball');
	if (!failed)
		console.log(
			`✓ ${paths.length} files, all needed by n8n: compiled JS, codex JSON, icons, package.json, README, LICENSE`,
		);

	const report = (label, result) => {
		if (result.passed) {
			console.log(`✓ ${label}: passed${result.message ? ` (${result.message})` : ''}`);
		} else {
			fail(`${label}: ${result.message}`);
			if (result.details) console.log(result.details);
		}
	};
	console.log('\n== @n8n/scan-community-package analyzePackage');
	report('the unpacked tarball (every .js, .ts, .json)', await analyzePackage(unpacked));
	report(
		`the package sources (${SOURCE_FILE_PATTERNS.join(', ')})`,
		await analyzePackage(packageDir, SOURCE_FILE_PATTERNS),
	);
} finally {
	if (keep) console.log(`\nkept ${work}`);
	else rmSync(work, { recursive: true, force: true });
	// scanner.mjs makes an (unused here) temporary folder when it is imported, tmp-<pid>-<random>,
	// and does not remove it on exit: remove this process's own.
	for (const name of readdirSync(tmpdir())) {
		if (name.startsWith(`tmp-${process.pid}-`))
			rmSync(join(tmpdir(), name), { recursive: true, force: true });
	}
}

console.log(failed ? '\nscan FAILED' : '\nscan passed');
process.exit(failed ? 1 : 0);
