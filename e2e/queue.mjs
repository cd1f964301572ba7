// End-to-end in n8n's queue mode (tools/n8n/queueMode.mjs: Redis, PostgreSQL, one main, one
// worker and one webhook process), as a suite (suite.mjs): the examples and a Business Messaging
// workflow are started through the webhook process and must run on the worker; the trigger gets
// the sandbox's events through the webhook process too; a number's override is published on the
// main. suites.mjs --queue runs it with the other suites in one cluster; alone it prints
// "N passed, N failed".
//   node e2e/queue.mjs          (needs: apt-get install redis-server postgresql)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { assert, check, waitFor } from './checks.mjs';
import {
	EXAMPLE_WEBHOOK_SECRET,
	EXAMPLES,
	importExamples,
	exampleTriggerPath,
	exampleTriggerUrl,
} from '../tools/n8n/examples.mjs';
import { actionNode, webhookNode, workflowJson } from '../tools/n8n/index.mjs';
import {
	importNumberOverrideWorkflows,
	numberOverrideFlow,
	NUMBERS_SECRET,
} from './flows/numberOverrides.mjs';
import { isMain, runSuites } from './suite.mjs';

export const queueExamplesSuite = {
	active: 'the examples and a Business Messaging workflow behind a webhook',
	prepare,
};

function prepare({ n8n, sandbox }) {
	const filesDir = join(n8n.userFolder, 'files');
	const examples = importExamples(n8n, { sandboxBaseUrl: sandbox.baseUrl, filesDir });
	const products = webhookWorkflow('bmQueueProducts1', 'queue-products', {
		resource: 'product',
		operation: 'getMany',
		catalogId: { __rl: true, mode: 'id', value: sandbox.catalogId },
		returnAll: true,
	});
	n8n.importActiveWorkflows([products]);
	importNumberOverrideWorkflows({ n8n, sandbox });
	return {
		// The inbox's trigger answers a GET (the platform's check of the URL) once it is active.
		readyPath: exampleTriggerPath(examples),
		secrets: [EXAMPLE_WEBHOOK_SECRET, NUMBERS_SECRET],
		async run(served) {
			const q = { ...served, sandbox, examples, products, filesDir };
			q.control = async (path, method = 'GET', body) =>
				(
					await fetch(sandbox.controlUrl + path, {
						method,
						headers: body ? { 'content-type': 'application/json' } : {},
						body: body && JSON.stringify(body),
					})
				).json();
			q.ranOnWorker = (workflowId, count) => ranOnWorker(served, workflowId, count);
			await q.control('/config', 'POST', { receiptDelaysMs: { sent: 0, delivered: 0, read: 0 } });
			await q.control('/webhook', 'PUT', {
				url: exampleTriggerUrl(served.hooks, examples),
				secret: EXAMPLE_WEBHOOK_SECRET,
			});
			for (const step of [productsOnWorker, crmOnWorker, photoOnWorker]) await step(q);
			// Published on the main; the platform's check of the URL and the deliveries reach the
			// webhook process.
			await numberOverrideFlow({
				sandbox,
				base: served.main,
				hooks: served.hooks,
				cookie: served.cookie,
				post: (path, body) => q.control(path, path === '/webhook' ? 'PUT' : 'POST', body),
			});
		},
	};
}

/** The executions of a workflow once `count` have finished, each run by the worker. */
async function ranOnWorker({ executionsOf, logs }, workflowId, count) {
	await waitFor(
		async () => {
			const list = await executionsOf(workflowId);
			return (
				list.length >= count && list.every((e) => !['new', 'running', 'waiting'].includes(e.status))
			);
		},
		30_000,
		`${count} finished executions of ${workflowId}`,
	);
	const list = await executionsOf(workflowId);
	assert(
		list.length === count && list.every((e) => e.status === 'success'),
		`executions: ${JSON.stringify(list.map((e) => [e.id, e.status]))}`,
	);
	for (const e of list)
		assert(
			logs.worker.includes(`Worker finished execution ${e.id} `),
			`execution ${e.id} did not run on the worker`,
		);
	return list;
}

/** Product › Get Many behind a webhook: answered through the webhook process, run by the worker. */
async function productsOnWorker({ hooks, products, executionsOf, ranOnWorker }) {
	await check(
		'queue mode: Product › Get Many, started through the webhook process, runs on the worker',
		async () => {
			const before = (await executionsOf(products.id)).length;
			const response = await fetch(`${hooks}/webhook/queue-products`, { method: 'POST' });
			const items = await response.json();
			assert(
				Array.isArray(items) && items.length === 50 && items[0].retailer_id === 'SKU-00001',
				`answered ${response.status}: ${JSON.stringify(items).slice(0, 200)}`,
			);
			await ranOnWorker(products.id, before + 1);
		},
	);
}

/** The CRM example: its template sent on the worker, its receipts ignored by the inbox. */
async function crmOnWorker({ hooks, control, executionsOf, ranOnWorker }) {
	await check(
		'queue mode: the CRM example sends its template on the worker; its receipts start nothing in the inbox',
		async () => {
			const deal = {
				deal: { id: '5005', items: 'a bag of Peru Cajamarca', delivery_day: 'Monday' },
				contact: { first_name: 'Ivo', phone: '+1 415 555 0177' },
			};
			const response = await fetch(`${hooks}/webhook/crm-deal-won`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(deal),
			});
			const answer = await response.json();
			assert(
				/^wamid\./.test(answer.messageId),
				`answered ${response.status}: ${JSON.stringify(answer)}`,
			);
			await ranOnWorker(EXAMPLES.crm, 1);
			// sent, delivered and read are delivered to the inbox trigger, which does not take receipts.
			await waitFor(
				async () =>
					(await control('/webhook/deliveries')).data.filter((d) => d.status === 'delivered')
						.length >= 3,
				15_000,
				'three receipts delivered',
			);
			assert(
				(await executionsOf(EXAMPLES.inbox)).length === 0,
				'a receipt started the inbox workflow',
			);
		},
	);
}

/** An incoming photo: the trigger through the webhook process, saved and answered on the worker. */
async function photoOnWorker({ sandbox, control, filesDir, ranOnWorker }) {
	await check(
		'queue mode: the trigger takes an incoming photo through the webhook process; the worker saves it and replies',
		async () => {
			const incoming = await control('/incoming', 'POST', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: '14155550188',
				type: 'image',
			});
			await ranOnWorker(EXAMPLES.inbox, 1);
			assert(
				readdirSync(filesDir).some((f) => f.includes(incoming.media_id)),
				`files: ${readdirSync(filesDir)}`,
			);
			const reply = (await control('/messages')).data.find((m) => m.to === '14155550188');
			assert(
				reply?.type === 'text' && reply.replyTo === incoming.message_id,
				`reply: ${JSON.stringify(reply)}`,
			);
		},
	);
}

/** Webhook (answers with the last node's items) → one Business Messaging operation. */
function webhookWorkflow(id, path, parameters) {
	return workflowJson({
		id,
		name: `queue: ${path}`,
		nodes: [
			{
				...webhookNode(path, { webhookId: `${id}-hook`, responseMode: 'lastNode' }),
				id: `${id}-hook`,
			},
			actionNode(parameters, { id: `${id}-bm` }),
		],
	});
}

if (isMain(import.meta.url)) await runSuites([queueExamplesSuite], { queue: true });
