// `npm start`: the sandbox on 127.0.0.1:4010 and a real n8n on 127.0.0.1:5678 with this package
// installed and a credential pointing at the sandbox. The first run installs n8n into a cache
// (about 6 minutes); later runs are ready in well under a minute. Ctrl-C stops everything.
import { createWriteStream } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
	EXAMPLE_VERIFY_TOKEN,
	EXAMPLE_WEBHOOK_SECRET,
	importExamples,
	exampleTriggerUrl,
} from '../tools/n8n/examples.mjs';
import {
	createN8nHome,
	DEMO_OWNER,
	ensureN8n,
	N8N_VERSION,
	ownerSession,
	publishPending,
	startSandbox,
	waitFor,
	WEBHOOK_CREDENTIAL,
} from '../tools/n8n/index.mjs';

const PORT = Number(process.env.N8N_PORT ?? 5678);

const started = Date.now();
await ensureN8n((line) => console.log(line));
console.log('… starting the sandbox');
const sandbox = await startSandbox(Number(process.env.SANDBOX_PORT ?? 4010));
console.log(`✓ sandbox at ${sandbox.baseUrl} (key ${sandbox.apiKey})`);
// Last week's template sends, so the weekly cost report example shows figures at once.
const lastWeek = await sandbox.control('/traffic/last-week', {});
console.log(`✓ last week's traffic: ${lastWeek.messages} template sends, ${lastWeek.clicks} taps`);
const n8n = createN8nHome({ port: PORT });
console.log('… importing the sandbox credential');
n8n.importSandboxCredential(sandbox);
// n8n's own folder for files that workflows write (the inbox example saves media there).
const filesDir = process.env.BM_FILES_DIR ?? join(homedir(), '.n8n-files');
console.log(`… importing the example workflows (files go to ${filesDir})`);
const examples = importExamples(n8n, { sandboxBaseUrl: sandbox.baseUrl, filesDir });
console.log(`… starting n8n ${N8N_VERSION}`);
// n8n's log goes to a file the banner names (troubleshooting.md sends users there first); its
// level comes from N8N_LOG_LEVEL (debug says why a delivery started nothing).
const logFile = join(tmpdir(), `n8n-business-messaging-${process.pid}.log`);
const log = createWriteStream(logFile);
const server = n8n.start('start', { N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'info' });
server.stdout.pipe(log);
server.stderr.on('data', (chunk) => {
	log.write(chunk);
	process.stderr.write(chunk);
});

let stopping = false;
const stop = (code = 0) => {
	if (stopping) return;
	stopping = true;
	console.log('\nstopping n8n and the sandbox...');
	server.kill('SIGTERM');
	sandbox.child.kill('SIGTERM');
	server.once('exit', () => {
		n8n.remove();
		process.exit(code);
	});
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
server.once(
	'exit',
	(code) =>
		!stopping &&
		(console.error(`n8n exited (${code})`), sandbox.child.kill('SIGTERM'), process.exit(1)),
);

const base = `http://127.0.0.1:${PORT}`;
try {
	await waitFor(async () => (await fetch(`${base}/healthz/readiness`)).ok, 120_000, 'n8n');
	// The examples that answer deliveries (the inbox, the CRM webhook…) are published as a user
	// does, with the demo owner's session; then the sandbox delivers its events (incoming
	// messages, receipts, template decisions) to the inbox example.
	await publishPending(n8n, base, await ownerSession(base, DEMO_OWNER.firstName, DEMO_OWNER));
	await fetch(`${sandbox.controlUrl}/webhook`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			url: exampleTriggerUrl(base, examples),
			secret: EXAMPLE_WEBHOOK_SECRET,
		}),
	});
} catch (error) {
	console.error(`n8n did not get ready: ${error.message}`);
	stop(1);
}
if (!stopping)
	console.log(`
Ready in ${Math.round((Date.now() - started) / 1000)} s.

  n8n editor   ${base}/
  login        ${DEMO_OWNER.email} / ${DEMO_OWNER.password}
  credential   "Business Messaging sandbox" (${sandbox.baseUrl}, key ${sandbox.apiKey})
  webhook      "${WEBHOOK_CREDENTIAL.name}" (the triggers' signing secret, ${EXAMPLE_WEBHOOK_SECRET}; verify token ${EXAMPLE_VERIFY_TOKEN})
  sandbox      ${sandbox.controlUrl}/ (control API: see packages/sandbox/README.md)
  n8n's log    ${logFile} (level ${process.env.N8N_LOG_LEVEL ?? 'info'}; N8N_LOG_LEVEL=debug npm start for more)
  examples     ${examples.map((e) => e.workflow.name.replace(/^Example: /, '')).join('; ')}
               (examples/README.md says how to drive each one)

Add a "Business Messaging" node to a workflow and pick the sandbox credential. Ctrl-C stops everything.`);
