// Chats handed to a person, in a real n8n, with the state in n8n's database (Keep State In ›
// Database on the trigger and on Chat › Hand Over / Hand Back). The bot workflow hands a chat over
// when its customer asks for a person (the trigger → If → Chat › Hand Over), as an AI agent's
// tool would; a second workflow hands chats back (a Webhook → Chat › Hand Back), as a person's
// "done" button would. Then:
//   1. --handed-over chats ask for a person: each is handed over by its own execution;
//   2. faults: regular mode, n8n killed (SIGKILL) and restarted; queue mode (two webhook
//      processes behind haproxy, two workers), a webhook process killed (SIGKILL) and the main
//      stopped (SIGTERM), each restarted;
//   3. all --chats chats write: every message is answered 200, the handed-over chats' messages
//      start nothing (0 executions), every other chat's message runs once;
//   4. the handed-over chats are handed back; their next messages run once each.
// Every figure comes from n8n's own executions, read through its public API; RELIABILITY.md
// records them.
//
//   node e2e/handover.mjs [--queue] [--chats 1000] [--handed-over 100] [--engine legacy|vm]
import { assert, check, finish, numberArgument, stringArgument, waitFor } from './checks.mjs';
import { n8nProcesses as processesOf } from './n8nProcesses.mjs';
import { inFlight, messageDelivery, platformSender } from './platformSender.mjs';
import { exactlyOnce, messageRuns, messagesRan, publicApi } from './triggerRuns.mjs';
import {
	actionNode,
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
	webhookNode,
	workflowJson,
} from '../tools/n8n/index.mjs';

const QUEUE = process.argv.includes('--queue');
const PORT = Number(process.env.BM_N8N_PORT ?? 5712);
const CHATS = numberArgument('--chats', 1000);
const HANDED_OVER = numberArgument('--handed-over', 100);
const ENGINE = stringArgument('--engine');
const SECRET = 'e2e-handover-secret-0123456789ab';
const STATE_CREDENTIAL = { id: 'bmHandoverState1', name: 'Business Messaging state (handover)' };
const ASK_FOR_PERSON = 'a person please';
const IN_FLIGHT = 50;
const PHONE_NUMBER_ID = 'pn-store';
const mode = QUEUE ? 'queue mode' : 'regular mode';

/** Where the state is kept, and the State credential: the trigger's and the action node's. */
const kept = { keepStateIn: 'database' };
const stateCredential = { businessMessagingN8nApi: STATE_CREDENTIAL };

/** The bot: a customer asking for a person is handed over by the execution of their message. */
const bot = storeTriggerWorkflow({
	id: 'bmHandoverBot001',
	name: 'e2e the bot hands chats over',
	webhookId: 'bm-handover',
	stateCredential: STATE_CREDENTIAL,
});
bot.nodes.push(
	{
		id: 'bmHandoverBot001-if',
		name: 'Asks for a person?',
		type: 'n8n-nodes-base.if',
		typeVersion: 2.2,
		position: [220, 0],
		parameters: {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
				conditions: [
					{
						id: 'asks',
						leftValue: '={{ $json.text }}',
						rightValue: ASK_FOR_PERSON,
						operator: { type: 'string', operation: 'equals' },
					},
				],
				combinator: 'and',
			},
			options: {},
		},
	},
	{
		id: 'bmHandoverBot001-over',
		position: [440, 0],
		...actionNode(
			{
				resource: 'chat',
				operation: 'handOver',
				phoneNumberId: { __rl: true, mode: 'id', value: '={{ $json.phoneNumberId }}' },
				customer: '={{ $json.sendTo }}',
				...kept,
				options: { note: 'asked for a person' },
			},
			{ name: 'Hand Over' },
		),
	},
);
bot.nodes[2].credentials = { ...bot.nodes[2].credentials, ...stateCredential };
bot.connections = {
	'Business Messaging Trigger': {
		main: [[{ node: 'Asks for a person?', type: 'main', index: 0 }]],
	},
	'Asks for a person?': { main: [[{ node: 'Hand Over', type: 'main', index: 0 }], []] },
};

/** A person is done: the chat goes back to the bot (a Webhook, answered once it ran). */
const handBack = workflowJson({
	id: 'bmHandoverBack01',
	name: 'e2e a person hands chats back',
	nodes: [
		webhookNode('bm-hand-back', { responseMode: 'lastNode' }),
		actionNode(
			{
				resource: 'chat',
				operation: 'handBack',
				phoneNumberId: { __rl: true, mode: 'id', value: PHONE_NUMBER_ID },
				customer: '={{ $json.body.customer }}',
				...kept,
			},
			{ name: 'Hand Back' },
		),
	],
});
handBack.nodes[1].credentials = { ...handBack.nodes[1].credentials, ...stateCredential };

await ensureN8n((line) => console.log(line));
if (N8N_MAJOR === 1) {
	console.log('n8n 1.x has no data tables: this run needs n8n 2.7 or later');
	process.exit(0);
}
if (QUEUE) requireRedis({ balancer: true });
const sandbox = await startSandbox();
const n8n = QUEUE ? createQueueHome() : createN8nHome({ port: PORT });
if (ENGINE) n8n.env.N8N_EXPRESSION_ENGINE = ENGINE;
const main = QUEUE ? QUEUE_MAIN_URL : `http://127.0.0.1:${PORT}`;
const hooks = QUEUE ? QUEUE_BALANCER_URL : main;
const { deliver } = platformSender({
	url: `${hooks}/webhook/bm-handover/webhook`,
	secret: SECRET,
	timeoutMs: 60_000,
});
let api;

/** n8n in the chosen mode: started, restarted after a fault, stopped; and an owner's session. */
const n8nProcesses = processesOf(n8n, { queue: QUEUE, main, owner: 'Handover' });

async function triggerServes() {
	await waitFor(
		async () => (await fetch(`${hooks}/webhook/bm-handover/webhook`)).status === 200,
		90_000,
		'the trigger',
	);
}

/** Delivers one message to each chat of `chats`, as the platform does; their IDs and the lost. */
async function write(chats, label, text) {
	const lost = [];
	const ids = chats.map((n) => `wamid.handover.${label}.${n}`);
	await inFlight(chats, IN_FLIGHT, async (n) => {
		const id = `wamid.handover.${label}.${n}`;
		if (!(await deliver(messageDelivery(id, customer(n), text)))) lost.push(id);
	});
	return { ids, lost };
}

/** Waits until every one of `ids` ran, then a while for a stray run; the runs since `since`. */
async function runsOf(ids, since) {
	await messagesRan(api, bot.id, ids, since, Math.max(240_000, ids.length * 300));
	await new Promise((resolve) => setTimeout(resolve, 10_000));
	return await messageRuns(api, bot.id, since);
}

const customer = (n) => `1557${String(n).padStart(7, '0')}`;
const range = (from, to) => Array.from({ length: to - from }, (_, n) => from + n);

try {
	n8n.importWebhookCredential(SECRET);
	n8n.importStateStoreCredential(STATE_CREDENTIAL, `${main}/api/v1`);
	n8n.importSandboxCredential(sandbox);
	n8n.importWorkflows([bot, handBack]);

	await check(
		`n8n ${N8N_VERSION} in ${mode}: the bot and the hand-back workflows published, both keeping the chats' state in the database`,
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
			await setPublished(main, cookie, bot.id, true);
			await setPublished(main, cookie, handBack.id, true);
			await triggerServes();
		},
	);

	const asked = range(0, HANDED_OVER);
	await check(
		`${HANDED_OVER} customers ask for a person: each chat is handed over by the execution of their message (Chat › Hand Over)`,
		async () => {
			const since = Date.now();
			const { ids, lost } = await write(asked, 'ask', ASK_FOR_PERSON);
			assert(lost.length === 0, `${lost.length} never answered 200`);
			const { all, runs } = await runsOf(ids, since);
			const { missing, twice } = exactlyOnce(ids, runs);
			const failed = all.filter((e) => e.status !== 'success');
			assert(
				missing.length === 0 && twice.length === 0 && failed.length === 0,
				`${missing.length} missing, ${twice.length} twice, ${failed.length} not successful`,
			);
		},
	);

	await check(
		QUEUE
			? 'a webhook process killed (SIGKILL) and the main stopped (SIGTERM), each restarted: the handovers are in the store'
			: 'n8n killed (SIGKILL) and restarted: the handovers are in the store',
		async () => {
			const faults = await n8nProcesses.faults();
			await triggerServes();
			console.log(`     ${faults.join('; ')}`);
		},
	);

	await check(
		`${CHATS} chats write, ${HANDED_OVER} of them handed over: 0 lost, 0 executions for the handed-over chats, every other message runs once`,
		async () => {
			const since = Date.now();
			const { ids, lost } = await write(range(0, CHATS), 'write', 'hello');
			assert(lost.length === 0, `${lost.length} never answered 200`);
			const free = ids.filter((_, n) => n >= HANDED_OVER);
			const quiet = ids.filter((_, n) => n < HANDED_OVER);
			const { all, runs } = await runsOf(free, since);
			const { missing, twice } = exactlyOnce(free, runs);
			const ranWhileHandedOver = quiet.filter((id) => runs.has(id));
			console.log(
				`     ${all.length} executions for ${CHATS} messages; ${missing.length} missing, ${twice.length} twice, ${ranWhileHandedOver.length} of the ${HANDED_OVER} handed-over chats ran`,
			);
			assert(ranWhileHandedOver.length === 0, `${ranWhileHandedOver.length} handed-over chats ran`);
			assert(
				missing.length === 0 && twice.length === 0,
				`${missing.length} missing, ${twice.length} twice`,
			);
		},
	);

	await check(
		`the ${HANDED_OVER} chats handed back (Chat › Hand Back): the next message of each runs once`,
		async () => {
			await inFlight(asked, 10, async (n) => {
				const response = await fetch(`${hooks}/webhook/bm-hand-back`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ customer: customer(n) }),
				});
				const body = await response.text();
				assert(
					response.ok && body.includes('"handledByPerson":false'),
					`hand back ${n}: ${response.status} ${body.slice(0, 300)}`,
				);
			});
			const since = Date.now();
			const { ids, lost } = await write(asked, 'back', 'hello again');
			assert(lost.length === 0, `${lost.length} never answered 200`);
			const { runs } = await runsOf(ids, since);
			const { missing, twice } = exactlyOnce(ids, runs);
			assert(
				missing.length === 0 && twice.length === 0,
				`${missing.length} missing, ${twice.length} twice`,
			);
		},
	);
} finally {
	await n8nProcesses.stop();
	// Its home, and in queue mode its PostgreSQL: a second run needs the port.
	n8n.remove();
	sandbox.child.kill();
}
finish();
