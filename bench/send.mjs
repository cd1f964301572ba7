// Benchmark: 1,000 template sends through the node (n8n-core's real execution context) against
// the sandbox with 20 ms latency per send, with and without 5% injected 429s, at several
// concurrency settings. Ideal = 1,000 × 20 ms / concurrency. Lost = items with no message at the
// sandbox; duplicated = items the sandbox received more than once (each item has its own
// recipient). The sandbox runs in its own process, as a real API would, so that the figures
// are the node's.   node bench/send.mjs [--sends 1000] [--latency 20]
import { parseArgs } from 'node:util';
import { nodeHarness, startSandboxProcess } from './lib.mjs';

const { values } = parseArgs({
	options: {
		sends: { type: 'string', default: '1000' },
		latency: { type: 'string', default: '20' },
	},
});
const SENDS = Number(values.sends);
const LATENCY = Number(values.latency);

const sandbox = await startSandboxProcess();
const { control } = sandbox;
const harness = nodeHarness(sandbox);
const templateId = (await control('GET', '/templates')).data.find(
	(t) => t.name === 'welcome_offer',
).id;
const items = Array.from({ length: SENDS }, (_, i) => ({
	json: { phone: `1415${String(5_000_000 + i)}`, name: `Customer ${i}` },
}));

async function setUp(rateLimited) {
	await control('POST', '/reset', {});
	await control('POST', '/faults', {
		seed: 7,
		faults: [
			...(rateLimited
				? [
						{
							kind: 'status',
							status: 429,
							retryAfter: 0,
							rate: 0.05,
							method: 'POST',
							path: '/messages$',
						},
					]
				: []),
			{ kind: 'latency', latencyMs: LATENCY, method: 'POST', path: '/messages$' },
		],
	});
}

/** Baseline: a bare fetch client sending the same requests at the same concurrency (429s retried at once). */
async function baseline(concurrency, rateLimited) {
	await setUp(rateLimited);
	const url = `${sandbox.baseUrl}/${sandbox.phoneNumberIds[0]}/messages`;
	const started = performance.now();
	let next = 0;
	const worker = async () => {
		while (next < items.length) {
			const item = items[next++];
			const body = JSON.stringify({
				messaging_product: 'whatsapp',
				recipient_type: 'individual',
				to: item.json.phone,
				type: 'template',
				template: {
					name: 'welcome_offer',
					language: { code: 'en_US' },
					components: [
						{ type: 'body', parameters: [{ type: 'text', text: item.json.name }] },
						{
							type: 'button',
							sub_type: 'copy_code',
							index: '0',
							parameters: [{ type: 'coupon_code', coupon_code: 'WELCOME15' }],
						},
					],
				},
			});
			for (;;) {
				const response = await fetch(url, {
					method: 'POST',
					headers: { apikey: sandbox.apiKey, 'content-type': 'application/json' },
					body,
				});
				await response.arrayBuffer();
				if (response.status !== 429) break;
			}
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	return performance.now() - started;
}

async function run(concurrency, rateLimited) {
	await setUp(rateLimited);
	const started = performance.now();
	const [output] = await harness.execute({
		items,
		parameters: {
			resource: 'message',
			operation: 'sendTemplate',
			phoneNumberId: { __rl: true, mode: 'id', value: sandbox.phoneNumberIds[0] },
			recipient: '={{ $json.phone }}',
			template: { __rl: true, mode: 'id', value: templateId },
			variables: {
				mappingMode: 'defineBelow',
				value: { body_1: '={{ $json.name }}', button_0_code: 'WELCOME15' },
			},
			requestOptions: { concurrency, baseDelayMs: 100 },
		},
	});
	const ms = performance.now() - started;
	const perRecipient = new Map();
	for (const message of (await control('GET', '/messages')).data)
		perRecipient.set(message.to, (perRecipient.get(message.to) ?? 0) + 1);
	const lost = items.filter((item) => !perRecipient.has(item.json.phone)).length;
	const duplicated = [...perRecipient.values()].filter((n) => n > 1).length;
	const throttled = (await control('GET', '/requests')).data.filter((r) => r.status === 429).length;
	const ideal = (SENDS * LATENCY) / concurrency;
	return {
		concurrency,
		rateLimited,
		ms,
		ideal,
		ratio: ms / ideal,
		outputs: output.length,
		lost,
		duplicated,
		throttled,
	};
}

console.log(
	`| concurrency | 5% 429s | sends | 429s retried | node ms | bare client ms | ideal ms | node / ideal | node / bare | lost | duplicated |`,
);
console.log(`|---|---|---|---|---|---|---|---|---|---|---|`);
for (const concurrency of [1, 5, 10]) {
	for (const rateLimited of [false, true]) {
		const bare = await baseline(concurrency, rateLimited);
		const r = await run(concurrency, rateLimited);
		console.log(
			`| ${r.concurrency} | ${r.rateLimited ? 'yes' : 'no'} | ${r.outputs} | ${r.throttled} | ${r.ms.toFixed(0)} | ${bare.toFixed(0)} | ${r.ideal.toFixed(0)} | ${r.ratio.toFixed(2)} | ${(r.ms / bare).toFixed(2)} | ${r.lost} | ${r.duplicated} |`,
		);
	}
}
sandbox.stop();
