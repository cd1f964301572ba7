// The trigger's state in n8n's database (Keep State In › Database), in a real n8n on SQLite:
// bursts, redeliveries and the store's faults, with the process killed and restarted. Every
// figure comes from n8n's own executions, read through its public API. RELIABILITY.md records
// the figures.
//
//   node e2e/store.mjs [--chats 40] [--latency-chats 500] [--engine legacy|vm]
// --engine: n8n's expression engine (N8N_EXPRESSION_ENGINE); n8n's default is vm.
import { assert, check, finish, numberArgument, stringArgument, waitFor } from './checks.mjs';
import { inFlight, messageDelivery, platformSender } from './platformSender.mjs';
import {
	allPages,
	createdBefore,
	exactlyOnce,
	messageRuns,
	messagesRan,
	publicApi,
} from './triggerRuns.mjs';
import {
	createApiKey,
	createN8nHome,
	ensureN8n,
	holdSqliteWriteLock,
	N8N_MAJOR,
	N8N_VERSION,
	ownerSession,
	setPublished,
	setStateStoreCredential,
	storeTriggerWorkflow,
} from '../tools/n8n/index.mjs';

const CHATS = numberArgument('--chats', 40);
const LATENCY_CHATS = numberArgument('--latency-chats', 500);
const ENGINE = stringArgument('--engine');
const PORT = Number(process.env.BM_N8N_PORT ?? 5711);
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'e2e-store-secret-0123456789abcdef';
const QUIET_SECONDS = 3;
const LOCK_SECONDS = 30;
const STATE_CREDENTIAL = { id: 'bmStateStore0001', name: 'Business Messaging state (e2e)' };
const OWNER = {
	email: 'store@example.com',
	firstName: 'Store',
	lastName: 'Runner',
	password: 'Store-password-1',
};
const WEBHOOK = `${BASE}/webhook/bm-store/webhook`;

const workflow = storeTriggerWorkflow({
	id: 'bmStoreFlow0001',
	name: 'e2e trigger state in the database',
	webhookId: 'bm-store',
	stateCredential: STATE_CREDENTIAL,
	quietSeconds: QUIET_SECONDS,
});

const { post, postAndHangUp, deliver, tally, answerFigures } = platformSender({
	url: WEBHOOK,
	secret: SECRET,
});
const delivery = (id, from, text) => messageDelivery(id, from, text);

const customer = (run, n) => `1556${String(run).padStart(2, '0')}${String(n).padStart(5, '0')}`;

/** A burst of one message as burstCloser.ts hands it over: signed as a delivery. */
const handOverBody = (messageId, from) =>
	JSON.stringify({
		object: 'n8n-nodes-business-messaging.burst',
		events: [
			{
				eventType: 'incomingMessage',
				messageId,
				sendTo: from,
				phoneNumberId: 'pn-store',
				type: 'text',
				text: 'handed over again',
			},
		],
	});

let apiKey = '';
const api = (path, init) => publicApi(`${BASE}/api/v1`, apiKey)(path, init);
const runsOf = (since) => messageRuns(api, workflow.id, since);

const waitForMessages = (ids, since, timeoutMs) =>
	messagesRan(api, workflow.id, ids, since, timeoutMs);

await ensureN8n((line) => console.log(line));
if (N8N_MAJOR === 1) {
	console.log('n8n 1.x has no data tables: this run needs n8n 2.7 or later');
	process.exit(0);
}
const n8n = createN8nHome({ port: PORT });
const said = [];
let server;
let cookie;

/** Starts n8n (again): waits until it serves, signs in, and until the trigger answers. */
async function startN8n(extraEnv = {}) {
	const engine = ENGINE ? { N8N_EXPRESSION_ENGINE: ENGINE } : {};
	server = n8n.start('start', { N8N_LOG_LEVEL: 'info', ...engine, ...extraEnv });
	server.stdout.on('data', (chunk) => said.push(String(chunk)));
	server.stderr.on('data', (chunk) => said.push(String(chunk)));
	// BM_E2E_KEEP=1: n8n's own output too, to see why a check failed.
	if (process.env.BM_E2E_KEEP) {
		server.stdout.pipe(process.stdout);
		server.stderr.pipe(process.stderr);
	}
	await waitFor(async () => (await fetch(`${BASE}/healthz/readiness`)).ok, 120_000, 'n8n');
	if (!cookie) cookie = await ownerSession(BASE, 'Store', OWNER);
	else {
		const login = await fetch(`${BASE}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
		});
		cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
	}
}

async function waitForTrigger() {
	await waitFor(
		async () => (await fetch(WEBHOOK, { method: 'GET' })).status === 200,
		60_000,
		'the trigger',
	);
}

async function stopN8n(signal = 'SIGTERM') {
	const exited = new Promise((resolve) => server.once('exit', resolve));
	server.kill(signal);
	await exited;
	// The task runner outlives a killed n8n for a moment: its port must be free for the restart.
	await new Promise((resolve) => setTimeout(resolve, 1500));
}

async function rest(path, init = {}) {
	const response = await fetch(`${BASE}/rest${path}`, {
		...init,
		headers: { cookie, 'content-type': 'application/json', ...init.headers },
	});
	const body = await response.json().catch(() => ({}));
	if (!response.ok)
		throw new Error(`n8n answered ${response.status} for ${path}: ${JSON.stringify(body)}`);
	return body.data;
}

async function setStateKey(key) {
	await setStateStoreCredential(BASE, cookie, STATE_CREDENTIAL, key);
}

async function testStateCredential(key) {
	return await rest('/credentials/test', {
		method: 'POST',
		body: JSON.stringify({
			credentials: {
				id: STATE_CREDENTIAL.id,
				name: STATE_CREDENTIAL.name,
				type: 'businessMessagingN8nApi',
				data: { baseUrl: `${BASE}/api/v1`, apiKey: key },
			},
		}),
	});
}

/** What the bursts table holds: messages, and the chats they are bursts of (open or being started). */
async function heldInStore() {
	const table = (await api('/data-tables?limit=50')).data.find((t) => / bursts$/.test(t.name));
	const rows = await allPages(api, `/data-tables/${table.id}/rows`);
	const chats = new Set(rows.map((row) => row.waiting ?? JSON.parse(row.event).sendTo));
	const waiting = new Set(rows.filter((row) => row.waiting).map((row) => row.waiting));
	return `${rows.length} messages held in ${chats.size} bursts (${waiting.size} still open, the others closed and being handed over)`;
}

/**
 * Chats of two messages each, the second sent half a second after the first (as a customer types:
 * the platform does not wait for the first answer); returns their IDs.
 */
async function writeBursts(run, chats, width = 25) {
	const ids = [];
	const lost = [];
	/** When each chat's last message was first sent, and when it was answered 200 (ms), by customer. */
	const lastSent = new Map();
	const lastKept = new Map();
	await inFlight(
		Array.from({ length: chats }, (_, n) => n),
		width,
		async (n) => {
			const from = customer(run, n);
			const sent = [1, 2].map(async (part) => {
				if (part === 2) await new Promise((resolve) => setTimeout(resolve, 500));
				if (part === 2) lastSent.set(from, Date.now());
				const id = `wamid.store.${run}.${n}.${part}`;
				ids.push(id);
				if (!(await deliver(delivery(id, from, `part ${part}`)))) lost.push(id);
				else if (part === 2) lastKept.set(from, Date.now());
			});
			await Promise.all(sent);
		},
	);
	return { ids, lost, lastSent, lastKept };
}

try {
	n8n.importWebhookCredential(SECRET);
	n8n.importStateStoreCredential(STATE_CREDENTIAL, `${BASE}/api/v1`);
	n8n.importWorkflows([workflow]);

	await check(
		`n8n ${N8N_VERSION} (SQLite) starts; an API key with the data table scopes`,
		async () => {
			await startN8n();
			apiKey = await createApiKey(
				BASE,
				cookie,
				'Business Messaging state',
				/^dataTable|^execution/,
			);
		},
	);

	await check(
		"the State credential's Test: a wrong key is named, the right one is ready",
		async () => {
			const wrong = await testStateCredential('wrong-key');
			assert(wrong.status === 'Error' && /refused/.test(wrong.message), JSON.stringify(wrong));
			const right = await testStateCredential(apiKey);
			assert(right.status === 'OK', JSON.stringify(right));
			await setStateKey(apiKey);
			await setPublished(BASE, cookie, workflow.id, true);
			await waitForTrigger();
		},
	);

	await check(
		`${CHATS} chats of two messages: one execution each, both messages in order`,
		async () => {
			const since = Date.now();
			const { ids, lost } = await writeBursts(1, CHATS);
			assert(lost.length === 0, `${lost.length} never answered 200`);
			const { all, runs } = await waitForMessages(ids, since, 60_000);
			const { missing, twice } = exactlyOnce(ids, runs);
			assert(missing.length === 0 && twice.length === 0, `missing ${missing}, twice ${twice}`);
			assert(all.length === CHATS, `${all.length} executions for ${CHATS} bursts`);
			assert(
				all.every((e) => e.messageIds.length === 2 && e.messageIds[0].endsWith('.1')),
				'a burst without both messages in order',
			);
			console.log(`     ${answerFigures()}`);
			const tables = await api('/data-tables?limit=50');
			console.log(
				`     tables: ${tables.data.map((t) => `${t.name} (${t.sizeBytes} bytes)`).join('; ')}`,
			);
		},
	);

	await check('each message delivered twice at the same instant: it runs once', async () => {
		const since = Date.now();
		const ids = [];
		const lost = [];
		await inFlight(
			Array.from({ length: CHATS }, (_, n) => n),
			10,
			async (n) => {
				const id = `wamid.store.twice.${n}`;
				ids.push(id);
				const body = delivery(id, customer(2, n), 'twice');
				const answered = await Promise.all([deliver(body), deliver(body)]);
				if (!answered.every(Boolean)) lost.push(id);
			},
		);
		assert(lost.length === 0, `${lost.length} never answered 200`);
		const { runs } = await waitForMessages(ids, since, 60_000);
		await new Promise((resolve) => setTimeout(resolve, (QUIET_SECONDS + 4) * 1000));
		const { missing, twice } = exactlyOnce(ids, (await runsOf(since)).runs);
		assert(missing.length === 0 && twice.length === 0, `missing ${missing}, twice ${twice}`);
		void runs;
	});

	await check(
		'a burst handed over again (a try that timed out, a process stopped before it released the burst): it starts once',
		async () => {
			const since = Date.now();
			const handOver = (n) => handOverBody(`wamid.store.handover.${n}`, customer(6, n));
			const ids = Array.from({ length: 10 }, (_, n) => `wamid.store.handover.${n}`);
			// Each one three times at the same instant, then twice more a little later.
			const first = await Promise.all(
				ids.flatMap((_, n) => [post(handOver(n)), post(handOver(n)), post(handOver(n))]),
			);
			// Copies taken at the same instant may all lose (each sees the other's claim): 503, tried again.
			assert(
				first.every((status) => status === 200 || status === 503),
				`answered ${first}`,
			);
			for (let n = 0; n < ids.length; n++) await deliver(handOver(n));
			await waitForMessages(ids, since, 60_000);
			for (let n = 0; n < ids.length; n++) await deliver(handOver(n));
			await new Promise((resolve) => setTimeout(resolve, 3000));
			const { missing, twice } = exactlyOnce(ids, (await runsOf(since)).runs);
			assert(missing.length === 0 && twice.length === 0, `missing ${missing}, twice ${twice}`);
		},
	);

	await check(
		'a hand-over whose caller hangs up before n8n answers, tried again after its claim would have lapsed: it starts once',
		async () => {
			const since = Date.now();
			const ids = Array.from({ length: 10 }, (_, n) => `wamid.store.hangup.${n}`);
			const bodies = ids.map((id, n) => handOverBody(id, customer(10, n)));
			// Hung up at different moments: before the claim is made, while n8n creates the
			// execution (it goes on, and answers into the closed connection), or after the answer.
			const hungUp = await Promise.all(bodies.map((body, n) => postAndHangUp(body, 30 + 200 * n)));
			// Those that hung up before n8n went on never run until tried again: no need to wait long.
			const { runs } = await waitForMessages(ids, since, 15_000);
			const ranBefore = ids.filter((id) => runs.has(id)).length;
			// Past the claim's life (eventClaims.ts › TAKING_MS, 60 s), as a closer tries again.
			await new Promise((resolve) => setTimeout(resolve, 70_000));
			for (const body of bodies) assert(await deliver(body), 'a hand-over never answered 200');
			await new Promise((resolve) => setTimeout(resolve, 3000));
			const { missing, twice } = exactlyOnce(ids, (await runsOf(since)).runs);
			console.log(
				`     ${hungUp.filter(Boolean).length} of ${ids.length} callers hung up before the answer; ${ranBefore} ran before they were tried again; ${missing.length} missing, ${twice.length} twice`,
			);
			assert(hungUp.some(Boolean), 'every answer came before the caller hung up: nothing tested');
			assert(missing.length === 0 && twice.length === 0, `missing ${missing}, twice ${twice}`);
		},
	);

	for (const signal of ['SIGKILL', 'SIGTERM']) {
		await check(
			`${signal} with ${CHATS} bursts open, then a restart: every message answered 200 runs (none lost; duplicates counted)`,
			async () => {
				const since = Date.now();
				const { ids, lost } = await writeBursts(signal === 'SIGKILL' ? 3 : 4, CHATS);
				assert(lost.length === 0, `${lost.length} never answered 200`);
				console.log(`     at the ${signal}: ${await heldInStore()}`);
				await stopN8n(signal);
				// Every execution the stopped process recorded started before this instant.
				const restartedAt = Date.now();
				await startN8n();
				await waitForTrigger();
				// n8n 2.41 runs no code of a webhook trigger when it starts: the next delivery, of any
				// chat, has the process look for what the stopped one left.
				const nudge = `wamid.store.nudge.${signal}`;
				ids.push(nudge);
				assert(
					await deliver(delivery(nudge, customer(8, signal.length), 'hello')),
					'nudge refused',
				);
				// A hand-over the stopped process was taking holds its burst until its claim lapses
				// (eventClaims.ts › TAKING_MS), then the burst runs. At 2,000 chats the backlog takes
				// minutes: the wait is as long as 0.6 s a chat (20 minutes), never under 4 minutes.
				await waitForMessages(ids, since, Math.max(240_000, CHATS * 600));
				const recovered = Math.round((Date.now() - restartedAt) / 1000);
				await new Promise((resolve) => setTimeout(resolve, (QUIET_SECONDS + 4) * 1000));
				const { all, runs } = await runsOf(since);
				const { missing, twice } = exactlyOnce(ids, runs);
				// A burst whose execution the stopped process created (n8n runs it at startup if it had
				// not started) but whose claim it had not yet recorded as run is handed over again after
				// the claim lapses: the one duplicate the protocol allows (a stop inside a claim).
				const duplicated = all.filter((e) => e.messageIds.some((id) => twice.includes(id)));
				const early = await createdBefore(
					api,
					duplicated.map((e) => e.id),
					restartedAt,
				);
				const startedBeforeStop = new Set(
					duplicated
						.filter((e) => early.has(e.id) || e.status === 'crashed')
						.flatMap((e) => e.messageIds),
				);
				const unexplained = twice.filter((id) => !startedBeforeStop.has(id));
				console.log(
					`     ${ids.length} messages: ${missing.length} missing, ${twice.length} twice (${twice.length - unexplained.length} in a burst whose execution the stopped process had created); all ran within ${recovered} s of the restart`,
				);
				assert(missing.length === 0, `missing: ${missing.slice(0, 5)}`);
				assert(
					unexplained.length === 0,
					`run twice with no execution of the stopped process to explain it: ${unexplained.slice(0, 6)}`,
				);
			},
		);
	}

	await check(
		'a wrong API key: deliveries get 503, never 200; n8n logs why once; back, they run',
		async () => {
			const since = Date.now();
			// What n8n says from here on: an earlier check may have had a refusal of its own.
			const saidBefore = said.join('').length;
			await setStateKey('wrong-key');
			const id = 'wamid.store.wrongkey.1';
			const body = delivery(id, customer(5, 1), 'while the key is wrong');
			const statuses = [];
			for (let n = 0; n < 5; n++) statuses.push(await post(body));
			assert(
				statuses.every((s) => s === 503),
				`answered ${statuses}`,
			);
			const lines = said
				.join('')
				.slice(saidBefore)
				.split('\n')
				.filter((l) => /answered 503 .*API key/.test(l));
			// Once a minute, not once a delivery: on a loaded machine the 5 can span a minute.
			const minutes = Math.ceil((Date.now() - since) / 60_000);
			assert(
				lines.length >= 1 && lines.length <= minutes,
				`${lines.length} log lines for 5 refusals in ${minutes} minute(s)`,
			);
			await setStateKey(apiKey);
			assert(await deliver(body), 'not taken once the key was right');
			const { runs } = await waitForMessages([id], since, 30_000);
			assert(runs.get(id) === 1, `ran ${runs.get(id) ?? 0} times`);
		},
	);

	await check(
		`${LATENCY_CHATS} chats × 2 messages: how long after its quiet time each burst begins`,
		async () => {
			const since = Date.now();
			const { ids, lost, lastSent, lastKept } = await writeBursts(6, LATENCY_CHATS, 50);
			console.log(`     ${answerFigures()}`);
			assert(lost.length === 0, `${lost.length} never answered 200`);
			const { all, runs } = await waitForMessages(ids, since, 300_000);
			const { missing, twice } = exactlyOnce(ids, runs);
			// From the quiet time after the last message was sent (what the customer sees), and
			// after it was answered 200 (the closing alone, without the delivery's wait for n8n).
			const lateness = (from) =>
				all
					.filter((e) => from.has(e.chats[0]))
					.map((e) => e.startedAt - (from.get(e.chats[0]) + QUIET_SECONDS * 1000))
					.sort((a, b) => a - b);
			const figures = (late) => {
				const at = (q) => late[Math.min(late.length - 1, Math.floor(q * late.length))];
				return `median ${at(0.5)} ms, 90% ${at(0.9)} ms, worst ${late.at(-1)} ms`;
			};
			console.log(
				`     ${all.length} executions; start after the quiet time from the last message sent: ${figures(lateness(lastSent))}; from its 200: ${figures(lateness(lastKept))}; ${missing.length} missing, ${twice.length} twice`,
			);
			assert(
				missing.length === 0 && twice.length === 0,
				`missing ${missing.length}, twice ${twice.length}`,
			);
		},
	);

	await check(
		`the database out of reach for ${LOCK_SECONDS} s (another process holds SQLite's write lock) while ${CHATS} chats write: 503s, then every message runs, once`,
		async () => {
			const since = Date.now();
			const before = { ...tally };
			const { locked, released } = holdSqliteWriteLock(n8n.userFolder, LOCK_SECONDS * 1000);
			// The lock comes while messages are kept, bursts are open and others are handed over.
			const writing = writeBursts(9, CHATS);
			const lockedAt = await locked;
			const releasedAt = await released;
			const { ids, lost } = await writing;
			const answered = Object.fromEntries(
				Object.entries(tally).map(([status, n]) => [status, n - (before[status] ?? 0)]),
			);
			assert(lost.length === 0, `${lost.length} never answered 200`);
			await waitForMessages(ids, since, Math.max(240_000, CHATS * 300));
			const recovered = Math.round((Date.now() - releasedAt) / 1000);
			await new Promise((resolve) => setTimeout(resolve, (QUIET_SECONDS + 4) * 1000));
			const { all, runs } = await runsOf(since);
			const { missing, twice } = exactlyOnce(ids, runs);
			console.log(
				`     locked ${Math.round((releasedAt - lockedAt) / 1000)} s; answers ${JSON.stringify(answered)}; ${all.length} executions; ${missing.length} missing, ${twice.length} twice; all ran within ${recovered} s of the release`,
			);
			assert(answered[503] > 0, 'no delivery was answered 503 while the database was locked');
			assert(
				missing.length === 0 && twice.length === 0,
				`missing ${missing.slice(0, 5)}, twice ${twice.slice(0, 5)}`,
			);
		},
	);

	await check(
		'storage full (a low N8N_DATA_TABLES_MAX_SIZE_BYTES): 503 and the log names the limit',
		async () => {
			await stopN8n('SIGTERM');
			await startN8n({ N8N_DATA_TABLES_MAX_SIZE_BYTES: '1' });
			await waitForTrigger();
			const status = await post(delivery('wamid.store.full.1', customer(7, 1), 'full'));
			assert(status === 503, `answered ${status}`);
			const line = said
				.join('')
				.split('\n')
				.find((l) => /N8N_DATA_TABLES_MAX_SIZE_BYTES/.test(l));
			assert(line, 'no log line names N8N_DATA_TABLES_MAX_SIZE_BYTES');
		},
	);
	console.log(`     answers over the run: ${JSON.stringify(tally)}`);
} finally {
	if (server && server.exitCode === null) await stopN8n('SIGTERM');
	n8n.remove();
}
finish();
