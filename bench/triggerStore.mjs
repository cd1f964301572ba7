// Benchmark: what the trigger's state in n8n's database costs (issue 49). One n8n (2.41.1,
// SQLite), two published triggers side by side in the same run: no option (the baseline), and
// Collect Bursts + Skip Redeliveries with Keep State In › Database (Data Tables). Each takes the
// same deliveries (one message of a new chat each), C at a time, in alternating rounds; the figure
// is deliveries answered 200 a second, and the ratio store / baseline.
//   node bench/triggerStore.mjs [--deliveries 300] [--concurrency 25] [--rounds 2]
import { createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
	createApiKey,
	createN8nHome,
	ensureN8n,
	N8N_VERSION,
	setPublished,
	setStateStoreCredential,
	startRegularMode,
	WEBHOOK_CREDENTIAL,
} from '../tools/n8n/index.mjs';

const { values } = parseArgs({
	options: {
		deliveries: { type: 'string', default: '300' },
		concurrency: { type: 'string', default: '25' },
		rounds: { type: 'string', default: '2' },
	},
});
const DELIVERIES = Number(values.deliveries);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const PORT = 5715;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'bench-store-secret-0123456789abcdef';
const STATE_CREDENTIAL = { id: 'bmBenchState0001', name: 'Business Messaging state (bench)' };

const trigger = (name, parameters, credentials = {}) => ({
	id: `bmBenchStore${name}`,
	name: `bench trigger state: ${name}`,
	active: false,
	settings: { executionOrder: 'v1' },
	connections: {},
	nodes: [
		{
			id: `bmBenchStoreNode${name}`,
			name: 'Business Messaging Trigger',
			type: 'n8n-nodes-business-messaging.businessMessagingTrigger',
			typeVersion: 1.1,
			position: [0, 0],
			webhookId: `bm-bench-${name}`,
			credentials: { businessMessagingSignatureApi: WEBHOOK_CREDENTIAL, ...credentials },
			parameters: { events: ['incomingMessage'], deliveryAuth: 'signature', ...parameters },
		},
	],
});
const plain = trigger('plain', { options: {} });
const stored = trigger(
	'stored',
	{ keepStateIn: 'database', options: { collectBursts: 2, skipRedeliveries: true } },
	{ businessMessagingN8nApi: STATE_CREDENTIAL },
);

function delivery(id, from) {
	return JSON.stringify({
		object: 'whatsapp_business_account',
		entry: [
			{
				id: 'waba-bench',
				changes: [
					{
						field: 'messages',
						value: {
							messaging_product: 'whatsapp',
							metadata: { display_phone_number: '15550001111', phone_number_id: 'pn-bench' },
							contacts: [{ wa_id: from, profile: { name: 'Bench' } }],
							messages: [
								{
									id,
									from,
									timestamp: String(Math.floor(Date.now() / 1000)),
									type: 'text',
									text: { body: 'hello' },
								},
							],
						},
					},
				],
			},
		],
	});
}

/** Delivers DELIVERIES new messages to `path`, C at a time; deliveries answered 200 a second. */
async function run(path, round) {
	let next = 0;
	let failed = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			for (let n = next++; n < DELIVERIES; n = next++) {
				const from = `1557${String(round).padStart(2, '0')}${String(n).padStart(5, '0')}`;
				const body = delivery(`wamid.bench.${path}.${round}.${n}`, from);
				const signature = createHmac('sha256', SECRET).update(body).digest('hex');
				const response = await fetch(`${BASE}/webhook/bm-bench-${path}/webhook`, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						'x-hub-signature-256': `sha256=${signature}`,
					},
					body,
				});
				await response.arrayBuffer();
				if (response.status !== 200) failed++;
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	return { perSecond: (DELIVERIES - failed) / seconds, failed };
}

await ensureN8n((line) => console.log(line));
const n8n = createN8nHome({ port: PORT });
const said = [];
let served;
try {
	n8n.importWebhookCredential(SECRET);
	n8n.importStateStoreCredential(STATE_CREDENTIAL, `${BASE}/api/v1`);
	n8n.importWorkflows([stored]);
	n8n.importActiveWorkflows([plain]);
	served = await startRegularMode(n8n, { readyPath: 'bm-bench-plain/webhook', said });
	const key = await createApiKey(BASE, served.cookie, 'bench', /^dataTable/);
	await setStateStoreCredential(BASE, served.cookie, STATE_CREDENTIAL, key);
	await setPublished(BASE, served.cookie, stored.id, true);
	// The tables are made by the first delivery: not part of the figure.
	await run('stored', 99);
	const figures = { plain: [], stored: [] };
	for (let round = 0; round < ROUNDS; round++)
		for (const path of ['plain', 'stored']) {
			const { perSecond, failed } = await run(path, round);
			figures[path].push(perSecond);
			console.log(
				`round ${round + 1} ${path}: ${perSecond.toFixed(1)} deliveries/s (${failed} not 200)`,
			);
		}
	const best = (list) => Math.max(...list);
	console.log(
		`n8n ${N8N_VERSION}, ${DELIVERIES} deliveries × ${ROUNDS} rounds, ${CONCURRENCY} in flight: ` +
			`no option ${best(figures.plain).toFixed(1)}/s, every option with the store ${best(figures.stored).toFixed(1)}/s, ` +
			`ratio ${(best(figures.stored) / best(figures.plain)).toFixed(2)}`,
	);
} finally {
	await served?.stop();
	n8n.remove();
}
