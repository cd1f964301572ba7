// n8n in the mode a run chooses, with the faults the runs put it through: regular mode (one
// process, killed with SIGKILL and started again) or queue mode (a main, two webhook processes
// behind haproxy, two workers; a webhook process killed with SIGKILL and the main stopped with
// SIGTERM, each started again). Used by the runs that prove the trigger's state holds across
// faults (e2e/handover.mjs, e2e/sharedApp.mjs).
import { waitFor } from './checks.mjs';
import { ownerSession, startQueueMode } from '../tools/n8n/index.mjs';

/**
 * The processes of `n8n` (a home) serving at `main`: `start()`, `cookie()` (an owner's session,
 * signed in again after a restart), `log()` (what every process printed), `faults()` (each fault,
 * restarted; what happened, in words) and `stop()`. `owner` names the owner's account.
 */
export function n8nProcesses(n8n, { queue, main, owner }) {
	return queue ? queueProcesses(n8n) : regularProcess(n8n, main, owner);
}

function queueProcesses(n8n) {
	let queue;
	return {
		start: async () => (queue = await startQueueMode(n8n, { webhooks: 2, workers: 2 })),
		cookie: () => queue.cookie,
		log: () => Object.values(queue?.logs ?? {}).join('\n'),
		faults: async () => [
			await restarted('webhook', 'SIGKILL', () => queue.restart('webhook', 'SIGKILL')),
			await restarted('main', 'SIGTERM', () => queue.restart('main', 'SIGTERM')),
		],
		stop: async () => await queue?.stop(),
	};
}

function regularProcess(n8n, main, owner) {
	let server;
	let cookie;
	let printed = '';
	const start = async () => {
		server = n8n.start('start', { N8N_LOG_LEVEL: 'info' });
		for (const stream of [server.stdout, server.stderr])
			stream.on('data', (chunk) => (printed += String(chunk)));
		await waitFor(async () => (await fetch(`${main}/healthz/readiness`)).ok, 120_000, 'n8n');
		cookie = cookie ? await signIn(main, owner) : await ownerSession(main, owner);
	};
	const stop = async (signal = 'SIGTERM') => {
		if (!server || server.exitCode !== null || server.signalCode !== null) return;
		const exited = new Promise((resolve) => server.once('exit', resolve));
		server.kill(signal);
		await exited;
		// A killed n8n's task runner holds its port for a moment.
		await new Promise((resolve) => setTimeout(resolve, 1500));
	};
	return {
		start,
		cookie: () => cookie,
		log: () => printed,
		faults: async () => [
			await restarted('n8n', 'SIGKILL', async () => {
				await stop('SIGKILL');
				await start();
			}),
		],
		stop,
	};
}

/** The owner made by ownerSession(main, owner), signed in again. */
async function signIn(main, owner) {
	const login = await fetch(`${main}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			emailOrLdapLoginId: `${owner.toLowerCase()}@example.com`,
			password: `${owner}-password-1`,
		}),
	});
	return (login.headers.get('set-cookie') ?? '').split(';')[0];
}

async function restarted(name, signal, restart) {
	const started = Date.now();
	await restart();
	return `${name} ${signal}, back after ${Math.round((Date.now() - started) / 1000)} s`;
}
