// Benchmark: what the trigger's state in n8n's database costs (issue 49). One n8n (2.41.1,
// SQLite), two published triggers side by side in the same run: no option (the baseline), and
// Collect Bursts + Skip Redeliveries with Keep State In › Database (Data Tables). Each takes the
// same deliveries (one message of a new chat each), C at a time, in alternating rounds; the figure
// is deliveries answered 200 a second, and the ratio store / baseline; also n8n's CPU time per
// delivery in each round. --profile: n8n runs with Node's CPU profiler, and the run ends with
// where its CPU time went in each trigger's rounds (self time by package or n8n folder, and who
// called n8n's expression runtime: bench/profileOwners.mjs). --queue: n8n in queue mode on
// PostgreSQL (a main, two webhook processes behind haproxy, two workers), the deliveries through
// haproxy; the CPU time is every n8n process's (no profile there). --shared: what sharing the app
// with a second trigger costs (issue 50): each round also runs the store's trigger with an Orders
// trigger of the same app published beside it, once with texts (kept: only the registry is
// looked at) and once with orders (each passed on to the Orders trigger, its execution there).
//   node bench/triggerStore.mjs [--deliveries 300] [--concurrency 25] [--rounds 2] [--profile] [--engine legacy|vm] [--queue] [--shared]
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { profileClockNow, readCpuProfile } from './profileOwners.mjs';
import {
	createApiKey,
	createN8nHome,
	createQueueHome,
	ensureN8n,
	N8N_VERSION,
	QUEUE_BALANCER_URL,
	QUEUE_MAIN_URL,
	requireRedis,
	setPublished,
	setStateStoreCredential,
	startQueueMode,
	startRegularMode,
	WEBHOOK_CREDENTIAL,
} from '../tools/n8n/index.mjs';

const { values } = parseArgs({
	options: {
		deliveries: { type: 'string', default: '300' },
		concurrency: { type: 'string', default: '25' },
		rounds: { type: 'string', default: '2' },
		profile: { type: 'boolean', default: false },
		engine: { type: 'string' },
		queue: { type: 'boolean', default: false },
		shared: { type: 'boolean', default: false },
	},
});
const QUEUE = values.queue;
const SHARED = values.shared;
if (QUEUE && values.profile) throw new Error('--profile profiles the one process of regular mode');
const DELIVERIES = Number(values.deliveries);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const PORT = 5715;
/** Where n8n's API is (the main) and where the deliveries go (haproxy in queue mode). */
const BASE = QUEUE ? QUEUE_MAIN_URL : `http://127.0.0.1:${PORT}`;
const HOOKS = QUEUE ? QUEUE_BALANCER_URL : BASE;
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

/** Orders passed on to this trigger by the store's trigger (--shared). */
const orders = trigger(
	'orders',
	{ keepStateIn: 'database', options: { messageTypes: ['order'] } },
	{ businessMessagingN8nApi: STATE_CREDENTIAL },
);

/** A text, or an order (`kind`), of a customer. */
const content = {
	text: { type: 'text', text: { body: 'hello' } },
	order: {
		type: 'order',
		order: {
			catalog_id: 'catalog-bench',
			product_items: [
				{ product_retailer_id: 'sku-1', quantity: 1, item_price: 5, currency: 'USD' },
			],
		},
	},
};

function delivery(id, from, kind = 'text') {
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
									...content[kind],
								},
							],
						},
					},
				],
			},
		],
	});
}

/** CPU time (user and system, ms) a process has used so far, from /proc. */
function cpuMsOf(pid) {
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	// utime and stime, fields 14 and 15 of stat, in clock ticks of 10 ms (Linux's USER_HZ).
	return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Delivers DELIVERIES new messages to `path` (of `kind`), C at a time; deliveries answered 200 a
 * second. `label` names the round's messages.
 */
async function run(path, round, kind = 'text', label = path) {
	let next = 0;
	let failed = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			for (let n = next++; n < DELIVERIES; n = next++) {
				const from = `1557${String(round).padStart(2, '0')}${String(n).padStart(5, '0')}`;
				const body = delivery(`wamid.bench.${label}.${round}.${n}`, from, kind);
				const signature = createHmac('sha256', SECRET).update(body).digest('hex');
				// A connection the balancer closed (its timeout) counts as not 200, as a status does.
				const status = await fetch(`${HOOKS}/webhook/bm-bench-${path}/webhook`, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						'x-hub-signature-256': `sha256=${signature}`,
					},
					body,
				}).then(
					async (response) => (await response.arrayBuffer(), response.status),
					() => 'failed',
				);
				if (status !== 200) failed++;
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	return { perSecond: (DELIVERIES - failed) / seconds, failed };
}

await ensureN8n((line) => console.log(line));
if (QUEUE) requireRedis({ balancer: true });
const n8n = QUEUE ? createQueueHome() : createN8nHome({ port: PORT });
// A burst's hand-over is a call of the trigger's own webhook: through haproxy in queue mode.
if (QUEUE) n8n.env.N8N_WEBHOOK_URL = `${QUEUE_BALANCER_URL}/`;
const said = [];
let windows;
const profileDir = values.profile ? mkdtempSync(join(tmpdir(), 'bm-bench-profile-')) : undefined;
// --engine legacy|vm: n8n's expression engine (bench/trigger.mjs measured what the vm one costs).
if (values.engine) n8n.env.N8N_EXPRESSION_ENGINE = values.engine;
if (profileDir) n8n.env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
let served;
try {
	n8n.importWebhookCredential(SECRET);
	n8n.importStateStoreCredential(STATE_CREDENTIAL, `${BASE}/api/v1`);
	n8n.importWorkflows(SHARED ? [stored, orders] : [stored]);
	n8n.importActiveWorkflows([plain]);
	served = QUEUE
		? await startQueueMode(n8n, { readyPath: 'bm-bench-plain/webhook', webhooks: 2, workers: 2 })
		: await startRegularMode(n8n, { readyPath: 'bm-bench-plain/webhook', said });
	// n8n's CPU time: its one process, or every process of queue mode.
	const pids = () => (QUEUE ? Object.values(served.pids()) : [served.pid]);
	const cpuNow = () => pids().reduce((sum, pid) => sum + cpuMsOf(pid), 0);
	const key = await createApiKey(BASE, served.cookie, 'bench', /^dataTable/);
	await setStateStoreCredential(BASE, served.cookie, STATE_CREDENTIAL, key);
	await setPublished(BASE, served.cookie, stored.id, true);
	// The tables are made by the first delivery: not part of the figure.
	await run('stored', 99);
	// The rounds: each trigger alone, and (--shared) the store's with the Orders trigger beside it.
	const rounds = [
		{ name: 'plain', path: 'plain' },
		{ name: 'stored', path: 'stored' },
		...(SHARED
			? [
					{
						name: 'stored, Orders beside it, texts kept',
						path: 'stored',
						label: 'kept',
						beside: true,
					},
					{
						name: 'stored, Orders beside it, orders passed on',
						path: 'stored',
						kind: 'order',
						label: 'passed',
						beside: true,
					},
				]
			: []),
	];
	const figures = Object.fromEntries(rounds.map(({ name }) => [name, []]));
	const cpu = Object.fromEntries(rounds.map(({ name }) => [name, []]));
	windows = Object.fromEntries(rounds.map(({ name }) => [name, []]));
	let beside = false;
	for (let round = 0; round < ROUNDS; round++)
		for (const { name, path, kind, label, beside: wanted = false } of rounds) {
			if (SHARED && wanted !== beside) {
				await setPublished(BASE, served.cookie, orders.id, wanted);
				beside = wanted;
				// Every process reads the app's registry at most every 5 s.
				await new Promise((resolve) => setTimeout(resolve, 6000));
			}
			const cpuBefore = cpuNow();
			const from = profileClockNow();
			const { perSecond, failed } = await run(path, round, kind, label);
			windows[name].push([from, profileClockNow()]);
			const cpuPerDelivery = (cpuNow() - cpuBefore) / DELIVERIES;
			figures[name].push(perSecond);
			cpu[name].push(cpuPerDelivery);
			console.log(
				`round ${round + 1} ${name}: ${perSecond.toFixed(1)} deliveries/s (${failed} not 200), n8n's CPU ${cpuPerDelivery.toFixed(1)} ms a delivery`,
			);
		}
	const best = (list) => Math.max(...list);
	console.log(
		`n8n ${N8N_VERSION} (${QUEUE ? 'queue mode' : 'regular mode'}), ${DELIVERIES} deliveries × ${ROUNDS} rounds, ${CONCURRENCY} in flight: ` +
			`no option ${best(figures.plain).toFixed(1)}/s, every option with the store ${best(figures.stored).toFixed(1)}/s, ` +
			`ratio ${(best(figures.stored) / best(figures.plain)).toFixed(2)}`,
	);
	if (SHARED) {
		const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
		const against = (name) =>
			`${best(figures[name]).toFixed(1)}/s, ${mean(cpu[name]).toFixed(0)} ms a delivery (${(mean(cpu[name]) / mean(cpu.stored)).toFixed(2)} of the store's trigger alone)`;
		console.log(
			`sharing the app: the store's trigger alone ${best(figures.stored).toFixed(1)}/s, ${mean(cpu.stored).toFixed(0)} ms a delivery; ` +
				`texts kept beside the Orders trigger ${against('stored, Orders beside it, texts kept')}; ` +
				`orders passed on ${against('stored, Orders beside it, orders passed on')}`,
		);
	}
} finally {
	await served?.stop();
	n8n.remove();
}
if (profileDir) {
	// n8n's own process wrote the profile named after its PID (its task runner writes one too).
	const file = readdirSync(profileDir).find((name) => name.includes(`.${served?.pid}.`));
	if (file) {
		const profile = readCpuProfile(join(profileDir, file));
		const share = (ms, busyMs) => `${((100 * ms) / busyMs).toFixed(1).padStart(5)}%`;
		for (const path of Object.keys(windows)) {
			const { busyMs, owners } = profile.cpuTime(windows[path]);
			console.log(
				`${path}: n8n's CPU ${(busyMs / (DELIVERIES * ROUNDS)).toFixed(0)} ms a delivery (profiled), by whose code ran:`,
			);
			for (const [owner, ms] of owners.slice(0, 12))
				console.log(`  ${share(ms, busyMs)}  ${owner}`);
			const runtime = profile.cpuTime(windows[path], '@n8n/expression-runtime');
			console.log(`  n8n's expression runtime, called by:`);
			for (const [caller, ms] of runtime.owners.slice(0, 8))
				console.log(`    ${share(ms, busyMs)}  ${caller}`);
		}
	} else console.log(`no profile of n8n's process (${served?.pid}) in ${profileDir}`);
	rmSync(profileDir, { recursive: true, force: true });
}
