// Benchmark in a real n8n (the e2e install; BM_N8N_MAJOR=1 for 1.x): a campaign of N template
// sends (each its own customer) against a number held to a throughput limit (the sandbox's
// sendRate: over it a send is refused with the Cloud API's 130429, not processed), or with no
// limit (--rate 0) to measure the cost of a send at a concurrency.
//   - this package: Message › Send Template at Concurrency C (10), its defaults otherwise;
//   - what a user builds instead: n8n's HTTP Request node 4.2 posting the same message, with its
//     Batching option set to the limit (80 items, then 1 s; without a limit: C items, no
//     interval) and Retry On Fail (3 tries, 1 s).
// The measure is at the sandbox: messages recorded (lost: a customer without one; duplicated: a
// customer with two), refusals for throughput, sends refused twice in a row; and the pace: sends
// over the Send node's execution time (against the limit), and over the time from the first to
// the last accepted send. A table row per side:
//   | side | Send ms | recorded | lost | duplicated | refusals | refused twice | per second of the run | first to last |
//   node bench/campaign.mjs [--sends 10000] [--rate 80] [--concurrency 10] [--sides package,httpRequest]
//     [--profile DIR]: a CPU profile of each side's n8n process in DIR (bench/cpuProfile.cjs), read
//     with `node bench/profileSummary.mjs DIR/<pid>.cpuprofile [--node package|httpRequest]`
import { parseArgs } from 'node:util';
import { N8N_VERSION, SANDBOX_CREDENTIAL, startSandbox } from '../tools/n8n/index.mjs';
import { benchN8n, businessMessagingNode, executeWorkflow, importChain } from './inN8n.mjs';

const { values } = parseArgs({
	options: {
		sends: { type: 'string', default: '10000' },
		rate: { type: 'string', default: '80' },
		sides: { type: 'string', default: 'package,httpRequest' },
		concurrency: { type: 'string', default: '10' },
		port: { type: 'string', default: '5798' },
		profile: { type: 'string' },
	},
});
const SENDS = Number(values.sends);
const RATE = Number(values.rate);
const CONCURRENCY = Number(values.concurrency);

const sandbox = await startSandbox();
const n8n = await benchN8n(sandbox, { port: Number(values.port) });
if (values.profile) {
	n8n.env.NODE_OPTIONS = `--require ${new URL('cpuProfile.cjs', import.meta.url).pathname}`;
	n8n.env.BM_PROFILE_DIR = values.profile;
}
try {
	n8n.importSandboxCredential(sandbox);
	const [numberId] = sandbox.phoneNumberIds;
	// Customers 1 415 5xx xxxx, one item each, made by a Code node so that the run holds them all.
	const customers = {
		name: 'Customers',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: {
			jsCode: `return Array.from({ length: ${SENDS} }, (_, i) => ({ json: { phone: String(14155000000 + i) } }));`,
		},
	};
	const flows = {
		package: importChain(n8n, { id: 'bmBenchCampaiPkg', name: 'bench: campaign (package)' }, [
			customers,
			businessMessagingNode('Send', SANDBOX_CREDENTIAL, {
				resource: 'message',
				operation: 'sendTemplate',
				phoneNumberId: { __rl: true, mode: 'id', value: numberId },
				recipient: '={{ $json.phone }}',
				template: { __rl: true, mode: 'name', value: 'hello_world (en_US)' },
				requestOptions: { concurrency: CONCURRENCY },
			}),
		]),
		httpRequest: importChain(
			n8n,
			{ id: 'bmBenchCampaiHtt', name: 'bench: campaign (HTTP Request)' },
			[
				customers,
				{
					name: 'Send',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					retryOnFail: true,
					maxTries: 3,
					waitBetweenTries: 1000,
					parameters: {
						method: 'POST',
						url: `${sandbox.baseUrl}/${numberId}/messages`,
						sendHeaders: true,
						headerParameters: { parameters: [{ name: 'apikey', value: sandbox.apiKey }] },
						sendBody: true,
						specifyBody: 'json',
						jsonBody:
							'={ "messaging_product": "whatsapp", "to": "{{ $json.phone }}", "type": "template", "template": { "name": "hello_world", "language": { "code": "en_US" } } }',
						options: {
							batching: {
								batch:
									RATE > 0
										? { batchSize: RATE, batchInterval: 1000 }
										: { batchSize: CONCURRENCY, batchInterval: 0 },
							},
						},
					},
				},
			],
		),
	};

	const limit = RATE > 0 ? `a limit of ${RATE} a second` : 'no limit';
	console.log(`n8n ${N8N_VERSION}, ${SENDS} sends, ${limit}, concurrency ${CONCURRENCY}\n`);
	const results = {};
	for (const side of values.sides.split(',')) {
		await sandbox.control('/reset', {});
		await sandbox.control('/config', {
			sendRate: { perSecond: RATE, burst: 0 },
			receiptDelaysMs: { sent: 3_600_000, delivered: 3_600_000, read: 3_600_000 },
		});
		let error;
		let runMs;
		try {
			const { runData } = await executeWorkflow(n8n, flows[side]);
			runMs = runData.Send.reduce((sum, run) => sum + run.executionTime, 0);
		} catch (caught) {
			error = String(caught.message).slice(0, 1500);
		}
		const messages = (await sandbox.control('/messages')).data;
		const log = (await sandbox.control('/requests')).data.filter(
			(r) => r.method === 'POST' && r.url.endsWith('/messages'),
		);
		const perCustomer = new Map();
		for (const m of messages) perCustomer.set(m.to, (perCustomer.get(m.to) ?? 0) + 1);
		// Per customer, the statuses of its sends in order: two 400s in a row is a send refused twice.
		const tries = new Map();
		for (const r of log) {
			const to = /"to":"(\d+)"/.exec(r.body ?? '')?.[1];
			if (to) tries.set(to, [...(tries.get(to) ?? []), r.status]);
		}
		let refusedTwice = 0;
		for (const statuses of tries.values())
			for (let i = 1; i < statuses.length; i++)
				if (statuses[i] === 400 && statuses[i - 1] === 400) refusedTwice++;
		const accepted = log.filter((r) => r.status === 200).map((r) => r.time);
		const spanS = (Math.max(...accepted) - Math.min(...accepted)) / 1000;
		results[side] = {
			runMs,
			error,
			recorded: messages.length,
			lost: SENDS - perCustomer.size,
			duplicated: [...perCustomer.values()].filter((n) => n > 1).length,
			refusals: log.filter((r) => r.status === 400).length,
			refusedTwice,
			sustained: accepted.length / spanS,
			perSecondOfRun: runMs ? (1000 * messages.length) / runMs : 0,
		};
		const r = results[side];
		console.log(
			`| ${side} | ${r.runMs ?? 'failed'} | ${r.recorded} | ${r.lost} | ${r.duplicated} | ${r.refusals} | ${r.refusedTwice} | ${r.perSecondOfRun.toFixed(1)}/s${RATE > 0 ? ` (${((100 * r.perSecondOfRun) / RATE).toFixed(0)}% of ${RATE})` : ''} | ${r.sustained.toFixed(1)}/s |${r.error ? ` ${r.error}` : ''}`,
		);
	}
	console.log(
		`\n${JSON.stringify({ date: new Date().toISOString().slice(0, 10), n8n: N8N_VERSION, sends: SENDS, rate: RATE, concurrency: CONCURRENCY, results })}`,
	);
} finally {
	sandbox.child.kill('SIGTERM');
	n8n.remove();
}
