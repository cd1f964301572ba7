// Everything a run needs to put the package in a real n8n, from one import: the install, a fresh
// home, the sandbox, n8n in regular or queue mode and its REST API. See README.md here.
export {
	cacheDir,
	ensureN8n,
	N8N_MAJOR,
	N8N_VERSION,
	nodeBin,
	requireFromN8n,
} from './install.mjs';
export { holdSqliteWriteLock } from './sqliteLock.mjs';
export { createN8nHome, SANDBOX_CREDENTIAL, WEBHOOK_CREDENTIAL } from './home.mjs';
export { startSandbox } from './sandbox.mjs';
export { startRegularMode } from './regularMode.mjs';
export {
	createQueueHome,
	QUEUE_BALANCER_URL,
	QUEUE_WEBHOOK_URLS,
	QUEUE_MAIN_URL,
	requireRedis,
	startQueueMode,
} from './queueMode.mjs';
export {
	createApiKey,
	DEMO_OWNER,
	executionsOf,
	ownerSession,
	publishPending,
	savedExecution,
	savedOutput,
	setPublished,
	setStateStoreCredential,
	waitFor,
} from './rest.mjs';
export {
	actionNode,
	storeTriggerWorkflow,
	triggerNode,
	webhookNode,
	workflowJson,
} from './workflowJson.mjs';
