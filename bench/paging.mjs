// Benchmark in a real n8n (the e2e install; BM_N8N_MAJOR=1 for 1.x): every product of a catalog
// of 100,000, 1,000 a page, from the independent fixture server (bench/fixtureServer.mjs), three
// ways in the same run:
//   - this package: Product › Get Many, Return All (its defaults);
//   - what a user builds instead: n8n's HTTP Request node 4.2 with a Header Auth credential and
//     its pagination ("Update a Parameter in Each Request": `after` from the last response,
//     complete when there is none), then Split Out on `data`: one item per product, as ours;
//   - the floor: a bare Node fetch client in its own process (bench/bareClient.mjs).
// Each n8n side is one `n8n execute`; its time is n8n's own execution time of its nodes.
//   node bench/paging.mjs [--products 100000] [--rounds 3]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { N8N_VERSION, nodeBin } from '../tools/n8n/index.mjs';
import {
	alternate,
	benchN8n,
	businessMessagingNode,
	executeWorkflow,
	FIXTURE_CREDENTIAL,
	importChain,
	importHeaderAuth,
	itemsOf,
	median,
	nodesMs,
	startFixtureServer,
} from './inN8n.mjs';

const { values } = parseArgs({
	options: {
		products: { type: 'string', default: '100000' },
		rounds: { type: 'string', default: '3' },
		port: { type: 'string', default: '5798' },
	},
});
const PRODUCTS = Number(values.products);
const PAGE = 1000;

const server = await startFixtureServer(['--products', String(PRODUCTS), '--file-mib', '1']);
const n8n = await benchN8n(server, { port: Number(values.port) });
try {
	const headerAuth = importHeaderAuth(n8n, server);
	const packageFlow = importChain(
		n8n,
		{ id: 'bmBenchPagingPkg', name: 'bench: paging (package)' },
		[
			businessMessagingNode('Business Messaging', FIXTURE_CREDENTIAL, {
				resource: 'product',
				operation: 'getMany',
				catalogId: { __rl: true, mode: 'id', value: server.catalogId },
				returnAll: true,
				options: {},
			}),
		],
	);
	const httpFlow = importChain(
		n8n,
		{ id: 'bmBenchPagingHtt', name: 'bench: paging (HTTP Request)' },
		[
			{
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				credentials: { httpHeaderAuth: headerAuth },
				parameters: {
					url: `${server.baseUrl}/${server.catalogId}/products`,
					authentication: 'genericCredentialType',
					genericAuthType: 'httpHeaderAuth',
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'limit', value: String(PAGE) }] },
					options: {
						pagination: {
							pagination: {
								paginationMode: 'updateAParameterInEachRequest',
								parameters: {
									parameters: [
										{
											type: 'qs',
											name: 'after',
											value: '={{ $response.body.paging.cursors.after }}',
										},
									],
								},
								paginationCompleteWhen: 'other',
								completeExpression: '={{ !$response.body.paging.cursors.after }}',
							},
						},
					},
				},
			},
			{
				name: 'Split Out',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				parameters: { fieldToSplitOut: 'data', include: 'noOtherFields', options: {} },
			},
		],
	);

	const sides = {
		package: async () => {
			const { runData } = await executeWorkflow(n8n, packageFlow);
			const count = itemsOf(runData, 'Business Messaging').length;
			return { ms: nodesMs(runData, ['Business Messaging']), count };
		},
		httpRequest: async () => {
			const { runData } = await executeWorkflow(n8n, httpFlow);
			const count = itemsOf(runData, 'Split Out').length;
			return {
				ms: nodesMs(runData, ['HTTP Request', 'Split Out']),
				count,
				split: nodesMs(runData, ['Split Out']),
			};
		},
		bare: async () => {
			const out = execFileSync(
				nodeBin,
				[
					new URL('bareClient.mjs', import.meta.url).pathname,
					'paging',
					server.baseUrl,
					server.apiKey,
					server.catalogId,
					String(PAGE),
				],
				{ encoding: 'utf8' },
			);
			return JSON.parse(out);
		},
	};
	const names = {
		package: 'Business Messaging',
		httpRequest: 'HTTP Request + Split Out',
		bare: 'bare fetch',
	};
	console.log(`n8n ${N8N_VERSION}, ${PRODUCTS} products, ${PAGE} a page\n`);
	console.log('| round | side | ms | items |');
	console.log('|---|---|---|---|');
	const results = await alternate(
		sides,
		Number(values.rounds),
		async (side) => {
			const result = await sides[side]();
			if (result.count !== PRODUCTS)
				throw new Error(`${side} got ${result.count} products, not ${PRODUCTS}`);
			return result;
		},
		(round, side, r) =>
			console.log(
				`| ${round} | ${names[side]} | ${r.ms.toFixed(0)}${r.split === undefined ? '' : ` (Split Out ${r.split})`} | ${r.count} |`,
			),
	);
	// 0 rounds: the smoke run, each side run once and checked, nothing measured.
	if (Number(values.rounds) > 0) {
		const ms = Object.fromEntries(
			Object.entries(results).map(([side, list]) => [side, median(list.map((r) => r.ms))]),
		);
		const summary = {
			date: new Date().toISOString().slice(0, 10),
			n8n: N8N_VERSION,
			products: PRODUCTS,
			medianMs: ms,
			packageOverHttpRequest: ms.package / ms.httpRequest,
			packageOverBare: ms.package / ms.bare,
		};
		console.log(`\n${JSON.stringify(summary)}`);
	}
} finally {
	server.stop();
	n8n.remove();
}
