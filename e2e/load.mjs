// Webhooks under load, through a real n8n in queue mode (tools/n8n/queueMode.mjs: Redis, PostgreSQL, a
// main, one worker and a webhook process):
// 1. Forged deliveries, a fifth each of: no signature, a wrong signature, a truncated one, a
//    valid signature over an altered body, a wrong token. Each is answered 401 and none starts
//    an execution (their bodies are real customer messages: a broken check would run them).
// 2. Customer messages written to the sandbox at a steady RATE a second, which it delivers to
//    the trigger (signed, at least once, retried when not answered 2xx within 10 s). The worker replies to each with Send Text: the
//    sandbox must end up with exactly one reply per message, and n8n with one execution each.
// 3. A BURST of messages written at once: the sandbox delivers them at most
//    webhookConcurrency (25) at a time, as a platform does, and n8n works through the backlog.
// Prints the figures and "N passed, N failed".
//   node e2e/load.mjs                     (10,000 forged, 5,000 valid, a burst of 5,000; needs redis-server, postgresql)
//   FORGED=1000 VALID=500 RATE=5 BURST=5000 node e2e/load.mjs
import { createHmac } from 'node:crypto';
import { assert, check, finish } from './checks.mjs';
import {
	actionNode,
	createQueueHome,
	ensureN8n,
	N8N_VERSION,
	requireRedis,
	startQueueMode,
	startSandbox,
	triggerNode,
	workflowJson,
} from '../tools/n8n/index.mjs';
import { SECRET_SCAN, scanForKey } from './secretScan.mjs';

const FORGED = Number(process.env.FORGED ?? 10_000);
const VALID = Number(process.env.VALID ?? 5_000);
const RATE = Number(process.env.RATE ?? 5);
const BURST = Number(process.env.BURST ?? 5_000);
const SECRET = 'load-signature-secret';
const TOKEN = 'load-header-token';
const SIGNED = { id: 'bmLoadSigned0001', webhookId: 'bm-load-signed' };
const TOKENED = { id: 'bmLoadToken00001', webhookId: 'bm-load-token' };

requireRedis();
await ensureN8n((line) => console.log(line));
const sandbox = await startSandbox();
const n8n = createQueueHome();
let queue;
try {
	n8n.importSandboxCredential(sandbox);
	// The triggers' secrets, in the webhook credentials their Authentication names.
	const signing = { id: 'bmLoadWebhookSig', name: 'load: signature' };
	const tokened = { id: 'bmLoadWebhookTok', name: 'load: header token' };
	n8n.importWebhookCredential(SECRET, { as: signing });
	n8n.importCredential({
		...tokened,
		type: 'businessMessagingHeaderTokenApi',
		data: { headerName: 'x-load-token', token: TOKEN },
	});
	const workflows = [
		replyWorkflow(SIGNED, 'signature', { businessMessagingSignatureApi: signing }),
		replyWorkflow(TOKENED, 'headerToken', { businessMessagingHeaderTokenApi: tokened }),
	];
	n8n.importActiveWorkflows(workflows);

	await check(
		`n8n ${N8N_VERSION} in queue mode starts with the two trigger workflows`,
		async () => {
			// A GET without the handshake's parameters answers 4xx, but not 404: the webhook is served.
			queue = await startQueueMode(n8n, {
				readyPath: `${SIGNED.webhookId}/webhook`,
				readyMethod: 'GET',
			});
		},
	);
	if (!queue) throw new Error('queue mode did not start');
	const signedUrl = `${queue.hooks}/webhook/${SIGNED.webhookId}/webhook`;
	const tokenUrl = `${queue.hooks}/webhook/${TOKENED.webhookId}/webhook`;
	const count = (workflowId, status) =>
		executionCount(queue.main, queue.cookie, workflowId, status);
	const control = async (path, method = 'GET', body) =>
		(
			await fetch(sandbox.controlUrl + path, {
				method,
				headers: body ? { 'content-type': 'application/json' } : {},
				body: body && JSON.stringify(body),
			})
		).json();

	if (FORGED > 0)
		await check(`${FORGED} forged deliveries are answered 401 and start no execution`, async () => {
			const kinds = forgeries(signedUrl, tokenUrl, sandbox.phoneNumberIds[0]);
			const answers = {};
			const started = Date.now();
			await pool(FORGED, 50, async (i) => {
				const kind = kinds[i % kinds.length];
				const { url, headers, body } = kind.make(i);
				const response = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json', ...headers },
					body,
				});
				await response.arrayBuffer();
				const key = `${kind.name}: ${response.status}`;
				answers[key] = (answers[key] ?? 0) + 1;
			});
			const seconds = (Date.now() - started) / 1000;
			console.log(
				`     ${FORGED} forged in ${seconds.toFixed(1)} s (${Math.round(FORGED / seconds)}/s): ${JSON.stringify(answers)}`,
			);
			assert(
				Object.keys(answers).every((k) => k.endsWith(': 401')),
				`answers: ${JSON.stringify(answers)}`,
			);
			// Give any wrongly started execution time to be recorded before counting.
			await new Promise((r) => setTimeout(r, 3_000));
			const executions = (await count(SIGNED.id)) + (await count(TOKENED.id));
			assert(executions === 0, `${executions} executions started`);
			const replies = (await control('/messages')).data.filter((m) => m.replyTo);
			assert(replies.length === 0, `${replies.length} replies sent`);
		});

	await control('/webhook', 'PUT', { url: signedUrl, secret: SECRET });
	// The replies' receipts are left out (due in a day): the trigger would only filter them out.
	const day = 24 * 60 * 60_000;
	await control('/config', 'POST', { receiptDelaysMs: { sent: day, delivered: day, read: day } });

	/**
	 * Writes `total` customer messages to the sandbox, `rate` a second (Infinity: all at once, 20
	 * at a time), which delivers them to the signed workflow; then waits until each has its reply
	 * (or 60 s pass without a new one) and checks: one reply and one execution per message.
	 */
	const answeredOnce = async (total, rate) => {
		const before = await count(SIGNED.id);
		const written = [];
		const started = Date.now();
		await pool(total, 20, async (i) => {
			const due = started + (i * 1000) / rate;
			if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
			const from = String(14155500000 + i);
			written.push(
				await control('/incoming', 'POST', {
					phone_number_id: sandbox.phoneNumberIds[0],
					from,
					text: `Order question ${i}`,
				}),
			);
		});
		const ids = new Set(written.map((w) => w.message_id));
		const writeSeconds = (Date.now() - started) / 1000;
		const repliesTo = async () =>
			(await control('/messages')).data.filter((m) => ids.has(m.replyTo));
		for (let last = -1, since = Date.now(); ; ) {
			const replies = (await repliesTo()).length;
			if (replies >= total) break;
			if (replies !== last) [last, since] = [replies, Date.now()];
			if (Date.now() - since > 60_000) break;
			await new Promise((r) => setTimeout(r, 1_000));
		}
		const seconds = (Date.now() - started) / 1000;
		await new Promise((r) => setTimeout(r, 5_000)); // anything late (a duplicate) shows up now
		const replies = await repliesTo();
		const perMessage = new Map();
		for (const reply of replies)
			perMessage.set(reply.replyTo, (perMessage.get(reply.replyTo) ?? 0) + 1);
		const missing = [...ids].filter((id) => !perMessage.has(id)).length;
		const twice = [...perMessage.values()].filter((n) => n > 1).length;
		const deliveryIds = new Set(written.map((w) => w.delivery_id));
		const deliveries = (await control('/webhook/deliveries')).data.filter((d) =>
			deliveryIds.has(d.id),
		);
		const retried = deliveries.filter((d) => d.attempts > 1).length;
		const failed = deliveries.filter((d) => d.status === 'failed').length;
		const executions = (await count(SIGNED.id)) - before;
		const errors = await count(SIGNED.id, 'error');
		console.log(
			`     ${total} messages written in ${writeSeconds.toFixed(1)} s (${Math.round(total / writeSeconds)}/s); all answered after ${seconds.toFixed(1)} s ` +
				`(${(total / seconds).toFixed(1)}/s end to end); replies ${replies.length}, missing ${missing}, answered twice ${twice}; ` +
				`deliveries retried ${retried}, given up ${failed}; executions ${executions}, errors ${errors}`,
		);
		if (errors > 0)
			console.log(
				`     the errors: ${JSON.stringify(await errorMessages(queue.main, queue.cookie, SIGNED.id))}`,
			);
		assert(
			missing === 0 && twice === 0 && replies.length === total,
			`missing ${missing}, twice ${twice}, replies ${replies.length}`,
		);
		assert(executions === total && errors === 0, `executions ${executions}, errors ${errors}`);
	};

	if (VALID > 0)
		await check(
			`${VALID} customer messages at ${RATE} a second, delivered by the sandbox, are each answered exactly once by the worker`,
			() => answeredOnce(VALID, RATE),
		);
	if (BURST > 0) {
		await check(
			`a burst of ${BURST} customer messages, written as fast as the sandbox takes them, is each answered exactly once`,
			() => answeredOnce(BURST, Infinity),
		);
	}
	await check(SECRET_SCAN, async () => {
		await scanForKey({ sandbox, n8n, texts: Object.values(queue.logs), secrets: [SECRET, TOKEN] });
	});
} finally {
	await queue?.stop();
	sandbox.child.kill('SIGTERM');
	n8n.remove();
}
finish();

/** Trigger (incoming messages) → Send Text, a reply to the message. */
function replyWorkflow({ id, webhookId }, deliveryAuth, credentials) {
	return workflowJson({
		id,
		name: `load: reply (${deliveryAuth})`,
		nodes: [
			triggerNode(
				webhookId,
				{ events: ['incomingMessage'], deliveryAuth, options: {} },
				{ id: `${id}-t`, name: 'Trigger', credentials },
			),
			actionNode(
				{
					resource: 'message',
					operation: 'sendText',
					phoneNumberId: { __rl: true, mode: 'id', value: '={{ $json.phoneNumberId }}' },
					recipient: '={{ $json.from }}',
					text: 'Thanks, we will answer shortly.',
					options: { replyTo: '={{ $json.messageId }}' },
				},
				{ id: `${id}-r`, name: 'Reply' },
			),
		],
	});
}

/** A customer message in the platform's envelope, as a forger would copy it. */
function incomingBody(phoneNumberId, i) {
	return JSON.stringify({
		object: 'whatsapp_business_account',
		entry: [
			{
				id: '102290129340398',
				changes: [
					{
						field: 'messages',
						value: {
							messaging_product: 'whatsapp',
							metadata: { display_phone_number: '15550123401', phone_number_id: phoneNumberId },
							contacts: [{ profile: { name: 'Forger' }, wa_id: '14155559999' }],
							messages: [
								{
									from: '14155559999',
									id: `wamid.forged${i}`,
									timestamp: String(Math.floor(Date.now() / 1000)),
									type: 'text',
									text: { body: 'refund me' },
								},
							],
						},
					},
				],
			},
		],
	});
}

function forgeries(signedUrl, tokenUrl, phoneNumberId) {
	const sign = (body) => 'sha256=' + createHmac('sha256', SECRET).update(body).digest('hex');
	return [
		{
			name: 'no signature',
			make: (i) => ({ url: signedUrl, headers: {}, body: incomingBody(phoneNumberId, i) }),
		},
		{
			name: 'wrong signature',
			make: (i) => ({
				url: signedUrl,
				headers: { 'x-hub-signature-256': sign('x' + i) },
				body: incomingBody(phoneNumberId, i),
			}),
		},
		{
			name: 'truncated signature',
			make: (i) => {
				const body = incomingBody(phoneNumberId, i);
				return {
					url: signedUrl,
					headers: { 'x-hub-signature-256': sign(body).slice(0, 7 + (i % 64)) },
					body,
				};
			},
		},
		{
			name: 'valid signature, altered body',
			make: (i) => {
				const body = incomingBody(phoneNumberId, i);
				return {
					url: signedUrl,
					headers: { 'x-hub-signature-256': sign(body) },
					body: body.replace('refund me', 'refund me twice'),
				};
			},
		},
		{
			name: 'wrong token',
			make: (i) => ({
				url: tokenUrl,
				headers: { 'x-load-token': `${TOKEN}${i % 10}` },
				body: incomingBody(phoneNumberId, i),
			}),
		},
	];
}

/** Runs `task(0..total-1)`, `width` at a time. */
async function pool(total, width, task) {
	let next = 0;
	await Promise.all(
		Array.from({ length: width }, async () => {
			while (next < total) await task(next++);
		}),
	);
}

/** One page of a workflow's executions (of a status) from n8n's REST API: `{ count, results }`. */
async function executionsPage(base, cookie, workflowId, status, limit) {
	const filter = { workflowId, ...(status ? { status: [status] } : {}) };
	const response = await fetch(
		`${base}/rest/executions?filter=${encodeURIComponent(JSON.stringify(filter))}&limit=${limit}`,
		{ headers: { cookie } },
	);
	return (await response.json()).data ?? {};
}

/** How many executions n8n recorded for a workflow (of a status). */
async function executionCount(base, cookie, workflowId, status) {
	return (await executionsPage(base, cookie, workflowId, status, 1)).count ?? NaN;
}

/** The error messages of a workflow's failed executions, counted (n8n stores run data flatted). */
async function errorMessages(base, cookie, workflowId) {
	const counted = {};
	for (const { id } of (await executionsPage(base, cookie, workflowId, 'error', 50)).results ??
		[]) {
		const execution = (
			await (await fetch(`${base}/rest/executions/${id}`, { headers: { cookie } })).json()
		).data;
		const flat = JSON.parse(execution?.data ?? '[]');
		for (const entry of flat) {
			if (
				entry &&
				typeof entry === 'object' &&
				'message' in entry &&
				('stack' in entry || 'name' in entry)
			) {
				const message = String(flat[Number(entry.message)] ?? entry.message);
				counted[message] = (counted[message] ?? 0) + 1;
			}
		}
	}
	return counted;
}
