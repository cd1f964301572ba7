// End-to-end: deliveries a platform or an attacker may send that are not the plain JSON the
// trigger expects (no Content-Type, another type, an empty body, JSON cut short, a list), to a
// trigger with each Authentication, in a real n8n. The promise under test: a delivery answered
// with an error status (which the platform delivers again) started nothing, and one answered 200
// ran exactly once. n8n starts an execution for a webhook that throws, so only a real n8n shows
// it (issue 38: a delivery with no Content-Type used to be answered 500 and run).
//   node e2e/hostileDeliveries.mjs [--queue]
import { createHmac } from 'node:crypto';
import { assert, check, executionsOf, savedExecution, waitFor } from './checks.mjs';
import { isMain, runSuites } from './suite.mjs';
import { actionNode, triggerNode, workflowJson } from '../tools/n8n/index.mjs';

export const hostileDeliveriesSuite = {
	active:
		'three triggers, one per Authentication, one that reports refusals, and a new one (1.2) whose secret is wrong',
	prepare,
};

const SECRET = 'e2e-hostile-signing-secret';
const TOKEN = 'e2e-hostile-header-token';
const signature = (raw) => `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`;

/** The three triggers: each Authentication, incoming messages, no option. */
const TRIGGERS = [
	{
		auth: 'signature',
		webhookId: 'bm-hostile-signed',
		credential: {
			id: 'bmHostileSigned1',
			name: 'e2e hostile: signature',
			type: 'businessMessagingSignatureApi',
			data: { secret: SECRET, signatureHeader: 'X-Hub-Signature-256' },
		},
		headers: (raw) => ({ 'x-hub-signature-256': signature(raw) }),
	},
	{
		auth: 'headerToken',
		webhookId: 'bm-hostile-token',
		credential: {
			id: 'bmHostileToken1',
			name: 'e2e hostile: header token',
			type: 'businessMessagingHeaderTokenApi',
			data: { headerName: 'X-Webhook-Token', token: TOKEN },
		},
		headers: () => ({ 'x-webhook-token': TOKEN }),
	},
	{ auth: 'none', webhookId: 'bm-hostile-open', headers: () => ({}) },
];

/** A fourth trigger, Options › Report Refusals on: a refusal reaches its workflow, once a minute. */
const REPORTING = {
	auth: 'headerToken',
	webhookId: 'bm-hostile-reporting',
	credential: TRIGGERS[1].credential,
	options: { reportRefusals: true },
};

/**
 * A trigger as a new user makes it (version 1.2, no option chosen) whose credential holds the
 * API key instead of the app secret (issue 51, trap 1), with Send Text on its Events output.
 */
const WRONG_SECRET = {
	auth: 'signature',
	webhookId: 'bm-hostile-wrong-secret',
	typeVersion: 1.2,
	credential: {
		id: 'bmHostileWrongSecret1',
		name: 'e2e hostile: the API key as the secret',
		type: 'businessMessagingSignatureApi',
		data: { secret: 'e2e-the-api-key-pasted-here', signatureHeader: 'X-Hub-Signature-256' },
	},
	next: actionNode(
		{
			resource: 'message',
			operation: 'sendText',
			recipient: '={{ $json.from }}',
			text: 'It should never run',
		},
		{ name: 'Send Text' },
	),
};

function workflowOf(trigger, index) {
	const { credential } = trigger;
	return workflowJson({
		id: `bmHostileFlow${index + 1}`,
		name: `e2e hostile: ${trigger.auth}`,
		nodes: [
			triggerNode(
				trigger.webhookId,
				{
					events: ['incomingMessage'],
					...(trigger.auth === 'none' ? {} : { deliveryAuth: trigger.auth }),
					...(trigger.options ? { options: trigger.options } : {}),
				},
				{
					id: `bmHostileTrigger${index + 1}`,
					typeVersion: trigger.typeVersion ?? 1,
					...(credential
						? { credentials: { [credential.type]: { id: credential.id, name: credential.name } } }
						: {}),
				},
			),
			...(trigger.next ? [trigger.next] : []),
		],
	});
}

/** A customer's text in the platform's envelope, with its own message ID. */
function messageDelivery(phoneNumberId, messageId) {
	return JSON.stringify({
		object: 'whatsapp_business_account',
		entry: [
			{
				id: 'waba-hostile',
				changes: [
					{
						field: 'messages',
						value: {
							messaging_product: 'whatsapp',
							metadata: { display_phone_number: '15550123401', phone_number_id: phoneNumberId },
							contacts: [{ wa_id: '14155550299', profile: { name: 'Hostile test' } }],
							messages: [
								{
									from: '14155550299',
									id: messageId,
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

/**
 * The deliveries, each `{ what, contentType, raw, taken }`: `taken` when the trigger is to run
 * it (valid JSON, whatever its Content-Type says), else it must start nothing.
 */
function deliveriesFor(phoneNumberId, auth) {
	const valid = (n) => messageDelivery(phoneNumberId, `wamid.hostile-${auth}-${n}`);
	return [
		{ what: 'valid JSON, no Content-Type', contentType: undefined, raw: valid(1), taken: true },
		{ what: 'valid JSON as text/plain', contentType: 'text/plain', raw: valid(2), taken: true },
		{ what: 'an empty body, no Content-Type', contentType: undefined, raw: '', taken: false },
		{ what: 'an empty body as JSON', contentType: 'application/json', raw: '', taken: false },
		{
			what: 'not JSON, no Content-Type',
			contentType: undefined,
			raw: 'object=whatsapp',
			taken: false,
		},
		{
			what: 'JSON cut short, as JSON',
			contentType: 'application/json',
			raw: valid(3).slice(0, 50),
			taken: false,
		},
		{
			what: 'JSON cut short, no Content-Type',
			contentType: undefined,
			raw: valid(4).slice(0, 50),
			taken: false,
		},
		{ what: 'a JSON list', contentType: 'application/json', raw: '[1,2]', taken: false },
		{
			what: 'a form body',
			contentType: 'application/x-www-form-urlencoded',
			raw: 'object=whatsapp_business_account',
			taken: false,
		},
	];
}

function prepare({ n8n, sandbox, mode }) {
	const [ourNumber] = sandbox.phoneNumberIds;
	const flows = [...TRIGGERS, REPORTING, WRONG_SECRET].map(workflowOf);
	n8n.importCredential(
		[...TRIGGERS, WRONG_SECRET].map((trigger) => trigger.credential).filter(Boolean),
	);
	n8n.importActiveWorkflows(flows);
	return {
		readyPath: `${TRIGGERS[2].webhookId}/webhook`,
		secrets: [SECRET, TOKEN],
		// These triggers call no API (no media, no numbers): the scan has no request to see alone.
		minRequests: 0,
		async run({ main, hooks, cookie }) {
			const h = { main, hooks, cookie, mode, ourNumber };
			await refusalsReported(h, flows[TRIGGERS.length]);
			await wrongSecretReported(h, flows[TRIGGERS.length + 1]);
			for (const [index, trigger] of TRIGGERS.entries())
				await hostileAnswered(h, trigger, flows[index]);
		},
	};
}

/** The IDs of the workflow's executions so far. */
async function executionIds({ main, cookie }, flow) {
	return new Set((await executionsOf(main, cookie, flow.id)).map((e) => String(e.id)));
}

/**
 * The workflow's executions not in `before`, once `expected` of them have finished and 2 s more
 * have passed (time for a late execution of a refused delivery to show).
 */
async function newExecutions({ main, cookie }, flow, before, expected, what) {
	const fresh = async () =>
		(await executionsOf(main, cookie, flow.id)).filter((e) => !before.has(String(e.id)));
	await waitFor(
		async () => {
			const runs = await fresh();
			return runs.length >= expected && runs.every((e) => !['new', 'running'].includes(e.status));
		},
		30_000,
		what,
	);
	await new Promise((resolve) => setTimeout(resolve, 2000));
	return fresh();
}

/**
 * Three deliveries to `trigger` that it refuses (each with `headersOf(raw)`): each answered 401,
 * and one execution for the three, the minute's report. That execution as n8n saved it, and when
 * the first delivery was refused.
 */
async function threeRefused(h, flow, trigger, idPrefix, headersOf) {
	const { main, hooks, cookie, ourNumber } = h;
	const before = await executionIds(h, flow);
	const firstRefused = Date.now();
	const statuses = [];
	for (let i = 0; i < 3; i++) {
		const raw = messageDelivery(ourNumber, `${idPrefix}-${i}`);
		const response = await fetch(`${hooks}/webhook/${trigger.webhookId}/webhook`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headersOf(raw) },
			body: raw,
		});
		statuses.push(response.status);
	}
	assert(
		statuses.every((status) => status === 401),
		`answered ${statuses.join(', ')}`,
	);
	const runs = await newExecutions(h, flow, before, 1, 'the refusal report');
	assert(runs.length === 1, `${runs.length} executions for 3 refusals in a minute`);
	return { ...(await savedExecution(main, cookie, runs[0].id)), firstRefused };
}

/** Report Refusals: three refused deliveries in a minute, one execution holding the refusal. */
async function refusalsReported(h, flow) {
	await check(
		`${h.mode}: Report Refusals starts the workflow with a refusal item while the provider gets its 401, once a minute`,
		async () => {
			const { data } = await threeRefused(h, flow, REPORTING, 'wamid.hostile-report', () => ({
				'x-webhook-token': 'not-it',
			}));
			const item =
				data.resultData.runData['Business Messaging Trigger']?.[0]?.data?.main?.[0]?.[0]?.json;
			assert(
				item?.eventType === 'refusal' &&
					item.status === 401 &&
					/X-Webhook-Token/.test(item.reason) &&
					!JSON.stringify(item).includes(TOKEN),
				`the report: ${JSON.stringify(item)}`,
			);
		},
	);
}

/**
 * A new trigger (1.2) whose secret is wrong: every delivery of the platform is refused 401, and
 * within a minute of the first, an execution holds the report on the Refusals output with
 * nothing connected there, while Send Text, on the Events output, never ran.
 */
async function wrongSecretReported(h, flow) {
	await check(
		`${h.mode}: a new trigger (1.2) with the API key as its secret reports the refused deliveries on its Refusals output within a minute; the node on Events never runs`,
		async () => {
			const { data, startedAt, firstRefused } = await threeRefused(
				h,
				flow,
				WRONG_SECRET,
				'wamid.hostile-wrong-secret',
				(raw) => ({ 'x-hub-signature-256': signature(raw) }),
			);
			const after = (Date.parse(startedAt) - firstRefused) / 1000;
			const [events, refusals] =
				data.resultData.runData['Business Messaging Trigger']?.[0]?.data?.main ?? [];
			const report = refusals?.[0]?.json;
			assert(
				(events ?? []).length === 0 &&
					refusals?.length === 1 &&
					report?.eventType === 'refusal' &&
					report.status === 401 &&
					/signature does not match/.test(report.reason) &&
					!JSON.stringify(report).includes(WRONG_SECRET.credential.data.secret),
				`the trigger's outputs: ${JSON.stringify({ events, refusals })}`,
			);
			assert(!data.resultData.runData['Send Text'], 'Send Text ran on a refusal');
			assert(after < 60, `reported ${after.toFixed(1)} s after the first refused delivery`);
			console.log(`  reported ${after.toFixed(1)} s after the first refused delivery`);
		},
	);
}

/** Every hostile delivery to a trigger answered with an error and starting nothing; each valid one run once. */
async function hostileAnswered(h, trigger, flow) {
	const { hooks, mode, ourNumber } = h;
	await check(
		`${mode}, Authentication ${trigger.auth}: every hostile delivery answered with an error started nothing; each valid one ran once`,
		async () => {
			const before = await executionIds(h, flow);
			const answers = [];
			for (const delivery of deliveriesFor(ourNumber, trigger.auth)) {
				// A Uint8Array body: fetch then sends no Content-Type of its own.
				const response = await fetch(`${hooks}/webhook/${trigger.webhookId}/webhook`, {
					method: 'POST',
					headers: {
						...(delivery.contentType ? { 'content-type': delivery.contentType } : {}),
						...trigger.headers(delivery.raw),
					},
					body: new TextEncoder().encode(delivery.raw),
				});
				answers.push({ ...delivery, status: response.status });
			}
			const said = answers.map((a) => `${a.what} → ${a.status}`).join('; ');
			const wrong = answers.filter((a) => (a.status === 200) !== a.taken);
			assert(wrong.length === 0, `answered: ${said}`);
			const expected = answers.filter((a) => a.taken).length;
			const runs = await newExecutions(h, flow, before, expected, `${expected} execution(s)`);
			assert(
				runs.length === expected && runs.every((e) => e.status === 'success'),
				`${runs.length} execution(s) for ${expected} valid deliveries: ${JSON.stringify(runs.map((e) => e.status))}; answered: ${said}`,
			);
		},
	);
}

if (isMain(import.meta.url))
	await runSuites([hostileDeliveriesSuite], {
		queue: process.argv.includes('--queue'),
		port: Number(process.env.BM_N8N_PORT ?? 5704),
	});
