// n8n's REST API as the runs use it: the owner's session, the executions of a workflow, and
// waiting until something holds (n8n starting, a webhook registered, an execution saved).

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

/** Sets up n8n's owner (a fresh n8n has none) and returns the session cookie for its REST API. */
export async function ownerSession(base, name) {
	const setup = await fetch(`${base}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			email: `${name.toLowerCase()}@example.com`,
			firstName: name,
			lastName: 'Runner',
			password: `${name}-password-1`,
		}),
	});
	return (setup.headers.get('set-cookie') ?? '').split(';')[0];
}
