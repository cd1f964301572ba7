// The suites that need a served n8n (sendAndWait.mjs, agents.mjs, aiAgent.mjs), run alone (each
// script by itself) or several in one process against one n8n and one sandbox (suites.mjs), which
// saves an n8n home, a start and its imports per suite. A suite stays independent there: its own
// workflows, trigger and webhook credential, and the sandbox reset to its seed before it.
//
// A suite is { active, prepare }: `prepare({ n8n, sandbox, queue, mode })` imports its
// credentials and workflows while n8n is stopped and returns { readyPath, secrets, run(served),
// close?, minRequests? }: `readyPath` a webhook n8n serves once the suite's workflows are active, `secrets` its
// trigger's secrets, `run` its checks given the served n8n ({ main, hooks, cookie, said, logs }),
// `close` what to stop after, `minRequests` how many API requests the scan must have seen (1; 0 for
// a suite that calls no API). After a suite's checks, the runner checks that neither the API key
// nor those secrets were left anywhere (SECRET_SCAN).
import { fileURLToPath } from 'node:url';
import { check, finish, waitFor } from './checks.mjs';
import { SECRET_SCAN, scanForKey } from './secretScan.mjs';
import {
	createN8nHome,
	createQueueHome,
	ensureN8n,
	N8N_VERSION,
	requireRedis,
	startQueueMode,
	startRegularMode,
	startSandbox,
} from '../tools/n8n/index.mjs';

/** Whether the module at `url` is the script node was started with. */
export const isMain = (url) => process.argv[1] === fileURLToPath(url);

/**
 * Runs `suites` in order against one n8n (regular mode, or queue mode) and one sandbox, prints
 * "N passed, N failed" and exits (1 on a failure).
 */
export async function runSuites(suites, { queue = false, port = 5698 } = {}) {
	if (queue) requireRedis();
	const mode = queue ? 'queue mode' : 'regular mode';
	/** Everything the regular-mode n8n printed, for the suites' secret scans. */
	const said = [];
	await ensureN8n((line) => console.log(line));
	const sandbox = await startSandbox();
	const n8n = queue ? createQueueHome() : createN8nHome({ port });
	const prepared = [];
	let served;
	try {
		n8n.importSandboxCredential(sandbox);
		for (const suite of suites) prepared.push(await suite.prepare({ n8n, sandbox, queue, mode }));
		for (const [index, suite] of suites.entries()) {
			const { readyPath, run } = prepared[index];
			const name =
				index === 0
					? `n8n ${N8N_VERSION} (${mode}) starts with ${suite.active} active`
					: `n8n ${N8N_VERSION} (${mode}) has ${suite.active} active too`;
			await check(name, async () => {
				if (index === 0) {
					served = queue
						? await startQueueMode(n8n, { readyPath, readyMethod: 'GET' })
						: await startRegularMode(n8n, { readyPath, said });
					return;
				}
				if (!served) throw new Error('n8n did not start');
				await waitFor(
					async () => (await fetch(`${served.hooks}/webhook/${readyPath}`)).status !== 404,
					60_000,
					`${readyPath} to be served`,
				);
			});
			if (!served) throw new Error('n8n did not start');
			// Back to the seed (the same IDs and key): no suite sees another's messages or log.
			if (index > 0) await sandbox.control('/reset', {});
			await run({ ...served, said, logs: served.logs });
			const { logs } = served;
			await check(SECRET_SCAN, async () => {
				const texts = queue ? Object.values(logs) : said;
				await scanForKey({
					sandbox,
					n8n,
					texts,
					secrets: prepared[index].secrets,
					minRequests: prepared[index].minRequests,
				});
			});
		}
	} finally {
		if (served) await served.stop();
		for (const { close } of prepared) await close?.();
		sandbox.child.kill();
		n8n.remove();
	}
	finish();
}
