// Two trigger workflows on one app, in a real n8n, with no router: "orders here, the rest there".
// The platform sends every event of the app to one URL, the Everything Else trigger's; the Orders
// trigger registered itself in n8n's database when it was published (Keep State In › Database,
// the same signature credential), and gets its share from the trigger that receives. Then:
//   1. --events mixed events (texts, orders, a text and an order in one delivery, receipts): each
//      workflow runs exactly its events, once each, and every delivery is answered 200;
//   2. n8n killed (SIGKILL) and restarted (queue mode: two webhook processes behind haproxy, two
//      workers; a webhook process killed, the main stopped with SIGTERM): the registry is in the
//      database, and the sharing goes on;
//   3. an entry whose workflow n8n no longer serves (a stale row, as an unpublish whose removal
//      failed leaves): deliveries are answered 503 until, a minute on, it is dropped and the log
//      says so; then they go through;
//   4. the Orders workflow unpublished: its share goes to no other workflow (orders start
//      nothing), the log says so, and the rest still runs once each.
// Every figure comes from n8n's own executions, read through its public API.
//
//   node e2e/sharedApp.mjs [--queue] [--events 2000] [--engine legacy|vm]
import { assert, check, finish, numberArgument, stringArgument, waitFor } from './checks.mjs';
import { n8nProcesses as processesOf } from './n8nProcesses.mjs';
import { inFlight, platformSender } from './platformSender.mjs';
import { exactlyOnce, messageRuns, publicApi } from './triggerRuns.mjs';
import {
	createApiKey,
	createN8nHome,
	createQueueHome,
	ensureN8n,
	N8N_MAJOR,
	N8N_VERSION,
	QUEUE_BALANCER_URL,
	QUEUE_MAIN_URL,
	requireRedis,
	setPublished,
	setStateStoreCredential,
	startSandbox,
	storeTriggerWorkflow,
} from '../tools/n8n/index.mjs';

const QUEUE = process.argv.includes('--queue');
const PORT = Number(process.env.BM_N8N_PORT ?? 5713);
const EVENTS = numberArgument('--events', 2000);
const ENGINE = stringArgument('--engine');
const SECRET = 'e2e-shared-app-secret-0123456789';
const STATE_CREDENTIAL = { id: 'bmSharedState001', name: 'Business Messaging state (shared app)' };
const IN_FLIGHT = 40;
const PHONE_NUMBER_ID = 'pn-shared';
const REGISTRY_TABLE = 'Business Messaging trigger: triggers of one app';

const rest = storeTriggerWorkflow({
	id: 'bmSharedRest0001',
	name: 'e2e everything else',
	webhookId: 'bm-shared-rest',
	stateCredential: STATE_CREDENTIAL,
	events: ['incomingMessage', 'messageStatus'],
	options: { leaveOutMessageTypes: ['order'] },
});
rest.nodes[0].parameters.statuses = ['delivered', 'read', 'sent'];
const orders = storeTriggerWorkflow({
	id: 'bmSharedOrders01',
	name: 'e2e orders',
	webhookId: 'bm-shared-orders',
	stateCredential: STATE_CREDENTIAL,
	events: ['incomingMessage'],
	options: { messageTypes: ['order'] },
});

await ensureN8n((line) => console.log(line));
if (N8N_MAJOR === 1) {
	console.log('n8n 1.x has no data tables: this run needs n8n 2.7 or later');
	process.exit(0);
}
if (QUEUE) requireRedis({ balancer: true });
const sandbox = await startSandbox();
const n8n = QUEUE ? createQueueHome() : createN8nHome({ port: PORT });
if (ENGINE) n8n.env.N8N_EXPRESSION_ENGINE = ENGINE;
// The triggers register their URLs as n8n gives them: through the balancer, in queue mode.
if (QUEUE) n8n.env.N8N_WEBHOOK_URL = `${QUEUE_BALANCER_URL}/`;
const main = QUEUE ? QUEUE_MAIN_URL : `http://127.0.0.1:${PORT}`;
const hooks = QUEUE ? QUEUE_BALANCER_URL : main;
const appUrl = `${hooks}/webhook/bm-shared-rest/webhook`;
const { deliver } = platformSender({ url: appUrl, secret: SECRET, timeoutMs: 60_000 });
let api;
const n8nProcesses = processesOf(n8n, { queue: QUEUE, main, owner: 'Shared' });

/** The lines of n8n's log that hold every one of `words`. */
const logLines = (...words) =>
	n8nProcesses
		.log()
		.split('\n')
		.filter((line) => words.every((word) => line.includes(word)));

async function appServes() {
	await waitFor(async () => (await fetch(appUrl)).status === 200, 90_000, 'the trigger');
}

/** A change of the number's messages field, as the platform delivers it. */
function delivery(value) {
	return JSON.stringify({
		object: 'whatsapp_business_account',
		entry: [
			{
				id: 'waba-shared',
				changes: [
					{
						field: 'messages',
						value: {
							messaging_product: 'whatsapp',
							metadata: { display_phone_number: '15550001111', phone_number_id: PHONE_NUMBER_ID },
							...value,
						},
					},
				],
			},
		],
	});
}

const customer = (n) => `1558${String(n).padStart(7, '0')}`;
const now = () => String(Math.floor(Date.now() / 1000));
const text = (id, n) => ({
	from: customer(n),
	id,
	timestamp: now(),
	type: 'text',
	text: { body: 'hi' },
});
const order = (id, n) => ({
	from: customer(n),
	id,
	timestamp: now(),
	type: 'order',
	order: {
		catalog_id: 'catalog-shared',
		product_items: [
			{ product_retailer_id: 'sku-1', quantity: 2, item_price: 9.5, currency: 'USD' },
		],
	},
});
const receipt = (id, n) => ({
	id,
	status: 'delivered',
	timestamp: now(),
	recipient_id: customer(n),
});

/**
 * `count` mixed events of the round `label` in deliveries: texts, orders, a text and an order in one
 * delivery, receipts. Their bodies, and the IDs each workflow must run.
 */
function mixedEvents(label, count) {
	const bodies = [];
	const ids = { rest: [], orders: [] };
	let made = 0;
	for (let n = 0; made < count; n++) {
		const id = (kind) => `wamid.shared.${label}.${n}.${kind}`;
		const contacts = [{ wa_id: customer(n), profile: { name: `Customer ${n}` } }];
		switch (n % 4) {
			case 0:
				bodies.push(delivery({ contacts, messages: [text(id('text'), n)] }));
				ids.rest.push(id('text'));
				made += 1;
				break;
			case 1:
				bodies.push(delivery({ contacts, messages: [order(id('order'), n)] }));
				ids.orders.push(id('order'));
				made += 1;
				break;
			case 2:
				bodies.push(delivery({ contacts, messages: [text(id('text'), n), order(id('order'), n)] }));
				ids.rest.push(id('text'));
				ids.orders.push(id('order'));
				made += 2;
				break;
			default:
				bodies.push(delivery({ statuses: [receipt(id('receipt'), n)] }));
				ids.rest.push(id('receipt'));
				made += 1;
		}
	}
	return { bodies, ids };
}

/** Delivers every body until answered 200, as the platform does; those never answered. */
async function deliverAll(bodies) {
	const lost = [];
	await inFlight(bodies, IN_FLIGHT, async (body) => {
		if (!(await deliver(body))) lost.push(body);
	});
	return lost;
}

/** Waits until each workflow ran every one of its IDs, then a while for a stray run. */
async function runsOf(ids, since) {
	const ran = async () => ({
		rest: (await messageRuns(api, rest.id, since)).runs,
		orders: (await messageRuns(api, orders.id, since)).runs,
	});
	await waitFor(
		async () => {
			const runs = await ran();
			return (
				ids.rest.every((id) => runs.rest.has(id)) && ids.orders.every((id) => runs.orders.has(id))
			);
		},
		Math.max(240_000, (ids.rest.length + ids.orders.length) * 200),
		'every event to run',
	).catch(() => {});
	await new Promise((resolve) => setTimeout(resolve, 10_000));
	return await ran();
}

/** Each workflow ran exactly its events, once each, and none of the other's. */
function exactlyTheirs(ids, runs, { ordersRun = true } = {}) {
	const restOnce = exactlyOnce(ids.rest, runs.rest);
	const ordersOnce = exactlyOnce(ids.orders, runs.orders);
	const strayInRest = ids.orders.filter((id) => runs.rest.has(id));
	const strayInOrders = ids.rest.filter((id) => runs.orders.has(id));
	const ordersRan = ids.orders.filter((id) => runs.orders.has(id));
	console.log(
		`     everything else: ${ids.rest.length} events, ${restOnce.missing.length} missing, ${restOnce.twice.length} twice, ${strayInRest.length} orders; orders: ${ids.orders.length} events, ${ordersRan.length} ran, ${ordersOnce.twice.length} twice, ${strayInOrders.length} others`,
	);
	assert(
		restOnce.missing.length === 0 && restOnce.twice.length === 0,
		'everything else: not once each',
	);
	assert(
		strayInRest.length === 0 && strayInOrders.length === 0,
		'an event ran in the other workflow',
	);
	if (ordersRun)
		assert(
			ordersOnce.missing.length === 0 && ordersOnce.twice.length === 0,
			'orders: not once each',
		);
	else
		assert(
			ordersRan.length === 0,
			`${ordersRan.length} orders ran after the Orders workflow was unpublished`,
		);
}

/** One round: `count` events delivered to the app's URL, and each workflow's runs checked. */
async function round(label, count, expected) {
	const { bodies, ids } = mixedEvents(label, count);
	const since = Date.now();
	const lost = await deliverAll(bodies);
	assert(lost.length === 0, `${lost.length} deliveries never answered 200`);
	exactlyTheirs(
		ids,
		await runsOf(expected?.ordersRun === false ? { ...ids, orders: [] } : ids, since),
		expected,
	);
}

/** n8n's data table of the registry, through its public API. */
async function registryTable() {
	const tables = await api(
		`/data-tables?filter=${encodeURIComponent(JSON.stringify({ name: REGISTRY_TABLE }))}`,
	);
	const table = tables.data.find((t) => t.name === REGISTRY_TABLE);
	assert(table, 'the registry table does not exist');
	return table.id;
}

try {
	n8n.importWebhookCredential(SECRET);
	n8n.importStateStoreCredential(STATE_CREDENTIAL, `${main}/api/v1`);
	n8n.importSandboxCredential(sandbox);
	n8n.importWorkflows([rest, orders]);

	await check(
		`n8n ${N8N_VERSION}: two trigger workflows on one app published, orders in one, the rest in the other, the app's URL the second's`,
		async () => {
			await n8nProcesses.start();
			const cookie = n8nProcesses.cookie();
			const key = await createApiKey(
				main,
				cookie,
				'Business Messaging state',
				/^dataTable|^execution/,
			);
			api = publicApi(`${main}/api/v1`, key);
			await setStateStoreCredential(main, cookie, STATE_CREDENTIAL, key);
			await setPublished(main, cookie, orders.id, true);
			await setPublished(main, cookie, rest.id, true);
			await appServes();
			const rows = await api(`/data-tables/${await registryTable()}/rows`);
			assert(rows.data.length === 2, `${rows.data.length} triggers registered`);
		},
	);

	await check(
		`${EVENTS} mixed events to the app's URL: each workflow runs exactly its own, once each`,
		async () => {
			await round('first', EVENTS);
		},
	);

	await check(
		QUEUE
			? 'a webhook process killed (SIGKILL) and the main stopped (SIGTERM), each restarted: the triggers of the app are still in the database, and share'
			: 'n8n killed (SIGKILL) and restarted: the triggers of the app are still in the database, and share',
		async () => {
			console.log(`     ${(await n8nProcesses.faults()).join('; ')}`);
			await appServes();
			await round('restarted', Math.max(100, EVENTS / 10));
		},
	);

	await check(
		'an entry n8n no longer serves: deliveries answered 503 until it is dropped a minute on, and the log says so; the rest runs once',
		async () => {
			const table = await registryTable();
			const [registered] = (await api(`/data-tables/${table}/rows`)).data.filter((r) =>
				r.trigger.startsWith(orders.id),
			);
			await api(`/data-tables/${table}/rows`, {
				method: 'POST',
				body: JSON.stringify({
					data: [
						{
							...Object.fromEntries(
								Object.entries(registered).filter(
									([k]) => !['id', 'createdAt', 'updatedAt'].includes(k),
								),
							),
							trigger: 'bmGoneWorkflow01|gone-node|webhook',
							webhookId: 'bm-gone',
							name: 'e2e gone',
							registeredAt: Date.now(),
						},
					],
				}),
			});
			const started = Date.now();
			await round('stale', 100);
			const [dropped] = logLines('e2e gone', 'was dropped from the app');
			assert(dropped, 'the log does not say the gone entry was dropped');
			const left = (await api(`/data-tables/${table}/rows`)).data.filter((r) =>
				r.trigger.startsWith('bmGone'),
			);
			assert(left.length === 0, 'the gone entry is still registered');
			console.log(
				`     dropped after ${Math.round((Date.now() - started) / 1000)} s: ${dropped.trim().slice(0, 220)}`,
			);
		},
	);

	await check(
		'the Orders workflow unpublished: orders start nothing anywhere, the log says so, the rest runs once each',
		async () => {
			const before = logLines('left the triggers of its app').length;
			await setPublished(main, n8nProcesses.cookie(), orders.id, false);
			await waitFor(
				async () => logLines('left the triggers of its app').length > before,
				20_000,
				'the log to say the trigger left the app',
			);
			await round('unpublished', 200, { ordersRun: false });
		},
	);
} finally {
	await n8nProcesses.stop();
	// Its home, and in queue mode its PostgreSQL: a second run needs the port.
	n8n.remove();
	sandbox.child.kill();
}
finish();
