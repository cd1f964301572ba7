// What a trigger's workflow ran, read through n8n's public API: each execution with the message
// IDs its trigger gave (a burst's messages, or the one event), and how often each message ran.
import { waitFor } from '../tools/n8n/rest.mjs';

/** n8n's public API at `base` (…/api/v1) with `apiKey`: a GET of `path`, its JSON. */
export function publicApi(base, apiKey) {
	return async (path, init = {}) => {
		const response = await fetch(`${base}${path}`, {
			...init,
			headers: { 'x-n8n-api-key': apiKey, 'content-type': 'application/json', ...init.headers },
		});
		const body = await response.json().catch(() => ({}));
		if (!response.ok)
			throw new Error(`n8n's API answered ${response.status} for ${path}: ${JSON.stringify(body)}`);
		return body;
	};
}

/** Every item of a list of n8n's public API (`path`, with or without a query), page by page. */
export async function allPages(api, path) {
	const found = [];
	const join = path.includes('?') ? '&' : '?';
	let cursor;
	do {
		const page = await api(`${path}${join}limit=250${cursor ? `&cursor=${cursor}` : ''}`);
		found.push(...page.data);
		cursor = page.nextCursor;
	} while (cursor);
	return found;
}

/** Every execution of the workflow with the messages its trigger (`nodeName`) gave, oldest first. */
export async function triggerExecutions(api, workflowId, nodeName = 'Business Messaging Trigger') {
	const found = await allPages(api, `/executions?workflowId=${workflowId}&includeData=true`);
	return found
		.map((execution) => {
			// An execution that never ran (crashed before its first node, or still queued) holds its
			// trigger's items only in the stack it was to start from.
			const items =
				execution.data?.resultData?.runData?.[nodeName]?.[0]?.data?.main?.[0] ??
				execution.data?.executionData?.nodeExecutionStack?.find((s) => s.node?.name === nodeName)
					?.data?.main?.[0] ??
				[];
			return {
				id: execution.id,
				status: execution.status,
				startedAt: Date.parse(execution.startedAt),
				messageIds: items.flatMap(({ json }) =>
					Array.isArray(json.messages) ? json.messages.map((m) => m.messageId) : [json.messageId],
				),
				chats: items.map(({ json }) => json.sendTo),
			};
		})
		.sort((a, b) => a.startedAt - b.startedAt);
}

/** How often each message ran, in the executions started after `since`. */
export async function messageRuns(api, workflowId, since = 0) {
	const all = (await triggerExecutions(api, workflowId)).filter((e) => e.startedAt >= since);
	const runs = new Map();
	for (const execution of all)
		for (const id of execution.messageIds) runs.set(id, (runs.get(id) ?? 0) + 1);
	return { all, runs };
}

/**
 * Waits until every message of `ids` ran in the workflow's executions started since `since` (or
 * `timeoutMs` passed: the caller counts what is missing), then returns those executions' runs.
 */
export async function messagesRan(api, workflowId, ids, since, timeoutMs) {
	await waitFor(
		async () => {
			const { runs } = await messageRuns(api, workflowId, since);
			return ids.every((id) => runs.has(id));
		},
		timeoutMs,
		`${ids.length} messages to run`,
	).catch(() => {});
	return await messageRuns(api, workflowId, since);
}

/** The messages of `ids` that never ran, and those that ran more than once. */
export function exactlyOnce(ids, runs) {
	const missing = ids.filter((id) => !runs.has(id));
	const twice = ids.filter((id) => (runs.get(id) ?? 0) > 1);
	return { missing, twice };
}

/**
 * The executions of `executionIds` that n8n created before `instant` (ms). After a restart n8n
 * 2.x runs the executions a stopped process had created and not yet started (regular mode:
 * EnqueuedExecutionRecoveryService): they start after the restart but were created before it.
 */
export async function createdBefore(api, executionIds, instant) {
	const before = new Set();
	for (const id of executionIds) {
		const execution = await api(`/executions/${id}`);
		if (Date.parse(execution.createdAt) < instant) before.add(id);
	}
	return before;
}
