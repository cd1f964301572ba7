// Shared by the benchmarks that run inside a real n8n (the e2e install): workflows of a Manual
// Trigger and the nodes under test, one `n8n execute` per run, the n8n process's memory sampled
// while it runs, and the independent fixture server they measure against.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createN8nHome, ensureN8n } from '../tools/n8n/index.mjs';

const here = new URL('.', import.meta.url).pathname;

/** Starts bench/fixtureServer.mjs in its own process; resolves with its JSON line and stop(). */
export async function startFixtureServer(args = []) {
	const child = spawn(process.execPath, [join(here, 'fixtureServer.mjs'), ...args], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const info = await new Promise((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`the fixture server exited (${code})`)));
		child.stdout.once('data', (line) => resolve(JSON.parse(String(line))));
	});
	return { ...info, child, stop: () => child.kill('SIGTERM') };
}

export const FIXTURE_CREDENTIAL = { id: 'bmFixtureCred001', name: 'Business Messaging fixture' };

/**
 * An n8n home with the package installed, binary data in filesystem mode (n8n's default outside
 * queue mode) and a Business Messaging credential for `server` ({ baseUrl, apiKey }).
 */
export async function benchN8n(server, { port = 5798 } = {}) {
	await ensureN8n((line) => console.log(line));
	const n8n = createN8nHome({ port });
	Object.assign(n8n.env, {
		N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
		// n8n execute saves the run; without this n8n 1.x also keeps it in memory as JSON
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
	});
	n8n.importCredential({
		...FIXTURE_CREDENTIAL,
		type: 'businessMessagingApi',
		data: { baseUrl: server.baseUrl, apiKey: server.apiKey },
	});
	return n8n;
}

/** Imports n8n's Header Auth credential sending `server`'s key as `apikey`: the HTTP Request node's. */
export function importHeaderAuth(n8n, server) {
	const credential = { id: 'bmFixtureHeader01', name: 'apikey header' };
	n8n.importCredential({
		...credential,
		type: 'httpHeaderAuth',
		data: { name: 'apikey', value: server.apiKey },
	});
	return credential;
}

/** A Business Messaging node of a bench workflow, with `credential` and `parameters`. */
export const businessMessagingNode = (name, credential, parameters) => ({
	name,
	type: 'n8n-nodes-business-messaging.businessMessaging',
	typeVersion: 1,
	credentials: { businessMessagingApi: credential },
	parameters,
});

/**
 * Imports a workflow that runs `nodes` one after the other from a Manual Trigger and a Wait of
 * 2 s: `n8n execute` goes on loading (AI tool descriptions of every node, in 2.x) while the
 * workflow starts, and that work would land inside the measured node's time.
 */
export function importChain(n8n, { id, name }, nodes) {
	const chain = [
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		{
			name: 'Settle',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			parameters: { resume: 'timeInterval', amount: 2, unit: 'seconds' },
		},
		...nodes,
	].map((node, i) => ({ id: `${id}-${i}`, position: [200 * i, 0], ...node }));
	const flow = {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: chain,
		connections: Object.fromEntries(
			chain
				.slice(0, -1)
				.map((node, i) => [
					node.name,
					{ main: [[{ node: chain[i + 1].name, type: 'main', index: 0 }]] },
				]),
		),
	};
	n8n.importWorkflows([flow]);
	return id;
}

const rssOf = (pid) =>
	Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

/**
 * One `n8n execute` of a workflow. Resolves with n8n's saved run data (node name → runs, each
 * with n8n's own `executionTime`), the wall time of the process and the n8n process's RSS
 * samples ([epoch ms, as n8n's `startTime`, bytes], every 20 ms).
 */
export async function executeWorkflow(n8n, id) {
	// Into a file, not a pipe: n8n exits before a pipe takes a large result (100,000 items) whole.
	const outFile = join(n8n.userFolder, `execute-${id}.out`);
	const out = openSync(outFile, 'w');
	const child = n8n.spawnCli(['execute', `--id=${id}`, '--rawOutput'], out);
	closeSync(out);
	const started = performance.now();
	const samples = [];
	const sampler = setInterval(() => {
		try {
			samples.push([Date.now(), rssOf(child.pid)]);
		} catch {
			// the process has ended
		}
	}, 20);
	const code = await new Promise((resolve) => child.once('exit', resolve));
	clearInterval(sampler);
	const wallMs = performance.now() - started;
	const stdout = readFileSync(outFile, 'utf8');
	rmSync(outFile);
	// The result is printed pretty, from a line "{" to a line "}"; log lines may follow it.
	const start = stdout.search(/^\{\s*$/m);
	if (code !== 0 || start < 0)
		throw new Error(`n8n execute ${id} exited with ${code}: ${stdout.slice(-2000)}`);
	const end = stdout.slice(start).search(/^\}\s*$/m);
	const result = JSON.parse(stdout.slice(start, start + end + 1));
	const { resultData } = result.data ?? result;
	if (resultData.error)
		throw new Error(`n8n execute ${id} failed: ${JSON.stringify(resultData.error).slice(0, 800)}`);
	return { runData: resultData.runData, wallMs, samples };
}

/** The summed n8n execution time of the named nodes in a run, in ms. */
export const nodesMs = (runData, names) =>
	names.reduce((sum, name) => sum + runData[name].reduce((s, run) => s + run.executionTime, 0), 0);

/** The items the last run of a node output on its first output. */
export const itemsOf = (runData, name) => runData[name].at(-1).data.main[0];

export const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * Runs each side `rounds` times, alternating which side goes first, after one warm-up each. With
 * 0 rounds each side runs its warm-up alone: the smoke run (bench/run.mjs --quick), which proves
 * every side works and is checked, and measures nothing.
 */
export async function alternate(sides, rounds, run, log = () => {}) {
	const results = Object.fromEntries(Object.keys(sides).map((side) => [side, []]));
	for (const side of Object.keys(sides)) {
		const warmUp = await run(side, 0);
		if (rounds === 0) log(0, side, warmUp);
	}
	for (let round = 1; round <= rounds; round++) {
		const order = Object.keys(sides);
		if (round % 2 === 0) order.reverse();
		for (const side of order) {
			const result = await run(side, round);
			results[side].push(result);
			log(round, side, result);
		}
	}
	return results;
}
