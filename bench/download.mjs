// Benchmark: Media › Download of a 1 GiB file through the node (n8n-core's real execution
// context, binary data in n8n's filesystem mode, as n8n runs by default) against curl fetching
// the same file from the same sandbox into a file on the same disk, in the same run. Peak RSS growth of the node's process is
// sampled every 20 ms.   node bench/download.mjs [--size-mib 1024]
import { execFileSync } from 'node:child_process';
import { nodeHarness, startSandboxProcess } from './lib.mjs';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
// n8n-core's own copy of the DI container (it may differ from a hoisted one)
const { Container } = createRequire(require.resolve('n8n-core'))('@n8n/di');
const { BinaryDataService } = require('n8n-core');

const { values } = parseArgs({ options: { 'size-mib': { type: 'string', default: '1024' } } });
const SIZE = Number(values['size-mib']) * 1048576;
const mib = (bytes) => (bytes / 1048576).toFixed(0);

const sandbox = await startSandboxProcess();
try {
	const { controlUrl } = sandbox;
	const media = await (
		await fetch(`${controlUrl}/media/synthetic`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				phone_number_id: sandbox.phoneNumberIds[0],
				size: SIZE,
				mime_type: 'video/mp4',
				file_name: 'big.mp4',
			}),
		})
	).json();
	const url = `${sandbox.baseUrl}/downloadMedia/${media.id}?phone_number_id=${sandbox.phoneNumberIds[0]}`;

	const curlStarted = performance.now();
	const curlDir = mkdtempSync(join(tmpdir(), 'bench-curl-'));
	execFileSync('curl', [
		'-sf',
		'-o',
		join(curlDir, 'file'),
		'-X',
		'POST',
		'-H',
		`apikey: ${sandbox.apiKey}`,
		url,
	]);
	const curlMs = performance.now() - curlStarted;
	rmSync(curlDir, { recursive: true, force: true });

	await Container.get(BinaryDataService).init();
	const harness = nodeHarness(sandbox);
	global.gc?.();
	const rest = process.memoryUsage().rss;
	let peak = rest;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
	const started = performance.now();
	const [output] = await harness.execute({
		parameters: {
			resource: 'media',
			operation: 'download',
			phoneNumberId: { __rl: true, mode: 'id', value: sandbox.phoneNumberIds[0] },
			mediaId: media.id,
		},
	});
	const nodeMs = performance.now() - started;
	clearInterval(sampler);
	const binary = output[0].binary.data;
	const stored = binary.id
		? statSync(`${process.env.N8N_USER_FOLDER}/.n8n/storage/${binary.id.split(':')[1]}`, {
				throwIfNoEntry: false,
			})?.size
		: undefined;
	console.log('| what | curl | node | node / curl throughput | node RSS growth (peak) |');
	console.log('|---|---|---|---|---|');
	console.log(
		`| Media › Download, ${mib(SIZE)} MiB | ${curlMs.toFixed(0)} ms (${(SIZE / 1048576 / (curlMs / 1000)).toFixed(0)} MiB/s) | ${nodeMs.toFixed(0)} ms (${(SIZE / 1048576 / (nodeMs / 1000)).toFixed(0)} MiB/s) | ${(curlMs / nodeMs).toFixed(2)} | +${mib(peak - rest)} MiB |`,
	);
	console.log(
		`\nbinary: mode ${binary.id ? binary.id.split(':')[0] : 'memory'}, fileSize ${binary.fileSize ?? binary.bytes ?? '?'}, stored bytes ${stored ?? '?'}`,
	);
} finally {
	sandbox.stop();
}
