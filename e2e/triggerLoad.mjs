// The trigger under load in a real n8n (regular mode, SQLite, as most shops run it): many chats
// writing at once, a sender that keeps a fixed number of deliveries in flight and delivers again
// what was not answered 200 (as the platform does). Three triggers side by side: plain, with
// Collect Bursts, with Skip Redeliveries. For each: deliveries answered 200 and executed, none
// lost, none twice (where the sender repeated one after a timeout, only Skip Redeliveries makes
// it once), and the n8n process's peak memory. RELIABILITY.md records the figures.
//
//   node e2e/triggerLoad.mjs [--chats 2000] [--in-flight 25]
import { readFileSync } from 'node:fs';
import { assert, check, finish, waitFor } from './checks.mjs';
import { platformSender } from './platformSender.mjs';
import {
	createN8nHome,
	ensureN8n,
	N8N_VERSION,
	startRegularMode,
	WEBHOOK_CREDENTIAL,
} from '../tools/n8n/index.mjs';

const argument = (name, fallback) => {
	const at = process.argv.indexOf(name);
	return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const CHATS = argument('--chats', 2000);
const IN_FLIGHT = argument('--in-flight', 25);
const QUIET_SECONDS = 2;
const SECRET = 'e2e-trigger-load-secret';

const triggers = {
	plain: {},
	bursts: { collectBursts: QUIET_SECONDS },
	redeliveries: { skipRedeliveries: true },
};
const flows = Object.entries(triggers).map(([name, options]) => ({
	id: `bmLoad${name}`,
	name: `e2e trigger load: ${name}`,
	active: false,
	settings: { executionOrder: 'v1' },
	connections: {},
	nodes: [
		{
			id: `bmLoadTrigger${name}`,
			name: 'Business Messaging Trigger',
			type: 'n8n-nodes-business-messaging.businessMessagingTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: `bm-load-${name}`,
			credentials: { businessMessagingSignatureApi: WEBHOOK_CREDENTIAL },
			parameters: {
				events: ['incomingMessage'],
				deliveryAuth: 'signature',
				options,
			},
		},
	],
}));

/** One customer's message, as the platform delivers it. */
function delivery(run, n) {
	const from = `1555${String(n).padStart(7, '0')}`;
	return JSON.stringify({
		object: 'whatsapp_business_account',
		entry: [
			{
				id: 'waba-load',
				changes: [
					{
						field: 'messages',
						value: {
							messaging_product: 'whatsapp',
							metadata: { display_phone_number: '15550001111', phone_number_id: 'pn-load' },
							contacts: [{ wa_id: from, profile: { name: `Customer ${n}` } }],
							messages: [
								{
									id: `wamid.${run}.${n}`,
									from,
									timestamp: String(Math.floor(Date.now() / 1000)),
									type: 'text',
									text: { body: `message ${n}` },
								},
							],
						},
					},
				],
			},
		],
	});
}

/** Delivers every chat's message, IN_FLIGHT at a time, each again until answered 200 (at most 20 tries, backing off). */
async function deliverAll(url, run) {
	const sender = platformSender({ url, secret: SECRET, timeoutMs: 20_000 });
	const statuses = {};
	let next = 0;
	let gaveUp = 0;
	const worker = async () => {
		for (let n = next++; n < CHATS; n = next++) {
			const body = delivery(run, n);
			for (let attempt = 0; ; attempt++) {
				const status = await sender.post(body);
				statuses[status] = (statuses[status] ?? 0) + 1;
				if (status === 200) break;
				if (attempt === 19) {
					gaveUp++;
					break;
				}
				// As the platform: the next try later and later (1 s doubling, at most a minute).
				await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** attempt, 60_000)));
			}
		}
	};
	await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
	return { statuses, gaveUp };
}

async function executionCount(base, cookie, workflowId) {
	const response = await fetch(
		`${base}/rest/executions?limit=1&filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
		{ headers: { cookie } },
	);
	const body = await response.json();
	return body.data?.count ?? 0;
}

function rssMiB(pid) {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
	} catch {
		return 0;
	}
}

await ensureN8n((line) => console.log(line));
const n8n = createN8nHome({ port: Number(process.env.BM_N8N_PORT ?? 5703) });
const said = [];
let regular;
const figures = {};
try {
	n8n.importWebhookCredential(SECRET);
	n8n.importActiveWorkflows(flows);
	await check(
		`n8n ${N8N_VERSION} (regular mode, SQLite) starts with the three triggers`,
		async () => {
			regular = await startRegularMode(n8n, {
				readyPath: `bm-load-${Object.keys(triggers)[0]}/webhook`,
				readyMethod: 'GET',
				said,
			});
		},
	);
	for (const [name] of Object.entries(triggers)) {
		const flow = flows.find((f) => f.id === `bmLoad${name}`);
		await check(
			`${name}: ${CHATS} chats writing once, ${IN_FLIGHT} in flight: every delivery answered 200 ran exactly once`,
			async () => {
				const rest = rssMiB(regular.pid);
				let peak = rest;
				const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(regular.pid))), 100);
				const started = Date.now();
				const { statuses, gaveUp } = await deliverAll(
					`${regular.hooks}/webhook/bm-load-${name}/webhook`,
					name,
				);
				const answered = Date.now() - started;
				const count = () => executionCount(regular.main, regular.cookie, flow.id);
				await waitFor(async () => (await count()) >= CHATS, 600_000, `${CHATS} executions`).catch(
					() => {},
				);
				const ranAll = Date.now() - started;
				// A stray late one would show as more than one execution per message.
				await new Promise((resolve) => setTimeout(resolve, (QUIET_SECONDS + 3) * 1000));
				clearInterval(sampler);
				const executed = await count();
				figures[name] = { statuses, gaveUp, executed, answered, rest, peak };
				console.log(
					`     measured: answers ${JSON.stringify(statuses)} in ${(answered / 1000).toFixed(1)} s, ` +
						`${executed} executions (all within ${(ranAll / 1000).toFixed(1)} s), ` +
						`RSS ${Math.round(rest)} → peak ${Math.round(peak)} MiB`,
				);
				assert(gaveUp === 0, `${gaveUp} deliveries never answered 200`);
				// None lost. A delivery the sender gave up waiting for (its timeout) may have run, and
				// the sender delivers it again, as the platform does: only Skip Redeliveries (or a burst
				// still open) makes that one execution; without them it may be two.
				const repeatedAfterTimeout = statuses.failed ?? 0;
				assert(executed >= CHATS, `${executed} executions for ${CHATS} deliveries answered 200`);
				assert(
					name === 'redeliveries' ? executed === CHATS : executed <= CHATS + repeatedAfterTimeout,
					`${executed} executions for ${CHATS} messages, ${repeatedAfterTimeout} delivered again after a timeout`,
				);
			},
		);
	}
	await check(
		"peak memory with bursts or redeliveries is within twice the plain trigger's",
		async () => {
			const plain = figures.plain.peak - figures.plain.rest;
			for (const name of ['bursts', 'redeliveries']) {
				const grown = figures[name].peak - figures[name].rest;
				console.log(
					`     ${name}: +${Math.round(grown)} MiB against +${Math.round(plain)} MiB for the plain trigger`,
				);
				assert(
					figures[name].peak <= 2 * figures.plain.peak,
					`${name} peaked at ${figures[name].peak} MiB`,
				);
			}
		},
	);
} finally {
	await regular?.stop();
	n8n.remove();
}
finish();
