// n8n's REST API as the runs use it: the owner's session, the executions of a workflow and what
// they saved, publishing, and waiting until something holds (n8n starting, a webhook registered,
// an execution saved).
import { requireFromN8n } from './install.mjs';

/** Retries `test` every 300 ms until it holds (a throw counts as not yet); fails after `timeoutMs`. */
export async function waitFor(test, timeoutMs, what) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			if (await test()) return;
		} catch {
			// not there yet
		}
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 300));
	}
}

/** The executions n8n recorded for a workflow, newest first, read through its REST API as the owner. */
export async function executionsOf(base, cookie, workflowId) {
	const response = await fetch(
		`${base}/rest/executions?limit=100&filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
		{ headers: { cookie } },
	);
	const body = await response.json();
	return body.data?.results ?? body.data ?? [];
}

/**
 * Sets up n8n's owner (a fresh n8n has none: a refusal throws with n8n's answer) and returns the
 * session cookie for its REST API. `account` is the owner's email, names and password (by
 * default one made from `name`). n8n 1 says it is ready before its REST API is mounted (it
 * answers the editor's page): this waits for the API first.
 */
export async function ownerSession(base, name, account = runnerAccount(name)) {
	await waitFor(
		async () =>
			/json/.test((await fetch(`${base}/rest/settings`)).headers.get('content-type') ?? ''),
		60_000,
		"n8n's REST API",
	);
	const setup = await fetch(`${base}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(account),
	});
	if (!setup.ok)
		throw new Error(`n8n refused the owner set-up (${setup.status}): ${await setup.text()}`);
	return (setup.headers.get('set-cookie') ?? '').split(';')[0];
}

/** The owner `npm start` and the browser run sign in as (the README gives it to users). */
export const DEMO_OWNER = {
	email: 'demo@example.com',
	firstName: 'Demo',
	lastName: 'User',
	password: 'Sandbox-demo-1',
};

const runnerAccount = (name) => ({
	email: `${name.toLowerCase()}@example.com`,
	firstName: name,
	lastName: 'Runner',
	password: `${name}-password-1`,
});

/**
 * Publishes or unpublishes a workflow as the editor's Publish button does, and waits until n8n
 * has done it. n8n 2 answers at once and activates the triggers after (its publication outbox):
 * its publication status says when, and which trigger failed. n8n 1 activates them before it
 * answers, through the same route (1.123) or by saving the workflow with `active` (older). Throws with
 * n8n's message if a trigger failed to activate (a trigger whose publish step threw, e.g.).
 */
export async function setPublished(base, cookie, workflowId, published) {
	const headers = { cookie, 'content-type': 'application/json' };
	const saved = await fetch(`${base}/rest/workflows/${workflowId}`, { headers: { cookie } });
	const { versionId } = (await saved.json()).data;
	const what = published ? 'publishing' : 'unpublishing';
	const response = await fetch(
		`${base}/rest/workflows/${workflowId}/${published ? 'activate' : 'deactivate'}`,
		{ method: 'POST', headers, body: JSON.stringify(published ? { versionId } : {}) },
	);
	if (response.status === 404) {
		const patched = await fetch(`${base}/rest/workflows/${workflowId}`, {
			method: 'PATCH',
			headers,
			body: JSON.stringify({ active: published, versionId }),
		});
		const body = await patched.json().catch(() => ({}));
		if (!patched.ok)
			throw new Error(`${what} was refused (${patched.status}): ${body.message ?? ''}`);
		return body.data;
	}
	const body = await response.json().catch(() => ({}));
	if (!response.ok)
		throw new Error(`${what} was refused (${response.status}): ${body.message ?? ''}`);
	let status;
	await waitFor(
		async () => {
			const answer = await fetch(`${base}/rest/workflows/${workflowId}/publication-status`, {
				headers: { cookie },
			});
			// n8n 1 has no publication status: it activated the triggers before it answered.
			if (answer.status === 404) return (status = { triggers: [] });
			status = (await answer.json()).data;
			return status && status.status !== 'in_progress';
		},
		60_000,
		`n8n ${what} ${workflowId}`,
	);
	const failed = (status.triggers ?? []).filter((t) => t.status === 'failed');
	if (published && failed.length > 0)
		throw new Error(
			`${what} failed (${status.status}): ${failed.map((t) => t.errorMessage).join('; ')}`,
		);
	return body.data;
}

/**
 * Publishes the workflows a home gathered to be active (home.mjs › activate) in the n8n served at
 * `base`, one after another, each waited for as the Publish button's.
 */
export async function publishPending(n8n, base, cookie) {
	for (const id of n8n.toPublish.splice(0)) await setPublished(base, cookie, id, true);
}

/** The saved execution, its run data unflattened (read through n8n's REST API, as the editor does). */
export async function savedExecution(base, cookie, executionId) {
	const response = await fetch(`${base}/rest/executions/${executionId}`, { headers: { cookie } });
	const saved = (await response.json()).data;
	const data =
		typeof saved.data === 'string' ? requireFromN8n('flatted').parse(saved.data) : saved.data;
	return { ...saved, data };
}

/** The items a node output in an execution n8n saved. */
export async function savedOutput(base, cookie, executionId, nodeName) {
	const { data } = await savedExecution(base, cookie, executionId);
	return (data.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
}

async function restCall(base, cookie, path, init = {}) {
	const response = await fetch(`${base}/rest${path}`, {
		...init,
		headers: { cookie, 'content-type': 'application/json' },
	});
	const body = await response.json().catch(() => ({}));
	if (!response.ok)
		throw new Error(`n8n answered ${response.status} for ${path}: ${JSON.stringify(body)}`);
	return body.data;
}

/**
 * Creates an n8n API key (Settings › n8n API) as the owner, with the scopes whose names `wanted`
 * matches; returns the key.
 */
export async function createApiKey(base, cookie, label, wanted) {
	const scopes = (await restCall(base, cookie, '/api-keys/scopes')).filter((s) => wanted.test(s));
	const created = await restCall(base, cookie, '/api-keys', {
		method: 'POST',
		body: JSON.stringify({ label, scopes, expiresAt: null }),
	});
	const key = created.rawApiKey ?? created.apiKey;
	if (!key) throw new Error(`n8n made no API key: ${JSON.stringify(created)}`);
	return key;
}

/**
 * Points a trigger's State Store credential (`{id, name}`, imported before) at this n8n's API with
 * `apiKey`, as a user does in the credential's form.
 */
export async function setStateStoreCredential(base, cookie, credential, apiKey) {
	await restCall(base, cookie, `/credentials/${credential.id}`, {
		method: 'PATCH',
		body: JSON.stringify({
			name: credential.name,
			type: 'businessMessagingN8nApi',
			data: { baseUrl: `${base}/api/v1`, apiKey },
		}),
	});
}
