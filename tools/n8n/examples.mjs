// The example workflows of examples/, made to run against this machine's sandbox: they are
// written for a stock n8n (sandbox on 127.0.0.1:4010, files under the n8n Docker image's
// ~/.n8n-files); the sandbox's real address and the files folder of this n8n replace those.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { N8N_MAJOR } from './install.mjs';

const examplesDir = fileURLToPath(new URL('../../examples/', import.meta.url));
const SANDBOX_ORIGIN = 'http://127.0.0.1:4010';
const FILES_DIR = '/home/node/.n8n-files';
/**
 * The secret the examples' triggers check signatures with (the sandbox signs with it): held by
 * the webhook credential the examples name, never by the workflows.
 */
export const EXAMPLE_WEBHOOK_SECRET = 'sandbox-webhook-secret';
/**
 * The verify token of that credential: what a webhook override (a URL for one number) is
 * registered with, as the guide's "Several workflows on one app" does.
 */
export const EXAMPLE_VERIFY_TOKEN = 'sandbox-verify-token';

export const EXAMPLES = {
	crm: 'bmExampleCrmSend1',
	catalog: 'bmExampleCatalog1',
	costReport: 'bmExampleCostRep1',
	inbox: 'bmExampleInbox001',
	agent: 'bmExampleAgent01',
	shop: 'bmExampleShop001',
	book: 'bmExampleBook001',
	router: 'bmExampleRouter1',
	routedMessages: 'bmExampleRouteMsg',
	routedTemplates: 'bmExampleRouteTpl',
};

/** Every example, parsed, with this machine's sandbox and files folder. */
export function loadExamples({ sandboxBaseUrl, filesDir }) {
	const origin = new URL(sandboxBaseUrl).origin;
	return readdirSync(examplesDir)
		.filter((f) => f.endsWith('.json'))
		.map((file) => {
			const text = readFileSync(join(examplesDir, file), 'utf8')
				.replaceAll(SANDBOX_ORIGIN, origin)
				.replaceAll(FILES_DIR, filesDir);
			return { file, workflow: JSON.parse(text) };
		});
}

/**
 * Whether an example must be published to run: a webhook starts it, or (n8n 2, which runs only a
 * sub-workflow's published version) another example calls it. n8n 1 runs a sub-workflow as
 * saved, and refuses to activate a workflow with no trigger of its own.
 */
function mustBePublished(workflow) {
	return workflow.nodes.some(
		(n) => n.webhookId || (N8N_MAJOR >= 2 && n.type === 'n8n-nodes-base.executeWorkflowTrigger'),
	);
}

/**
 * Imports the examples into an n8n home (its files folder allowed for the file nodes) and has
 * the ones that must be published when n8n starts (rest.mjs › publishPending), sub-workflows
 * first. `leaveOut` names examples a test adds itself, as a user does, through the editor.
 */
export function importExamples(n8n, { sandboxBaseUrl, filesDir, leaveOut = [] }) {
	mkdirSync(filesDir, { recursive: true });
	n8n.env.N8N_RESTRICT_FILE_ACCESS_TO = filesDir;
	const examples = loadExamples({ sandboxBaseUrl, filesDir }).filter(
		({ workflow }) => !leaveOut.includes(workflow.id),
	);
	// The triggers' signing secret and verify token, in the credential the examples name
	// (WEBHOOK_CREDENTIAL).
	n8n.importWebhookCredential(EXAMPLE_WEBHOOK_SECRET, { verifyToken: EXAMPLE_VERIFY_TOKEN });
	n8n.importWorkflows(examples.map(({ workflow }) => workflow));
	// Sub-workflows first: n8n 2 refuses to publish a workflow that calls an unpublished one.
	const published = examples.map(({ workflow }) => workflow).filter(mustBePublished);
	const isSubWorkflow = (w) =>
		w.nodes.some((n) => n.type === 'n8n-nodes-base.executeWorkflowTrigger');
	for (const workflow of [
		...published.filter(isSubWorkflow),
		...published.filter((w) => !isSubWorkflow(w)),
	])
		n8n.activate(workflow.id);
	return examples;
}

/** The webhook path of an example's trigger (the inbox by default). */
export function exampleTriggerPath(examples, workflowId = EXAMPLES.inbox) {
	const example = examples.find((e) => e.workflow.id === workflowId).workflow;
	const trigger = example.nodes.find((n) => n.type.endsWith('.businessMessagingTrigger'));
	return `${trigger.webhookId}/webhook`;
}

/** The trigger URL of an example (the inbox by default) in an n8n served at `base`. */
export function exampleTriggerUrl(base, examples, workflowId = EXAMPLES.inbox) {
	return `${base}/webhook/${exampleTriggerPath(examples, workflowId)}`;
}
