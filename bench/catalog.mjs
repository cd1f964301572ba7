// Benchmarks of the catalog operations through the node (n8n-core's real execution context)
// against the sandbox in its own process, each beside a baseline measured in the same run:
// - Product › Get Many, Return All over 100,000 products vs a bare fetch client paging the same
//   sandbox with the same page size; memory growth of the node's process.
// - Product › Batch of 10,000 items: requests made, and time vs one request per item (bare fetch).
//   node bench/catalog.mjs [--products 100000] [--batch 10000]
import { parseArgs } from 'node:util';
import { nodeHarness, startSandboxProcess } from './lib.mjs';

const { values } = parseArgs({
	options: {
		products: { type: 'string', default: '100000' },
		batch: { type: 'string', default: '10000' },
	},
});
const PRODUCTS = Number(values.products);
const BATCH = Number(values.batch);
const PAGE = 1000;
const mib = (bytes) => (bytes / 1048576).toFixed(0);

const sandbox = await startSandboxProcess();
const { control } = sandbox;
const harness = nodeHarness(sandbox);
const headers = { apikey: sandbox.apiKey };
const catalog = { __rl: true, mode: 'id', value: sandbox.catalogId };

try {
	// 1. Listing
	await control('POST', `/catalogs/${sandbox.catalogId}/products`, { count: PRODUCTS - 50 });
	const bareList = async () => {
		const started = performance.now();
		let after;
		let count = 0;
		do {
			const url = new URL(`${sandbox.baseUrl}/${sandbox.catalogId}/products`);
			url.searchParams.set('limit', String(PAGE));
			if (after) url.searchParams.set('after', after);
			const page = await (await fetch(url, { headers })).json();
			count += page.data.length;
			after = page.paging.cursors.after;
		} while (after);
		if (count !== PRODUCTS) throw new Error(`bare client got ${count}`);
		return performance.now() - started;
	};
	const nodeList = async () => {
		global.gc?.();
		const before = process.memoryUsage();
		const started = performance.now();
		const [output] = await harness.execute({
			parameters: {
				resource: 'product',
				operation: 'getMany',
				catalogId: catalog,
				returnAll: true,
				options: { pageSize: PAGE },
			},
		});
		const ms = performance.now() - started;
		if (output.length !== PRODUCTS) throw new Error(`node got ${output.length}`);
		const after = process.memoryUsage();
		return { ms, heapGrowth: after.heapUsed - before.heapUsed, rssGrowth: after.rss - before.rss };
	};
	await bareList(); // warm both paths once
	await nodeList();
	const bare = [];
	const node = [];
	for (let i = 0; i < 3; i++) {
		bare.push(await bareList());
		node.push(await nodeList());
	}
	const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
	const nodeMs = median(node.map((n) => n.ms));
	const bareMs = median(bare);
	console.log('| what | baseline | node | ratio |');
	console.log('|---|---|---|---|');
	console.log(
		`| Get Many, Return All, ${PRODUCTS} products, ${PAGE}/page (median of 3) | bare fetch ${bareMs.toFixed(0)} ms | ${nodeMs.toFixed(0)} ms | ${(nodeMs / bareMs).toFixed(2)} |`,
	);
	const last = node[node.length - 1];
	console.log(
		`| memory while holding the ${PRODUCTS} output items | | heap +${mib(last.heapGrowth)} MiB, RSS +${mib(last.rssGrowth)} MiB | |`,
	);

	// 2. Batch
	await control('POST', '/reset', {});
	await control('POST', '/config', { batchDelayMs: 3_600_000 });
	const items = Array.from({ length: BATCH }, (_, i) => ({
		json: { sku: `BENCH-${i}`, name: `Bench product ${i}`, price: 9.99 },
	}));
	await control('DELETE', '/requests');
	const startedBatch = performance.now();
	const [batchOutput] = await harness.execute({
		items,
		parameters: {
			resource: 'product',
			operation: 'batch',
			catalogId: catalog,
			method: 'CREATE',
			retailerId: '={{ $json.sku }}',
			product: { name: '={{ $json.name }}', price: '={{ $json.price }}', currency: 'USD' },
		},
	});
	const batchMs = performance.now() - startedBatch;
	const batchRequests = (await control('GET', '/requests')).data.filter((r) =>
		r.url.endsWith('/batch'),
	).length;
	const startedSingle = performance.now();
	for (const item of items) {
		const body = JSON.stringify({
			requests: [
				{
					method: 'CREATE',
					retailer_id: item.json.sku,
					data: { name: item.json.name, price: 999, currency: 'USD' },
				},
			],
		});
		const response = await fetch(`${sandbox.baseUrl}/${sandbox.catalogId}/batch`, {
			method: 'POST',
			headers: { ...headers, 'content-type': 'application/json' },
			body,
		});
		await response.arrayBuffer();
	}
	const singleMs = performance.now() - startedSingle;
	console.log(
		`| Batch, ${BATCH} items | one request per item (bare fetch): ${BATCH} requests, ${singleMs.toFixed(0)} ms | ${batchRequests} requests (${batchOutput.length} output items), ${batchMs.toFixed(0)} ms | ${(batchMs / singleMs).toFixed(2)} |`,
	);
} finally {
	sandbox.stop();
}
