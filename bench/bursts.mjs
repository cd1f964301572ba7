// Benchmark: the trigger's Collect Bursts in a real n8n (2.41.1), against the same trigger
// without it (the baseline, measured in the same run). C customers each type 5 messages a little
// over a second apart, all at once, through the sandbox (which delivers in parallel, as a real
// platform does). Measured: executions started per customer message, and when each execution
// started after the message that ended it (for bursts: after the quiet time).
//   node bench/bursts.mjs [--customers 10] [--quiet 2]
import { parseArgs } from 'node:util';
import {
	createN8nHome,
	ensureN8n,
	executionsOf,
	N8N_VERSION,
	savedExecution,
	startRegularMode,
	startSandbox,
	waitFor,
} from '../tools/n8n/index.mjs';

const { values } = parseArgs({
	options: {
		customers: { type: 'string', default: '10' },
		quiet: { type: 'string', default: '2' },
	},
});
const CUSTOMERS = Number(values.customers);
// n8n lists at most 100 executions a page: the baseline starts one per message.
if (CUSTOMERS * 5 > 100) throw new Error('--customers is at most 20');
const QUIET_SECONDS = Number(values.quiet);
const MESSAGES = 5;

await ensureN8n((line) => console.log(line));
const sandbox = await startSandbox();
const n8n = createN8nHome({ port: 5710 });
const trigger = (id, options) => ({
	id,
	name: `bench: ${id}`,
	active: false,
	settings: { executionOrder: 'v1' },
	connections: {},
	nodes: [
		{
			id: `${id}-node`,
			name: 'Business Messaging Trigger',
			type: 'n8n-nodes-business-messaging.businessMessagingTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: `bench-${id}`,
			parameters: { events: ['incomingMessage'], options },
		},
	],
});
const flows = {
	everyMessage: trigger('bmBenchEveryMsg1', {}),
	bursts: trigger('bmBenchBursts001', { collectBursts: QUIET_SECONDS }),
};

n8n.importActiveWorkflows(Object.values(flows));
const { control } = sandbox;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const worst = (list) => Math.max(...list);

const said = [];
const {
	main: base,
	cookie,
	stop,
} = await startRegularMode(n8n, {
	readyPath: `bench-${flows.bursts.id}/webhook`,
	said,
});
try {
	/** Every customer types MESSAGES messages, ~1 s apart, all at once; when each was sent. */
	const chat = async (round) => {
		const sent = new Map();
		for (let i = 1; i <= MESSAGES; i++) {
			const started = Date.now();
			await Promise.all(
				Array.from({ length: CUSTOMERS }, async (_, c) => {
					const from = `1415555${String(round * 1000 + c).padStart(4, '0')}`;
					await control('/incoming', {
						phone_number_id: sandbox.phoneNumberIds[0],
						from,
						text: `message ${i}`,
					});
					sent.set(`${from}|message ${i}`, Date.now());
				}),
			);
			if (i < MESSAGES)
				await new Promise((r) => setTimeout(r, Math.max(0, 1050 - (Date.now() - started))));
		}
		return sent;
	};
	const settle = async (flow, expected) => {
		await waitFor(
			async () => {
				const runs = await executionsOf(base, cookie, flow.id);
				return runs.length >= expected && runs.every((e) => !['new', 'running'].includes(e.status));
			},
			120_000,
			`${expected} executions of ${flow.name}`,
		);
		await new Promise((r) => setTimeout(r, (QUIET_SECONDS + 2) * 1000));
		const runs = await executionsOf(base, cookie, flow.id);
		const started = [];
		for (const run of runs) {
			const { data, startedAt } = await savedExecution(base, cookie, run.id);
			const items = data.resultData.runData['Business Messaging Trigger'][0].data.main[0];
			started.push({ at: new Date(startedAt).getTime(), items: items.map((i) => i.json) });
		}
		return started;
	};

	const results = {};
	for (const [round, [name, flow]] of Object.entries(flows).entries()) {
		await control('/webhook', { url: `${base}/webhook/bench-${flow.id}/webhook` }, 'PUT');
		const sent = await chat(round + 1);
		const runs = await settle(flow, name === 'bursts' ? CUSTOMERS : CUSTOMERS * MESSAGES);
		// When each execution started after the message that closed it (a burst: after its quiet time).
		const after = runs.map(({ at, items }) => {
			const last = items.at(-1);
			const closing = sent.get(`${last.sendTo}|${last.text.split('\n').at(-1)}`);
			return at - closing - (name === 'bursts' ? QUIET_SECONDS * 1000 : 0);
		});
		const held = runs.reduce((n, r) => n + (r.items[0].messageCount ?? 1), 0);
		results[name] = { executions: runs.length, messages: sent.size, held, after };
	}
	const { everyMessage: a, bursts: b } = results;
	console.log(
		`n8n ${N8N_VERSION}, ${CUSTOMERS} customers × ${MESSAGES} messages, quiet time ${QUIET_SECONDS} s`,
	);
	console.log(
		`without Collect Bursts: ${a.executions} executions for ${a.messages} messages (${(a.executions / a.messages).toFixed(2)} per message); ` +
			`start after the message: median ${median(a.after)} ms, worst ${worst(a.after)} ms`,
	);
	console.log(
		`with Collect Bursts:    ${b.executions} executions for ${b.messages} messages (${(b.executions / b.messages).toFixed(2)} per message, ${b.held} messages in them); ` +
			`start after the quiet time: median ${median(b.after)} ms, worst ${worst(b.after)} ms`,
	);
	console.log(
		`executions: ${(b.executions / a.executions).toFixed(2)} × the baseline; added start latency beyond the quiet time: median ${median(b.after) - median(a.after)} ms`,
	);
} finally {
	await stop();
	sandbox.child.kill();
	n8n.remove();
}
