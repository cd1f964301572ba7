// Benchmark: a 100 MB document uploaded from a binary in a real n8n (the e2e install, 2.41.1 by
// default; BM_N8N_MAJOR=1 for 1.x), the package's Media › Upload side by side with what a user
// would build instead: n8n's HTTP Request node posting the same multipart form (Form-Data body,
// a parameter of type "n8n Binary File") to the same sandbox. Both workflows read the same file
// from disk into n8n's binary store (filesystem mode) with the Read/Write Files node, wait a
// second, then upload; runs alternate, one `n8n execute` each.
//   node bench/upload.mjs [--size-mib 100] [--rounds 3] [--send]
// --send: the file is sent to a customer as a document instead: the package's Message › Send
// Media (From Input Binary: upload and send in one step) against the HTTP Request node's upload
// followed by a second HTTP Request node sending the uploaded ID; the time is both nodes'.
//
// Measured on the n8n process (/proc/<pid>/status VmRSS, every 20 ms): its idle baseline is its
// RSS when the upload request reaches the sandbox (the sandbox logs a request when it starts), its
// peak growth is the highest RSS after that minus the baseline. The time is the upload node's
// own execution time as n8n saved it. The upload is checked at the sandbox: size and sha256.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
	createN8nHome,
	ensureN8n,
	N8N_VERSION,
	SANDBOX_CREDENTIAL,
	startSandbox,
} from '../tools/n8n/index.mjs';

const { values } = parseArgs({
	options: {
		'size-mib': { type: 'string', default: '100' },
		rounds: { type: 'string', default: '3' },
		// Diagnosis: a full GC in n8n every 500 ms of the upload, reporting the live Buffer memory.
		probe: { type: 'boolean', default: false },
		send: { type: 'boolean', default: false },
	},
});
const SIZE = Math.round(Number(values['size-mib']) * 1048576);
const ROUNDS = Number(values.rounds);
const MiB = 1048576;
const mib = (bytes) => (bytes / MiB).toFixed(0);

await ensureN8n((line) => console.log(line));
const sandbox = await startSandbox();
const n8n = createN8nHome({ port: Number(process.env.BM_N8N_PORT ?? 5798) });
try {
	const filesDir = join(n8n.userFolder, 'files');
	mkdirSync(filesDir, { recursive: true });
	Object.assign(n8n.env, {
		N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
		N8N_RESTRICT_FILE_ACCESS_TO: filesDir,
		// n8n execute saves the run; without this n8n 1.x also keeps it in memory as JSON
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
	});
	// A document of random bytes (a PDF by its name: the type n8n gives it from the extension).
	const file = join(filesDir, 'price-list.pdf');
	const hash = createHash('sha256');
	const fd = openSync(file, 'w');
	for (let written = 0; written < SIZE; ) {
		const block = randomBytes(Math.min(4 * MiB, SIZE - written));
		hash.update(block);
		writeSync(fd, block);
		written += block.length;
	}
	closeSync(fd);
	const fileSha256 = hash.digest('hex');
	n8n.importSandboxCredential(sandbox);

	const phoneNumberId = sandbox.phoneNumberIds[0];
	const customer = '14155550100';
	// A document may only go to a customer who wrote in the last 24 hours.
	if (values.send)
		await sandbox.control('/incoming', {
			phone_number_id: phoneNumberId,
			from: customer,
			text: 'Send me the price list',
		});
	const upload = {
		package: values.send
			? {
					name: 'Business Messaging',
					type: 'n8n-nodes-business-messaging.businessMessaging',
					typeVersion: 1,
					credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
					parameters: {
						resource: 'message',
						operation: 'sendMedia',
						phoneNumberId: { __rl: true, mode: 'id', value: phoneNumberId },
						recipient: customer,
						mediaType: 'document',
						fileSource: 'binary',
						binaryPropertyName: 'data',
					},
				}
			: {
					name: 'Business Messaging',
					type: 'n8n-nodes-business-messaging.businessMessaging',
					typeVersion: 1,
					credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
					parameters: {
						resource: 'media',
						operation: 'upload',
						phoneNumberId: { __rl: true, mode: 'id', value: phoneNumberId },
						binaryPropertyName: 'data',
					},
				},
		httpRequest: {
			name: 'HTTP Request',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				url: `${sandbox.baseUrl}/${phoneNumberId}/media`,
				sendHeaders: true,
				headerParameters: { parameters: [{ name: 'apikey', value: sandbox.apiKey }] },
				sendBody: true,
				contentType: 'multipart-form-data',
				bodyParameters: {
					parameters: [
						{ parameterType: 'formData', name: 'messaging_product', value: 'whatsapp' },
						{ parameterType: 'formData', name: 'type', value: 'application/pdf' },
						{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
					],
				},
				options: {},
			},
		},
	};
	// The HTTP Request node's way to send the file: a second node posts the uploaded ID.
	const sendUploaded = {
		name: 'Send',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${sandbox.baseUrl}/${phoneNumberId}/messages`,
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'apikey', value: sandbox.apiKey }] },
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={ "messaging_product": "whatsapp", "to": "${customer}", "type": "document", "document": { "id": "{{ $json.id }}", "filename": "price-list.pdf" } }`,
			options: {},
		},
	};
	const measured = {
		package: [upload.package],
		httpRequest: values.send ? [upload.httpRequest, sendUploaded] : [upload.httpRequest],
	};
	const flows = {};
	for (const [side, measuredNodes] of Object.entries(measured)) {
		const id = side === 'package' ? 'bmBenchUploadPkg' : 'bmBenchUploadHtt';
		const nodes = [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
			{
				name: 'Read File',
				type: 'n8n-nodes-base.readWriteFile',
				typeVersion: 1,
				parameters: { operation: 'read', fileSelector: file, options: {} },
			},
			{
				name: 'Wait',
				type: 'n8n-nodes-base.wait',
				typeVersion: 1.1,
				parameters: { resume: 'timeInterval', amount: 1, unit: 'seconds' },
			},
			...measuredNodes,
		].map((n, i) => ({ id: `${id}-${i}`, position: [200 * i, 0], ...n }));
		const flow = {
			id,
			name: `bench: upload (${side})`,
			active: false,
			settings: { executionOrder: 'v1' },
			nodes,
			connections: Object.fromEntries(
				nodes
					.slice(0, -1)
					.map((n, i) => [
						n.name,
						{ main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] },
					]),
			),
		};
		n8n.importWorkflows([flow]);
		flows[side] = { id, nodes: measuredNodes.map((node) => node.name) };
	}

	const rssOf = (pid) => {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
	};
	const requestsSeen = async () => {
		const response = await fetch(`${sandbox.controlUrl}/requests`);
		return (await response.json()).data ?? [];
	};

	/** One `n8n execute` of a side: its upload's time, the n8n process's RSS, the sandbox's copy. */
	async function run(side) {
		await fetch(`${sandbox.controlUrl}/requests`, { method: 'DELETE' });
		const child = n8n.spawnCli(['execute', `--id=${flows[side].id}`, '--rawOutput']);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const exited = new Promise((resolve) => child.once('exit', resolve));
		let done = false;
		exited.then(() => (done = true));
		const samples = []; // [ms, rss]
		const sampler = setInterval(() => {
			try {
				samples.push([performance.now(), rssOf(child.pid)]);
			} catch {
				// the process has ended
			}
		}, 20);
		let uploadStartedAt;
		while (!done && uploadStartedAt === undefined) {
			const seen = await requestsSeen();
			if (seen.some((r) => r.method === 'POST' && /\/media(\?|$)/.test(r.url)))
				uploadStartedAt = performance.now();
			else await new Promise((r) => setTimeout(r, 20));
		}
		// --probe: live memory after a full GC, once at the upload's start and every 500 ms of it.
		if (values.probe) child.kill('SIGUSR2');
		const signaller = values.probe ? setInterval(() => child.kill('SIGUSR2'), 500) : undefined;
		const code = await exited;
		clearInterval(signaller);
		clearInterval(sampler);
		if (code !== 0 || uploadStartedAt === undefined)
			throw new Error(
				`${side}: n8n execute exited with ${code}: ${(stdout + stderr).slice(-1500)}`,
			);
		const before = samples.filter(([t]) => t <= uploadStartedAt);
		const baseline = before.length ? before[before.length - 1][1] : samples[0][1];
		const peak = Math.max(...samples.filter(([t]) => t >= uploadStartedAt).map(([, rss]) => rss));
		// The result is printed pretty, from a line "{" to a line "}"; log lines may follow it.
		const start = stdout.search(/^\{\s*$/m);
		const end = stdout.slice(start).search(/^\}\s*$/m);
		const result = JSON.parse(stdout.slice(start, start + end + 1));
		const runData = (result.data ?? result).resultData.runData;
		const runs = flows[side].nodes.map((name) => runData[name][0]);
		const json = runs[0].data.main[0][0].json;
		// Sent: the document's media ID is the one in the message the sandbox recorded.
		const mediaId = values.send
			? (await sandbox.control('/messages')).data.at(-1).content.id
			: side === 'package'
				? json.mediaId
				: json.id;
		const stored = await (
			await fetch(`${sandbox.baseUrl}/${mediaId}?phone_number_id=${phoneNumberId}`, {
				headers: { apikey: sandbox.apiKey },
			})
		).json();
		if (Number(stored.file_size) !== SIZE || stored.sha256 !== fileSha256)
			throw new Error(`${side}: the sandbox holds ${JSON.stringify(stored)}`);
		let live = '';
		if (values.probe) {
			const rows = readFileSync(join(probeDir, `probe-${child.pid}.tsv`), 'utf8')
				.trim()
				.split('\n')
				.map((line) => line.split('\t').map(Number));
			const buffers = rows.map((row) => row[4]);
			live = ` (live Buffers after GC: ${mib(buffers[0])} MiB at the start, peak ${mib(Math.max(...buffers))} MiB, ${rows.length} samples)`;
		}
		const ms = runs.reduce((sum, run) => sum + run.executionTime, 0);
		return { ms, baseline, growth: peak - baseline, peak, live };
	}

	const probeDir = join(n8n.userFolder, 'probe');
	if (values.probe) {
		mkdirSync(probeDir);
		n8n.env.NODE_OPTIONS = `--expose-gc --require ${new URL('memoryProbe.cjs', import.meta.url).pathname}`;
		n8n.env.BM_PROBE_DIR = probeDir;
	}
	const results = { package: [], httpRequest: [] };
	console.log(
		`n8n ${N8N_VERSION}, ${mib(SIZE)} MiB document, binary data in filesystem mode, ${ROUNDS} rounds\n`,
	);
	console.log('| round | side | upload ms | n8n RSS at rest | peak RSS | peak growth |');
	console.log('|---|---|---|---|---|---|');
	for (let round = 1; round <= ROUNDS; round++) {
		// Alternate which side goes first, so that neither always runs on a warmer machine.
		const order = round % 2 ? ['package', 'httpRequest'] : ['httpRequest', 'package'];
		for (const side of order) {
			const r = await run(side);
			results[side].push(r);
			console.log(
				`| ${round} | ${side === 'package' ? 'Business Messaging' : 'HTTP Request node'} | ${r.ms} | ${mib(r.baseline)} MiB | ${mib(r.peak)} MiB | +${mib(r.growth)} MiB |${r.live}`,
			);
		}
	}
	const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
	const summary = (side, key) => median(results[side].map((r) => r[key]));
	const [pkgMs, httpMs] = [summary('package', 'ms'), summary('httpRequest', 'ms')];
	const [pkgGrowth, httpGrowth] = [summary('package', 'growth'), summary('httpRequest', 'growth')];
	const maxPkgGrowth = Math.max(...results.package.map((r) => r.growth));
	console.log(
		`\nmedians: Business Messaging ${pkgMs} ms, +${mib(pkgGrowth)} MiB; HTTP Request node ${httpMs} ms, +${mib(httpGrowth)} MiB`,
	);
	console.log(
		`ratios (package / HTTP Request node): time ${(pkgMs / httpMs).toFixed(2)}, peak growth ${(pkgGrowth / httpGrowth).toFixed(2)}`,
	);
	console.log(
		`goal: the package's peak growth at most 64 MiB: ${maxPkgGrowth <= 64 * MiB ? 'met' : 'NOT met'} (largest +${mib(maxPkgGrowth)} MiB)`,
	);
} finally {
	sandbox.child.kill('SIGTERM');
	n8n.remove();
}
