// Benchmark in a real n8n (the e2e install; BM_N8N_MAJOR=1 for 1.x): 10,000 products created in
// a catalog from 10,000 items (a Code node makes them, as a sheet or a database would give them):
//   - this package: Product › Batch (Create), 1,000 to a request (its default Batch Size), with
//     Product Fields "Set Below" (retailer ID, name and price from expressions, as the form
//     invites) and "From Input Items" (the items' fields read as they are);
//   - what a user builds instead: a Code node grouping the items into `requests` arrays of 1,000
//     (the batch endpoint's shape), then n8n's HTTP Request node 4.2 posting each group.
// Time: n8n's execution time of the package node, or of the Code node and the HTTP Request node.
// Checked at the sandbox: the catalog holds every product once (the sandbox applies a batch at
// once here), and how many batch requests it took.
//   node bench/batch.mjs [--products 10000] [--rounds 3]
import { parseArgs } from 'node:util';
import { N8N_VERSION, SANDBOX_CREDENTIAL, startSandbox } from '../tools/n8n/index.mjs';
import {
	alternate,
	benchN8n,
	businessMessagingNode,
	executeWorkflow,
	importChain,
	median,
	nodesMs,
} from './inN8n.mjs';

const { values } = parseArgs({
	options: {
		products: { type: 'string', default: '10000' },
		rounds: { type: 'string', default: '3' },
		port: { type: 'string', default: '5798' },
	},
});
const PRODUCTS = Number(values.products);

const sandbox = await startSandbox();
const n8n = await benchN8n(sandbox, { port: Number(values.port) });
try {
	n8n.importSandboxCredential(sandbox);
	const rows = {
		name: 'Rows',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: {
			jsCode: `return Array.from({ length: ${PRODUCTS} }, (_, i) => ({ json: { retailer_id: 'BENCH-' + i, name: 'Bench product ' + i, price: 9.99, currency: 'USD' } }));`,
		},
	};
	const batchNode = (parameters) =>
		businessMessagingNode('Batch', SANDBOX_CREDENTIAL, {
			resource: 'product',
			operation: 'batch',
			catalogId: { __rl: true, mode: 'id', value: sandbox.catalogId },
			method: 'CREATE',
			...parameters,
		});
	const flows = {
		package: importChain(n8n, { id: 'bmBenchBatchPkg01', name: 'bench: batch (package, form)' }, [
			rows,
			batchNode({
				retailerId: '={{ $json.retailer_id }}',
				product: { name: '={{ $json.name }}', price: '={{ $json.price }}', currency: 'USD' },
			}),
		]),
		packageInput: importChain(
			n8n,
			{ id: 'bmBenchBatchPkg02', name: 'bench: batch (package, input)' },
			[rows, batchNode({ productFrom: 'input' })],
		),
		httpRequest: importChain(
			n8n,
			{ id: 'bmBenchBatchHtt01', name: 'bench: batch (HTTP Request)' },
			[
				rows,
				{
					name: 'Group',
					type: 'n8n-nodes-base.code',
					typeVersion: 2,
					parameters: {
						jsCode: `const groups = [];
for (let i = 0; i < $input.all().length; i += 1000)
	groups.push({ json: { requests: $input.all().slice(i, i + 1000).map(({ json }) => ({ method: 'CREATE', retailer_id: json.retailer_id, data: { name: json.name, price: Math.round(json.price * 100), currency: json.currency } })) } });
return groups;`,
					},
				},
				{
					name: 'Batch',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					parameters: {
						method: 'POST',
						url: `${sandbox.baseUrl}/${sandbox.catalogId}/batch`,
						sendHeaders: true,
						headerParameters: { parameters: [{ name: 'apikey', value: sandbox.apiKey }] },
						sendBody: true,
						specifyBody: 'json',
						jsonBody: '={{ JSON.stringify($json) }}',
						options: {},
					},
				},
			],
		),
	};
	const productCount = async () => {
		const response = await fetch(
			`${sandbox.baseUrl}/${sandbox.catalogId}/products?summary=true&limit=1`,
			{ headers: { apikey: sandbox.apiKey } },
		);
		return (await response.json()).summary?.total_count;
	};
	const names = {
		package: 'Business Messaging, Set Below',
		packageInput: 'Business Messaging, From Input Items',
		httpRequest: 'Code (group) + HTTP Request',
	};
	console.log(`n8n ${N8N_VERSION}, ${PRODUCTS} products\n`);
	console.log('| round | side | ms | batch requests | products in the catalog |');
	console.log('|---|---|---|---|---|');
	const results = await alternate(
		flows,
		Number(values.rounds),
		async (side) => {
			await sandbox.control('/reset', {});
			await sandbox.control('/config', { batchDelayMs: 0 });
			const before = await productCount();
			const { runData } = await executeWorkflow(n8n, flows[side]);
			const ms = nodesMs(runData, side === 'httpRequest' ? ['Group', 'Batch'] : ['Batch']);
			const log = (await sandbox.control('/requests')).data;
			const requests = log.filter((r) => r.method === 'POST' && r.url.endsWith('/batch')).length;
			// The sandbox applies a batch in the background, at once here: wait for it to show.
			let count = await productCount();
			for (let i = 0; i < 100 && count < before + PRODUCTS; i++) {
				await new Promise((resolve) => setTimeout(resolve, 100));
				count = await productCount();
			}
			if (count !== before + PRODUCTS)
				throw new Error(
					`${side}: the catalog holds ${count - before} new products, not ${PRODUCTS}`,
				);
			return { ms, requests, count: count - before };
		},
		(round, side, r) =>
			console.log(`| ${round} | ${names[side]} | ${r.ms} | ${r.requests} | +${r.count} |`),
	);
	// 0 rounds: the smoke run, each side run once and checked, nothing measured.
	if (Number(values.rounds) > 0) {
		const ms = Object.fromEntries(
			Object.entries(results).map(([side, list]) => [side, median(list.map((r) => r.ms))]),
		);
		console.log(
			`\n${JSON.stringify({ date: new Date().toISOString().slice(0, 10), n8n: N8N_VERSION, products: PRODUCTS, medianMs: ms, formOverHttpRequest: ms.package / ms.httpRequest, inputOverHttpRequest: ms.packageInput / ms.httpRequest })}`,
		);
	}
} finally {
	sandbox.child.kill('SIGTERM');
	n8n.remove();
}
