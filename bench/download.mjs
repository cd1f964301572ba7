// Benchmark in a real n8n (the e2e install; BM_N8N_MAJOR=1 for 1.x): one 1 GiB media file
// downloaded as binary data (n8n's filesystem mode, its default outside queue mode) from the
// independent fixture server (bench/fixtureServer.mjs), in the same run:
//   - this package: Media › Download;
//   - what a user builds instead: n8n's HTTP Request node 4.2 (POST, Header Auth credential,
//     Response Format: File);
//   - the floors: curl writing the file to the same disk, and a bare Node client piping the
//     response into a file (bench/bareClient.mjs), each in its own process.
// n8n sides: one `n8n execute` each, the node's own execution time as n8n saved it, and the n8n
// process's RSS (every 20 ms): its growth is the peak during the node minus the RSS when the node
// started. Every stored file is checked for its size.
//   node bench/download.mjs [--size-mib 1024] [--rounds 3]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
	startFixtureServer,
} from './inN8n.mjs';

const { values } = parseArgs({
	options: {
		'size-mib': { type: 'string', default: '1024' },
		rounds: { type: 'string', default: '3' },
		port: { type: 'string', default: '5798' },
	},
});
const MiB = 1048576;
const SIZE = Math.round(Number(values['size-mib']) * MiB);
const mib = (bytes) => (bytes / MiB).toFixed(0);

const server = await startFixtureServer(['--products', '10', '--file-mib', values['size-mib']]);
const n8n = await benchN8n(server, { port: Number(values.port) });
const scratch = mkdtempSync(join(tmpdir(), 'bm-bench-download-'));
try {
	const headerAuth = importHeaderAuth(n8n, server);
	const flows = {
		package: importChain(n8n, { id: 'bmBenchDownloPkg', name: 'bench: download (package)' }, [
			businessMessagingNode('Download', FIXTURE_CREDENTIAL, {
				resource: 'media',
				operation: 'download',
				phoneNumberId: { __rl: true, mode: 'id', value: server.phoneNumberId },
				mediaId: server.mediaId,
			}),
		]),
		httpRequest: importChain(
			n8n,
			{ id: 'bmBenchDownloHtt', name: 'bench: download (HTTP Request)' },
			[
				{
					name: 'Download',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					credentials: { httpHeaderAuth: headerAuth },
					parameters: {
						method: 'POST',
						url: `${server.baseUrl}/downloadMedia/${server.mediaId}`,
						authentication: 'genericCredentialType',
						genericAuthType: 'httpHeaderAuth',
						sendQuery: true,
						queryParameters: {
							parameters: [{ name: 'phone_number_id', value: server.phoneNumberId }],
						},
						options: {
							response: { response: { responseFormat: 'file', outputPropertyName: 'data' } },
						},
					},
				},
			],
		),
	};
	const storedSize = (binary) => {
		const [, fileId] = String(binary.id ?? '').split(':');
		return fileId ? statSync(join(n8n.userFolder, '.n8n', 'storage', fileId)).size : undefined;
	};
	const inN8n = async (side) => {
		const { runData, samples } = await executeWorkflow(n8n, flows[side]);
		const [run] = runData.Download;
		const [item] = itemsOf(runData, 'Download');
		const stored = storedSize(item.binary.data);
		if (stored !== SIZE) throw new Error(`${side} stored ${stored} bytes, not ${SIZE}`);
		const started = samples.filter(([at]) => at <= run.startTime);
		const atStart = (started.at(-1) ?? samples[0])[1];
		const during = samples.filter(
			([at]) => at >= run.startTime && at <= run.startTime + run.executionTime + 100,
		);
		return { ms: run.executionTime, growth: Math.max(...during.map(([, rss]) => rss)) - atStart };
	};
	const sides = {
		package: () => inN8n('package'),
		httpRequest: () => inN8n('httpRequest'),
		curl: () => {
			const file = join(scratch, 'curl.bin');
			const started = performance.now();
			execFileSync('curl', [
				'-sf',
				'-o',
				file,
				'-X',
				'POST',
				'-H',
				`apikey: ${server.apiKey}`,
				`${server.baseUrl}/downloadMedia/${server.mediaId}?phone_number_id=${server.phoneNumberId}`,
			]);
			const ms = performance.now() - started;
			if (statSync(file).size !== SIZE) throw new Error('curl got a short file');
			rmSync(file);
			return { ms };
		},
		bareNode: () => {
			const file = join(scratch, 'node.bin');
			const result = JSON.parse(
				execFileSync(
					nodeBin,
					[
						new URL('bareClient.mjs', import.meta.url).pathname,
						'download',
						server.baseUrl,
						server.apiKey,
						server.mediaId,
						server.phoneNumberId,
						file,
					],
					{ encoding: 'utf8' },
				),
			);
			if (statSync(file).size !== SIZE) throw new Error('the bare client got a short file');
			rmSync(file);
			return result;
		},
	};
	const names = {
		package: 'Business Messaging',
		httpRequest: 'HTTP Request node',
		curl: 'curl',
		bareNode: 'bare Node',
	};
	console.log(`n8n ${N8N_VERSION}, one ${mib(SIZE)} MiB file, binary data in filesystem mode\n`);
	console.log('| round | side | ms | n8n RSS growth |');
	console.log('|---|---|---|---|');
	const results = await alternate(
		sides,
		Number(values.rounds),
		(side) => sides[side](),
		(round, side, r) =>
			console.log(
				`| ${round} | ${names[side]} | ${r.ms.toFixed(0)} | ${r.growth === undefined ? '' : `+${mib(r.growth)} MiB`} |`,
			),
	);
	// 0 rounds: the smoke run, each side run once and checked, nothing measured.
	if (Number(values.rounds) > 0) {
		const ms = Object.fromEntries(
			Object.entries(results).map(([side, list]) => [side, median(list.map((r) => r.ms))]),
		);
		const growth = Object.fromEntries(
			['package', 'httpRequest'].map((side) => [side, median(results[side].map((r) => r.growth))]),
		);
		console.log(
			`\n${JSON.stringify({
				date: new Date().toISOString().slice(0, 10),
				n8n: N8N_VERSION,
				sizeMiB: SIZE / MiB,
				medianMs: ms,
				medianGrowthMiB: Object.fromEntries(
					Object.entries(growth).map(([k, v]) => [k, Number(mib(v))]),
				),
				packageOverHttpRequest: ms.package / ms.httpRequest,
				packageOverCurl: ms.package / ms.curl,
				packageOverBareNode: ms.package / ms.bareNode,
			})}`,
		);
	}
} finally {
	server.stop();
	n8n.remove();
	rmSync(scratch, { recursive: true, force: true });
}
