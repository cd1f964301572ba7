// Free-text Send and Wait questions at scale, for e2e/storeScale.mjs: a workflow that asks one
// (a Webhook node given the customer, the Business Messaging node's Send and Wait, then "After"),
// the questions asked and open in n8n's database, and the customers' answers, each to resume
// its own question. The sandbox plays the platform for these chats: it takes the questions and
// delivers their receipts and the answers to the trigger.
import { waitFor } from './checks.mjs';
import { inFlight } from './platformSender.mjs';
import { allPages } from './triggerRuns.mjs';
import { actionNode, webhookNode, workflowJson } from '../tools/n8n/index.mjs';

const ASK_PATH = 'bm-scale-ask';
const QUESTIONS_TABLE = 'Business Messaging trigger: open questions';
/** The sandbox delivers for up to about 4 minutes: longer than the main's restart. */
const SANDBOX_RETRIES_MS = [
	1000, 2000, 4000, 8000, 15000, 30000, 30000, 30000, 30000, 30000, 30000,
];
const customer = (n) => `1558${String(n).padStart(7, '0')}`;
const answerOf = (n) => `Answer of chat ${n}`;

/** The workflow that asks: POST {"to": "<number>"} to its Webhook node. */
export function askWorkflow(sandbox) {
	const id = 'bmScaleAsk000001';
	return workflowJson({
		id,
		name: 'e2e scale: a free-text question',
		nodes: [
			{ ...webhookNode(ASK_PATH, { webhookId: `${id}-hook` }), id: `${id}-hook` },
			actionNode(
				{
					resource: 'message',
					operation: 'sendAndWait',
					phoneNumberId: { __rl: true, mode: 'list', value: sandbox.phoneNumberIds[0] },
					recipient: '={{ "+" + $json.body.to }}',
					responseType: 'freeText',
					bodyText: 'What should we write on the gift card?',
				},
				{ id: `${id}-ask`, name: 'Ask' },
			),
			{ id: `${id}-after`, name: 'After', type: 'n8n-nodes-base.noOp' },
		],
	});
}

/** The questions open in the store: distinct questions among its rows. */
async function openInStore(api) {
	const table = (await api('/data-tables?limit=50')).data.find((t) => t.name === QUESTIONS_TABLE);
	if (!table) return 0;
	const rows = await allPages(api, `/data-tables/${table.id}/rows`);
	return new Set(rows.map((row) => row.question)).size;
}

/**
 * Each of `count` customers writes first (the sandbox opens their 24-hour window and delivers the
 * message), then is asked a question; resolves once `count` questions are open in the store (or
 * 5 minutes passed): `{ opened, seconds }`.
 */
export async function openQuestions({ sandbox, api, askUrl, triggerUrl, secret, count }) {
	const started = Date.now();
	await sandbox.control('/webhook', { url: triggerUrl, secret }, 'PUT');
	await sandbox.control('/config', {
		receiptDelaysMs: { sent: 0, delivered: 0, read: 0 },
		webhookRetryDelaysMs: SANDBOX_RETRIES_MS,
	});
	const numberId = sandbox.phoneNumberIds[0];
	const customers = Array.from({ length: count }, (_, n) => n);
	await inFlight(customers, 10, async (n) => {
		await sandbox.control('/incoming', {
			phone_number_id: numberId,
			from: customer(n),
			text: 'Hello, a gift card please',
		});
	});
	// Their messages reach the trigger before any question is asked: the trigger takes a chat's
	// next delivered message as the answer, so a redelivered "Hello" would answer the question.
	await sandbox.control('/webhook/flush', {});
	await inFlight(customers, 10, async (n) => {
		// The Webhook node answers once its execution is queued; retried as a caller would.
		for (let attempt = 0; attempt < 10; attempt++) {
			const response = await fetch(askUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ to: customer(n) }),
			}).catch(() => undefined);
			if (response?.ok) return;
			await new Promise((resolve) => setTimeout(resolve, 1000 * (attempt + 1)));
		}
		throw new Error(`the question to ${customer(n)} was never asked`);
	});
	let opened = 0;
	await waitFor(
		async () => (opened = await openInStore(api)) >= count,
		300_000,
		`${count} questions open`,
	).catch(() => {});
	return { opened, seconds: Math.round((Date.now() - started) / 1000) };
}

/**
 * Each customer answers; resolves once no question waits any more (or 5 minutes passed):
 * `{ resumed, wrong, waiting, seconds }`: resumed with the customer's own answer, the others
 * (another answer, or none), and the executions still waiting.
 */
export async function answerQuestions({ sandbox, api, askId, count }) {
	const started = Date.now();
	const numberId = sandbox.phoneNumberIds[0];
	await inFlight(
		Array.from({ length: count }, (_, n) => n),
		10,
		async (n) =>
			await sandbox.control('/incoming', {
				phone_number_id: numberId,
				from: customer(n),
				text: answerOf(n),
			}),
	);
	const list = async (includeData) =>
		await allPages(api, `/executions?workflowId=${askId}&includeData=${includeData}`);
	const unfinished = (executions) =>
		executions.filter((e) => ['new', 'running', 'waiting'].includes(e.status)).length;
	await waitFor(
		async () => unfinished(await list(false)) === 0,
		300_000,
		'every question to be answered',
	).catch(() => {});
	const executions = await list(true);
	const wrong = [];
	let resumed = 0;
	for (const execution of executions) {
		const runData = execution.data?.resultData?.runData ?? {};
		const to = runData.Webhook?.[0]?.data?.main?.[0]?.[0]?.json?.body?.to;
		const after = runData.After?.[0]?.data?.main?.[0]?.[0]?.json;
		const n = Number(String(to).slice(4));
		if (after?.answered === true && after.text === answerOf(n)) resumed++;
		else wrong.push({ id: execution.id, status: execution.status, to, after });
	}
	return {
		resumed,
		wrong,
		waiting: unfinished(executions),
		seconds: Math.round((Date.now() - started) / 1000),
	};
}
