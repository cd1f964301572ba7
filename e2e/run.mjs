// End-to-end: the package inside a real n8n (installed once into a cache), against the
// sandbox. Starts the sandbox and one n8n home, then runs the flows of e2e/flows/ in order: first
// with n8n stopped (each action workflow run headless by `n8n execute`), then in the served n8n
// (the credential's test, the trigger, the example workflows). Prints "N passed, N failed";
// exits 1 on a failure.
//   node e2e/run.mjs
import { join } from 'node:path';
import { check, finish } from './checks.mjs';
import { SECRET_SCAN, scanForKey } from './secretScan.mjs';
import { actionFlows } from './flows/actions.mjs';
import { catalogExampleFlow } from './flows/catalogExample.mjs';
import { credentialTestFlow } from './flows/credentialTest.mjs';
import {
	importNumberOverrideWorkflows,
	numberOverrideFlow,
	NUMBERS_SECRET,
} from './flows/numberOverrides.mjs';
import { servedExampleFlow } from './flows/servedExamples.mjs';
import {
	importTriggerWorkflow,
	TRIGGER_PATH,
	TRIGGER_SECRET,
	triggerFlow,
} from './flows/trigger.mjs';
import { outputOf } from './flows/workflows.mjs';
import { EXAMPLE_WEBHOOK_SECRET, importExamples } from '../tools/n8n/examples.mjs';
import { createN8nHome, ensureN8n, startRegularMode, startSandbox } from '../tools/n8n/index.mjs';

/** Everything n8n printed (CLI outputs, the server's log), for the secret scan. */
const said = [];
const heard = (text) => (said.push(text), text);

await ensureN8n((line) => console.log(line));
const sandbox = await startSandbox();
const n8n = createN8nHome({ port: Number(process.env.BM_N8N_PORT ?? 5688) });
try {
	n8n.importSandboxCredential(sandbox);
	/** `n8n execute`'s stdout; when the workflow failed (exit 1), the error it printed. */
	const runWorkflow = (id) => {
		try {
			return n8n.cli(['execute', `--id=${id}`, '--rawOutput']);
		} catch (error) {
			if (!error.stdout) throw error;
			// Seen once in CI (2026-11-27): the workflow finished with "status": "success" and its
			// whole output printed, then the CLI process died of a signal on its way out. That is
			// n8n's exit, not the workflow: its output counts, and the signal is said.
			const stdout = String(error.stdout);
			if (
				error.status === null &&
				error.signal &&
				/"finished": true/.test(stdout) &&
				/"status": "success"/.test(stdout)
			) {
				console.log(
					`note: n8n execute --id=${id} ended by ${error.signal} after the workflow finished; its output is complete`,
				);
				return stdout;
			}
			heard(String(error.stdout));
			heard(String(error.stderr ?? ''));
			outputOf(String(error.stdout));
			const printed = `${error.stdout}\n${error.stderr ?? ''}`
				.trim()
				.split('\n')
				.slice(-5)
				.join(' / ');
			throw new Error(
				`n8n execute exited with ${error.status}${error.signal ? ` (${error.signal})` : ''}: ${printed}`,
			);
		}
	};
	const filesDir = join(n8n.userFolder, 'files');
	/** What every flow is given: the n8n home, the sandbox and the ways to use them. */
	const context = {
		n8n,
		sandbox,
		said,
		heard,
		runWorkflow,
		/** The output items of a workflow's node, run once by `n8n execute`. */
		execute: (flow, nodeName) => outputOf(heard(runWorkflow(flow.id)), nodeName),
		/** A GET of the sandbox's control API. */
		control: async (path) => (await fetch(sandbox.controlUrl + path)).json(),
		/** A POST of the sandbox's control API (PUT for its webhook address). */
		post: (path, body) =>
			fetch(`${sandbox.controlUrl}${path}`, {
				method: path === '/webhook' ? 'PUT' : 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			}),
		filesDir,
		examples: importExamples(n8n, { sandboxBaseUrl: sandbox.baseUrl, filesDir }),
	};

	// n8n stopped: each workflow is one `n8n execute`.
	await actionFlows(context);
	await catalogExampleFlow(context);

	// n8n served: webhooks, the REST API, executions.
	importTriggerWorkflow(context);
	importNumberOverrideWorkflows(context);
	const served = await startRegularMode(n8n, {
		readyPath: TRIGGER_PATH,
		readyMethod: 'POST',
		said,
	});
	try {
		Object.assign(context, { base: served.main, cookie: served.cookie });
		await credentialTestFlow(context);
		await triggerFlow(context);
		await servedExampleFlow(context);
		await numberOverrideFlow(context);
	} finally {
		await served.stop();
	}

	await check(SECRET_SCAN, async () => {
		await scanForKey({
			sandbox,
			n8n,
			texts: said,
			minRequests: 20,
			secrets: [EXAMPLE_WEBHOOK_SECRET, TRIGGER_SECRET, NUMBERS_SECRET],
		});
	});
} finally {
	sandbox.child.kill('SIGTERM');
	n8n.remove();
}
finish();
