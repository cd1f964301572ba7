// n8n in queue mode, the set-up of users who outgrow one process: Redis (Debian's redis-server)
// and PostgreSQL (Debian's postgresql) on 127.0.0.1, one main, one worker and one webhook
// process, all loading this package from the same n8n home. Used by e2e/queue.mjs,
// e2e/load.mjs and the suites' --queue runs. n8n supports queue mode on Postgres only: three processes sharing SQLite fail
// executions with SQLITE_BUSY under a burst (measured: 19 of 5,000, RELIABILITY.md).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createN8nHome } from './home.mjs';
import { executionsOf, ownerSession, publishPending, waitFor } from './rest.mjs';

const PORTS = {
	redis: 6391,
	postgres: 6392,
	main: 5720,
	mainBroker: 5721,
	worker: 5722,
	workerBroker: 5723,
	webhook: 5724,
	webhookBroker: 5725,
};
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** Exits with what to install when Redis or PostgreSQL is missing. */
export function requireRedis() {
	if (spawnSync('redis-server', ['--version']).error) {
		console.error('queue mode needs Redis: apt-get install redis-server');
		process.exit(1);
	}
	if (!postgresBin()) {
		console.error('queue mode needs PostgreSQL: apt-get install postgresql');
		process.exit(1);
	}
}

/** Debian's newest PostgreSQL server programs (initdb, pg_ctl, pg_dump), if installed. */
function postgresBin() {
	if (!existsSync(POSTGRES_ROOT)) return undefined;
	const versions = readdirSync(POSTGRES_ROOT).filter((v) =>
		existsSync(join(POSTGRES_ROOT, v, 'bin', 'initdb')),
	);
	return versions.length
		? join(POSTGRES_ROOT, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin')
		: undefined;
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder (trust authentication, on 127.0.0.1 only).
 * PostgreSQL refuses to run as root, so as root it runs as Debian's `postgres` user.
 */
function startPostgres() {
	const bin = postgresBin();
	const dir = mkdtempSync(join(tmpdir(), 'bm-postgres-'));
	const asRoot = process.getuid?.() === 0;
	if (asRoot) {
		const [uid, gid] = ['-u', '-g'].map((flag) =>
			Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })),
		);
		chownSync(dir, uid, gid);
	}
	const run = (program, args) =>
		execFileSync(
			asRoot ? 'runuser' : join(bin, program),
			asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args,
			{
				cwd: dir,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
				maxBuffer: 512 * 1024 * 1024,
			},
		);
	const data = join(dir, 'data');
	run('initdb', ['-D', data, '-U', 'n8n', '--auth=trust', '-E', 'UTF8', '--no-sync']);
	// fsync off: a test database need not survive a power cut, and 2 cores need not wait on disk.
	run('pg_ctl', [
		'-D',
		data,
		'-l',
		join(dir, 'server.log'),
		'-w',
		'-o',
		`-p ${PORTS.postgres} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
		'start',
	]);
	const connection = ['-h', '127.0.0.1', '-p', String(PORTS.postgres), '-U', 'n8n'];
	return {
		env: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(PORTS.postgres),
			DB_POSTGRESDB_DATABASE: 'postgres',
			DB_POSTGRESDB_USER: 'n8n',
			DB_POSTGRESDB_PASSWORD: '',
		},
		/** The whole database as SQL text (for the secret scan). */
		dump: () => run('pg_dump', [...connection, 'postgres']),
		stop() {
			try {
				run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		},
	};
}

/**
 * An n8n home set up for queue mode, its PostgreSQL started (import workflows into it before
 * `startQueueMode`). `remove()` stops PostgreSQL too.
 */
export function createQueueHome() {
	const n8n = createN8nHome({ port: PORTS.main });
	const postgres = startPostgres();
	Object.assign(n8n.env, {
		N8N_RUNNERS_BROKER_PORT: String(PORTS.mainBroker),
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(PORTS.redis),
		...postgres.env,
	});
	const removeHome = n8n.remove.bind(n8n);
	return Object.assign(n8n, {
		databaseText: postgres.dump,
		remove() {
			try {
				postgres.stop();
			} finally {
				removeHome();
			}
		},
	});
}

/** Queue mode's three processes: name, n8n command, the ports that differ from the main's. */
const QUEUE_PROCESSES = [
	['main', 'start', {}],
	[
		'worker',
		'worker',
		{ N8N_PORT: String(PORTS.worker), N8N_RUNNERS_BROKER_PORT: String(PORTS.workerBroker) },
	],
	[
		'webhook',
		'webhook',
		{ N8N_PORT: String(PORTS.webhook), N8N_RUNNERS_BROKER_PORT: String(PORTS.webhookBroker) },
	],
];

/**
 * Starts Redis and the three processes; once all are ready, publishes the workflows the home
 * holds to be active, and resolves when `readyPath` (a webhook path of one, POSTed) answers
 * through the webhook process. Returns the URLs, the logs, an owner's session cookie and `stop()`.
 */
export async function startQueueMode(n8n, { readyPath, readyMethod = 'POST' }) {
	const redis = spawn(
		'redis-server',
		['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
		{ stdio: 'ignore' },
	);
	const processes = [];
	const logs = { main: '', worker: '', webhook: '' };
	const stop = async () => {
		for (const child of processes) child.kill('SIGTERM');
		await Promise.all(
			processes.map(
				(child) =>
					new Promise((resolve) =>
						child.exitCode !== null ? resolve() : child.once('exit', resolve),
					),
			),
		);
		redis.kill('SIGTERM');
	};
	try {
		for (const [name, command, env] of QUEUE_PROCESSES) {
			const child = n8n.start(command, env);
			child.stdout.on('data', (chunk) => (logs[name] += chunk));
			child.stderr.on('data', (chunk) => (logs[name] += chunk));
			processes.push(child);
		}
		const main = `http://127.0.0.1:${PORTS.main}`;
		const hooks = `http://127.0.0.1:${PORTS.webhook}`;
		await waitFor(
			async () => (await fetch(`${main}/healthz/readiness`)).ok,
			90_000,
			'the main process',
		);
		await waitFor(
			async () => logs.worker.includes('n8n worker is now ready'),
			90_000,
			'the worker',
		);
		await waitFor(
			async () => logs.webhook.includes('Webhook listener waiting for requests'),
			90_000,
			'the webhook process',
		);
		const cookie = await ownerSession(main, 'Queue');
		await publishPending(n8n, main, cookie);
		// Registered webhooks answer (an unknown one 404s); until then the process is still loading.
		await waitFor(
			async () =>
				(await fetch(`${hooks}/webhook/${readyPath}`, { method: readyMethod })).status !== 404,
			60_000,
			'the webhook process to serve our workflows',
		);
		for (const [name, log] of Object.entries(logs))
			if (/Error.*n8n-nodes-business-messaging|Unrecognized node type/.test(log))
				throw new Error(`${name}: ${log.slice(-800)}`);
		return {
			main,
			hooks,
			logs,
			cookie,
			stop,
			executionsOf: (workflowId) => executionsOf(main, cookie, workflowId),
		};
	} catch (error) {
		await stop();
		error.message += `\nworker log: ${logs.worker.slice(-600)}\nwebhook log: ${logs.webhook.slice(-600)}`;
		throw error;
	}
}
