// Benchmark: per-delivery cost of the Business Messaging Trigger in a real n8n (2.41.1) against
// n8n's own Webhook node, on the same deliveries (a receipt in the Cloud API envelope), C at a
// time, all workflows active in the same n8n, measured side by side in one run.
//   node bench/trigger.mjs [--deliveries 5000] [--concurrency 10] [--engine legacy|vm]
//
// Why two Webhook nodes and an engine switch: with its default expression engine ("vm",
// isolated-vm) n8n 2.x takes an isolate from a pool of one for the webhook phase of every
// trigger, except its own Webhook node from version 2 with static parameters, which it
// resolves natively (live-webhooks.js webhookPhaseNeedsIsolate). A community trigger cannot
// take that shortcut, and neither can Webhook node v1, so v1 shows the price of the same
// path. With N8N_EXPRESSION_ENGINE=legacy no isolate is involved and the nodes compare as equals.
import { parseArgs } from 'node:util';
import { createN8nHome, ensureN8n, startRegularMode, workflowJson } from '../tools/n8n/index.mjs';

const { values } = parseArgs({
	options: {
		deliveries: { type: 'string', default: '5000' },
		concurrency: { type: 'string', default: '10' },
		engine: { type: 'string', default: 'legacy' },
	},
});
const DELIVERIES = Number(values.deliveries);
const CONCURRENCY = Number(values.concurrency);
if (!['legacy', 'vm'].includes(values.engine)) throw new Error('--engine is legacy or vm');

await ensureN8n((line) => console.log(line));
const n8n = createN8nHome({ port: 5698 });
n8n.env.N8N_EXPRESSION_ENGINE = values.engine;
const webhookNode = (id, typeVersion, path) => ({
	id,
	name: 'Webhook',
	type: 'n8n-nodes-base.webhook',
	typeVersion,
	position: [0, 0],
	webhookId: `bench-${path}`,
	parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' },
});
const flows = [
	{
		id: 'bmBenchTrigger01',
		name: 'bench: business messaging trigger',
		nodes: [
			{
				id: 'bt',
				name: 'Trigger',
				type: 'n8n-nodes-business-messaging.businessMessagingTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId: 'bench-bm',
				parameters: { events: ['messageStatus'] },
			},
		],
	},
	{
		id: 'bmBenchWebhook02',
		name: 'bench: n8n webhook v2',
		nodes: [webhookNode('wh2', 2, 'bench-v2')],
	},
	{
		id: 'bmBenchWebhook01',
		name: 'bench: n8n webhook v1',
		nodes: [webhookNode('wh1', 1, 'bench-v1')],
	},
];
n8n.importActiveWorkflows(flows.map(workflowJson));
const served = await startRegularMode(n8n, {
	readyPath: 'bench-v2',
	readyMethod: 'POST',
	said: [],
});
const base = n8n.env.N8N_WEBHOOK_URL.replace(/\/$/, '');
const targets = {
	webhookV2: `${base}/webhook/bench-v2`,
	webhookV1: `${base}/webhook/bench-v1`,
	trigger: `${base}/webhook/bench-bm/webhook`,
};
const body = (i) =>
	JSON.stringify({
		object: 'whatsapp_business_account',
		entry: [
			{
				id: '102290129340398',
				changes: [
					{
						field: 'messages',
						value: {
							messaging_product: 'whatsapp',
							metadata: { phone_number_id: '106540352242922' },
							statuses: [
								{
									id: `wamid.bench${i}`,
									status: 'delivered',
									timestamp: '1763769600',
									recipient_id: '14155550100',
								},
							],
						},
					},
				],
			},
		],
	});
const post = (url, i) =>
	fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(i) });
try {
	for (;;) {
		try {
			const answers = await Promise.all(Object.values(targets).map((url) => post(url, -1)));
			if (answers.every((a) => a.ok)) break;
		} catch {
			// n8n is still starting
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	const run = async (url) => {
		let next = 0;
		let failed = 0;
		const started = performance.now();
		await Promise.all(
			Array.from({ length: CONCURRENCY }, async () => {
				while (next < DELIVERIES) {
					const response = await post(url, next++);
					await response.arrayBuffer();
					if (!response.ok) failed++;
				}
			}),
		);
		return { ms: performance.now() - started, failed };
	};
	// Warm-up, then alternate so that any drift is shared fairly.
	for (const url of Object.values(targets)) await run(url);
	const rows = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
	for (let round = 0; round < 2; round++)
		for (const [name, url] of Object.entries(targets)) rows[name].push(await run(url));
	const best = (name) => Math.min(...rows[name].map((r) => r.ms));
	const cell = (name) =>
		`${best(name).toFixed(0)} ms (${(best(name) / DELIVERIES).toFixed(1)} each)`;
	const failures = Object.values(rows)
		.flat()
		.reduce((n, r) => n + r.failed, 0);
	console.log(
		'| engine | deliveries | concurrency | Webhook node v2 | Webhook node v1 | Business Messaging Trigger | trigger / v2 | trigger / v1 | failed |',
	);
	console.log('|---|---|---|---|---|---|---|---|---|');
	console.log(
		`| ${values.engine} | ${DELIVERIES} | ${CONCURRENCY} | ${cell('webhookV2')} | ${cell('webhookV1')} | ${cell('trigger')} | ${(best('trigger') / best('webhookV2')).toFixed(2)} | ${(best('trigger') / best('webhookV1')).toFixed(2)} | ${failures} |`,
	);
} finally {
	await served.stop();
	n8n.remove();
}
