// End-to-end: the package inside a real n8n (installed once into a cache), against the
// sandbox. Starts the sandbox and one n8n home, imports every workflow (n8n's CLI imports them in
// one call each kind), then serves n8n and runs the flows of e2e/flows/ in it: the credential's
// test, each action workflow through its webhook, the trigger, the example workflows. Last, with
// n8n stopped, the nightly catalog sync as `n8n execute` runs it. Prints "N passed, N failed";
// exits 1 on a failure.
//   node e2e/run.mjs
import { join } from 'node:path';
import { check, finish } from './checks.mjs';
import { SECRET_SCAN, scanForKey } from './secretScan.mjs';
import { actionFlows, importActionWorkflows } from './flows/actions.mjs';
import { catalogExampleFlow, costReportExampleFlow } from './flows/catalogExample.mjs';
import { credentialTestFlow } from './flows/credentialTest.mjs';
import {
	httpRequestCredentialFlow,
	importHttpRequestWorkflows,
} from './flows/httpRequestCredential.mjs';
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
import { outputOf, runIn } from './flows/workflows.mjs';
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
	const filesDir = join(n8n.userFolder, 'files');
	/** What every flow is given: the n8n home, the sandbox and the ways to use them. */
	const context = {
		n8n,
		sandbox,
		said,
		heard,
		/** Runs a workflow of flows/workflows.mjs › chain once in the served n8n; its run data. */
		run: async (flow) => {
			const ran = await runIn(context, flow);
			heard(JSON.stringify(ran));
			return ran;
		},
		/** The output items of a workflow's node, run once. */
		execute: async (flow, nodeName) => outputOf(await context.run(flow), nodeName),
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

	const actionWorkflows = await importActionWorkflows(context);
	const httpRequestWorkflows = await importHttpRequestWorkflows(context);
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
		await httpRequestCredentialFlow(context, httpRequestWorkflows);
		await actionFlows(context, actionWorkflows);
		await triggerFlow(context);
		await servedExampleFlow(context);
		await numberOverrideFlow(context);
	} finally {
		await served.stop();
	}
	// After the served checks: the sync replaces the catalog that Product › Get Many counts.
	await catalogExampleFlow(context);
	await costReportExampleFlow(context);

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
