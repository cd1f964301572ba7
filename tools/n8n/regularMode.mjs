// n8n in its regular mode: one process serving the editor, the webhooks and the executions.
// The counterpart of queueMode.mjs for the end-to-end runs that take either mode.
import { ownerSession, publishPending, waitFor } from './rest.mjs';

/**
 * Starts `n8n` (a home from createN8nHome, workflows imported), publishes the ones it holds to be
 * active and waits until it serves the webhook at `readyPath`; every line it prints goes to `said`. Returns its address
 * (`main`, also `hooks`: one process takes the webhooks), an owner's session cookie, `stop()`
 * and the process ID (`pid`).
 */
export async function startRegularMode(n8n, { readyPath, readyMethod = 'GET', said }) {
	const server = n8n.start();
	server.stdout.on('data', (chunk) => said.push(String(chunk)));
	server.stderr.on('data', (chunk) => said.push(String(chunk)));
	const stop = async () => {
		server.kill('SIGTERM');
		if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
	};
	try {
		const main = n8n.env.N8N_WEBHOOK_URL.replace(/\/$/, '');
		await waitFor(async () => (await fetch(`${main}/healthz/readiness`)).ok, 90_000, 'n8n');
		const cookie = await ownerSession(main, 'Runner');
		await publishPending(n8n, main, cookie);
		// Registered webhooks answer (an unknown one 404s); until then n8n is still activating.
		await waitFor(
			async () =>
				(await fetch(`${main}/webhook/${readyPath}`, { method: readyMethod })).status !== 404,
			60_000,
			'the workflows to be active',
		);
		return { main, hooks: main, cookie, stop, pid: server.pid };
	} catch (error) {
		await stop();
		throw error;
	}
}
