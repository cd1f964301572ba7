// A fresh, offline n8n home (its own N8N_USER_FOLDER and SQLite database) with this package
// installed the way n8n installs community packages, and the n8n CLI run in it.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flavor, n8nBin, nodeBin, nodeDir } from './install.mjs';
import { installPackage } from './pack.mjs';

/** The credential every run imports, pointing at its sandbox (the examples name it too). */
export const SANDBOX_CREDENTIAL = { id: 'bmSandboxCred001', name: 'Business Messaging sandbox' };
/** The trigger's signing secret, as the example workflows name it (the sandbox signs with it). */
export const WEBHOOK_CREDENTIAL = {
	id: 'bmWebhookSig0001',
	name: 'Business Messaging sandbox webhook',
};

/**
 * The environment of an n8n home: its own folder and SQLite database, a fixed encryption key,
 * everything that would call out turned off, listening on 127.0.0.1:`port` (its task runner's
 * broker on the next port), and the install's own settings (install.mjs › flavor).
 */
function offlineEnv(userFolder, port) {
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
	return env;
}

/** A fresh, offline n8n home with our package installed the way n8n installs community packages. */
export function createN8nHome({ port = 5678 } = {}) {
	const userFolder = mkdtempSync(join(tmpdir(), 'bm-n8n-home-'));
	const env = offlineEnv(userFolder, port);
	installPackage(userFolder);
	const run = (args) =>
		execFileSync(nodeBin, [n8nBin, ...args], {
			env,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
			maxBuffer: 64 * 1024 * 1024,
		});
	const { gather, importPending, serve, isServed } = pendingImports(userFolder, run);
	return {
		userFolder,
		env,
		/** The workflows to publish once n8n serves (rest.mjs › publishPending takes them). */
		toPublish: [],
		/** Runs an n8n CLI command (after the pending imports); returns its stdout. */
		cli(args) {
			importPending();
			return run(args);
		},
		/**
		 * Starts an n8n CLI command without waiting (to watch the process while it runs); its
		 * output goes to pipes, or to `output` (a file descriptor) for both.
		 */
		spawnCli(args, output = 'pipe') {
			importPending();
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
		/**
		 * Imports the trigger's State Store credential (`{id, name}`) for n8n's API at `baseUrl`,
		 * its key to be set once n8n serves (rest.mjs › createApiKey, setStateStoreCredential).
		 */
		importStateStoreCredential(credential, baseUrl) {
			this.importCredential({
				...credential,
				type: 'businessMessagingN8nApi',
				data: { baseUrl, apiKey: 'not-yet' },
			});
		},
		/** Imports a credential `{id, name, type, data}`, or a list of them (with the others pending). */
		importCredential(credential) {
			gather('credentials', [credential].flat());
		},
		/** Imports workflows (with the others pending). */
		importWorkflows(workflows) {
			gather('workflows', workflows);
		},
		/** Imports each workflow and has it published when n8n starts (rest.mjs › publishPending). */
		importActiveWorkflows(workflows) {
			this.importWorkflows(workflows);
			for (const workflow of workflows) this.activate(workflow.id);
		},
		/**
		 * Has a workflow published when n8n starts: whatever starts n8n calls rest.mjs ›
		 * publishPending with its owner's session before it waits for the workflows' webhooks. In a
		 * home already served nothing would take it: publish with rest.mjs › setPublished there.
		 */
		activate(id) {
			if (isServed()) throw new Error(`n8n is served: publish ${id} with setPublished`);
			this.toPublish.push(id);
		},
		/** Runs an n8n process: `start` (the main), or `worker` / `webhook` in queue mode. */
		start(command = 'start', extraEnv = {}) {
			importPending();
			serve();
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

/**
 * Imports into a home as few times as it can. Each n8n CLI call starts n8n (about 5 s on 2 cores):
 * credentials and workflows are gathered and imported in one call of each kind before the next
 * command or start (`importPending`); once the home is served (`serve`), at once. Workflows to
 * publish wait for a served n8n, which publishes through its REST API (rest.mjs › publishPending)
 * in a request each, where the CLI takes a process each.
 */
function pendingImports(userFolder, run) {
	const pending = { credentials: [], workflows: [] };
	let served = false;
	/** Imports what is pending: the credentials (their plain-text file removed after), then the workflows. */
	const importPending = () => {
		const credentials = pending.credentials.splice(0);
		if (credentials.length > 0) {
			const file = join(userFolder, 'credentials.json');
			writeFileSync(file, JSON.stringify(credentials));
			try {
				run(['import:credentials', `--input=${file}`]);
			} finally {
				rmSync(file, { force: true });
			}
		}
		const workflows = pending.workflows.splice(0);
		if (workflows.length > 0) {
			const dir = mkdtempSync(join(userFolder, 'workflows-'));
			for (const workflow of workflows)
				writeFileSync(join(dir, `${workflow.id}.json`), JSON.stringify(workflow));
			try {
				run(['import:workflow', '--separate', `--input=${dir}`]);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		}
	};
	/** Gathers an import, or imports at once in a home already served. */
	const gather = (kind, items) => {
		pending[kind].push(...items);
		if (served) importPending();
	};
	return {
		gather,
		importPending,
		serve: () => {
			served = true;
		},
		isServed: () => served,
	};
}
