// n8n in queue mode, the set-up of users who outgrow one process: Redis (Debian's redis-server)
// and PostgreSQL (Debian's postgresql) on 127.0.0.1, one main, and one or two workers and webhook
// processes, all loading this package from the same n8n home. Two webhook processes stand behind
// Debian's haproxy (round robin), as a load balancer stands in front of them in production. Used
// by e2e/queue.mjs, e2e/load.mjs, e2e/storeScale.mjs and the suites' --queue runs. n8n supports
// queue mode on Postgres only: three processes sharing SQLite fail executions with SQLITE_BUSY
// under a burst (measured: 19 of 5,000, RELIABILITY.md).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
	appendFileSync,
	chownSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createN8nHome } from './home.mjs';
import { executionsOf, ownerSession, publishPending, waitFor } from './rest.mjs';

const PORTS = {
	redis: 6391,
	postgres: 6392,
	balancer: 5719,
	main: 5720,
	mainBroker: 5721,
	worker: 5722,
	workerBroker: 5723,
	webhook: 5724,
	webhookBroker: 5725,
	worker2: 5726,
	worker2Broker: 5727,
	webhook2: 5728,
	webhook2Broker: 5729,
};
const POSTGRES_ROOT = '/usr/lib/postgresql';
/** Each webhook process's own address (haproxy spreads deliveries over them). */
export const QUEUE_WEBHOOK_URLS = [PORTS.webhook, PORTS.webhook2].map(
	(port) => `http://127.0.0.1:${port}`,
);
/** The main's address: n8n's API (the trigger's State Store) is served there only. */
export const QUEUE_MAIN_URL = `http://127.0.0.1:${PORTS.main}`;
/** haproxy's address with two webhook processes: their URL as the platform would call them. */
export const QUEUE_BALANCER_URL = `http://127.0.0.1:${PORTS.balancer}`;

/** Exits with what to install when Redis or PostgreSQL (or haproxy, for two webhook processes) is missing. */
export function requireRedis({ balancer = false } = {}) {
	if (spawnSync('redis-server', ['--version']).error) {
		console.error('queue mode needs Redis: apt-get install redis-server');
		process.exit(1);
	}
	if (!postgresBin()) {
		console.error('queue mode needs PostgreSQL: apt-get install postgresql');
		process.exit(1);
	}
	if (balancer && spawnSync('haproxy', ['-v']).error) {
		console.error('two webhook processes need a load balancer: apt-get install haproxy');
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

/**
 * Queue mode's processes: name, n8n command, what differs from the main's environment, and the
 * line its log says once it is ready.
 */
function queueProcesses({ webhooks, workers }) {
	const ports = (port, broker) => ({
		N8N_PORT: String(PORTS[port]),
		N8N_RUNNERS_BROKER_PORT: String(PORTS[broker]),
	});
	return [
		{ name: 'main', command: 'start', env: {}, ready: 'Editor is now accessible' },
		...[
			['worker', 'worker', 'workerBroker'],
			['worker2', 'worker2', 'worker2Broker'],
		]
			.slice(0, workers)
			.map(([name, port, broker]) => ({
				name,
				command: 'worker',
				env: ports(port, broker),
				ready: 'n8n worker is now ready',
			})),
		...[
			['webhook', 'webhook', 'webhookBroker'],
			['webhook2', 'webhook2', 'webhook2Broker'],
		]
			.slice(0, webhooks)
			.map(([name, port, broker]) => ({
				name,
				command: 'webhook',
				env: ports(port, broker),
				ready: 'Webhook listener waiting for requests',
			})),
	];
}

/**
 * haproxy in front of the webhook processes, round robin; a process that stops is taken out
 * within a second (its health check) and a request that could not connect goes to the other.
 */
function startBalancer(servers) {
	const dir = mkdtempSync(join(tmpdir(), 'bm-haproxy-'));
	const config = join(dir, 'haproxy.cfg');
	writeFileSync(
		config,
		[
			'global',
			'  maxconn 4096',
			'defaults',
			'  mode http',
			'  timeout connect 2s',
			'  timeout client 150s',
			'  timeout server 150s',
			'  retries 3',
			'  option redispatch',
			'frontend hooks',
			`  bind 127.0.0.1:${PORTS.balancer}`,
			'  default_backend webhooks',
			'backend webhooks',
			'  balance roundrobin',
			'  option httpchk GET /healthz',
			...servers.map(
				(port, n) => `  server hooks${n + 1} 127.0.0.1:${port} check inter 1s fall 2 rise 1`,
			),
			'',
		].join('\n'),
	);
	const child = spawn('haproxy', ['-f', config, '-db'], { stdio: 'ignore' });
	return {
		stop() {
			child.kill('SIGTERM');
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

/**
 * n8n processes of one home, by name: started, logged, stopped with a signal, restarted.
 * `specs` as queueProcesses gives them.
 */
function processGroup(n8n, specs) {
	/** The running child of each process, by name. */
	const children = new Map();
	const logs = Object.fromEntries(specs.map(({ name }) => [name, '']));
	// BM_E2E_LOG_DIR: each process's output also goes to <dir>/<name>.log, whole (a long run's
	// duplicates are explained from there).
	const logDir = process.env.BM_E2E_LOG_DIR;
	const launch = ({ name, command, env }) => {
		const child = n8n.start(command, env);
		const said = (chunk) => {
			logs[name] += chunk;
			if (logDir) appendFileSync(join(logDir, `${name}.log`), chunk);
		};
		child.stdout.on('data', said);
		child.stderr.on('data', said);
		children.set(name, child);
	};
	const stopOne = async (name, signal) => {
		const child = children.get(name);
		// A process that ended by a signal has no exit code, only its signal.
		const ended = () => child.exitCode !== null || child.signalCode !== null;
		if (ended()) return;
		const exited = new Promise((resolve) => child.once('exit', resolve));
		child.kill(signal);
		await exited;
	};
	/** Waits for the line that says a process is ready, written after `from` in its log. */
	const readyAfter = async ({ name, ready }, from) =>
		await waitFor(
			async () => logs[name].indexOf(ready, from) !== -1,
			120_000,
			`the ${name} process`,
		);
	return {
		logs,
		launch,
		readyAfter,
		stopAll: async () =>
			await Promise.all([...children.keys()].map((name) => stopOne(name, 'SIGTERM'))),
		/** Each process's PID, by name. */
		pids: () => Object.fromEntries([...children].map(([name, child]) => [name, child.pid])),
		/** Stops a process with `signal` and starts it again; resolves once it is ready. */
		async restart(name, signal = 'SIGTERM') {
			const spec = specs.find((s) => s.name === name);
			const from = logs[name].length;
			await stopOne(name, signal);
			// A killed process's task runner holds its broker port for a moment.
			await new Promise((resolve) => setTimeout(resolve, 1500));
			launch(spec);
			await readyAfter(spec, from);
		},
	};
}

/** Throws when a process's log says it could not load this package's nodes. */
function loadedOurNodes(logs) {
	for (const [name, log] of Object.entries(logs))
		if (/Error.*n8n-nodes-business-messaging|Unrecognized node type/.test(log))
			throw new Error(`${name}: ${log.slice(-800)}`);
}

/**
 * Starts Redis, the processes (and haproxy for two webhook processes); once all are ready,
 * publishes the workflows the home holds to be active, and resolves when `readyPath` (if given: a
 * webhook path of one, POSTed) answers through the webhook processes. Returns the URLs (`hooks`: the
 * balancer, or the one webhook process), the logs by process, an owner's session cookie,
 * `restart(name, signal)` (a process stopped with the signal and started again), `pids()` and
 * `stop()`. With two webhook processes, set n8n.env.N8N_WEBHOOK_URL to QUEUE_BALANCER_URL first
 * when the workflows call their own webhooks (a trigger's hand-overs).
 */
export async function startQueueMode(
	n8n,
	{ readyPath, readyMethod = 'POST', webhooks = 1, workers = 1 },
) {
	const redis = spawn(
		'redis-server',
		['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
		{ stdio: 'ignore' },
	);
	const specs = queueProcesses({ webhooks, workers });
	const balancer =
		webhooks > 1 ? startBalancer([PORTS.webhook, PORTS.webhook2].slice(0, webhooks)) : undefined;
	const group = processGroup(n8n, specs);
	const { logs } = group;
	const stop = async () => {
		await group.stopAll();
		balancer?.stop();
		redis.kill('SIGTERM');
	};
	try {
		for (const spec of specs) group.launch(spec);
		const main = QUEUE_MAIN_URL;
		const hooks = balancer ? QUEUE_BALANCER_URL : `http://127.0.0.1:${PORTS.webhook}`;
		await waitFor(
			async () => (await fetch(`${main}/healthz/readiness`)).ok,
			90_000,
			'the main process',
		);
		for (const spec of specs.slice(1)) await group.readyAfter(spec, 0);
		const cookie = await ownerSession(main, 'Queue');
		await publishPending(n8n, main, cookie);
		// Registered webhooks answer (an unknown one 404s); until then the process is still loading.
		// Without `readyPath` the caller publishes its workflows itself and waits for them.
		if (readyPath)
			await waitFor(
				async () =>
					(await fetch(`${hooks}/webhook/${readyPath}`, { method: readyMethod })).status !== 404,
				60_000,
				'the webhook process to serve our workflows',
			);
		loadedOurNodes(logs);
		return {
			main,
			hooks,
			logs,
			cookie,
			stop,
			executionsOf: (workflowId) => executionsOf(main, cookie, workflowId),
			pids: group.pids,
			restart: group.restart,
		};
	} catch (error) {
		await stop();
		error.message += `\nlogs: ${Object.entries(logs)
			.map(([name, log]) => `${name}: ${log.slice(-600)}`)
			.join('\n')}`;
		throw error;
	}
}
