// The workflows e2e/run.mjs builds (a webhook, then the Business Messaging node; the JSON by
// tools/n8n/workflowJson.mjs), and their runs in the served n8n: the webhook called, the
// execution n8n saved read back through its REST API, a node's output items taken from it.
import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import {
	actionNode,
	executionsOf,
	savedExecution,
	waitFor,
	webhookNode,
	workflowJson,
} from '../../tools/n8n/index.mjs';

/** A workflow whose webhook runs the Business Messaging node (`node`: its parameters, …). */
export function workflow(id, name, node) {
	return chain(id, name, [], node);
}

/**
 * A workflow whose webhook runs `steps` (n8n's own nodes), then the Business Messaging node. The
 * webhook answers when the workflow ends, so a run (runIn) waits for it as a user would.
 */
export function chain(id, name, steps, node) {
	return workflowJson({
		id,
		name,
		nodes: [
			{
				...webhookNode(runPath(id), { responseMode: 'lastNode' }),
				id: `${id}-start`,
				name: 'Start',
			},
			...steps.map((step, i) => ({ id: `${id}-${i}`, ...step })),
			actionNode(node.parameters ?? {}, { id: `${id}-bm`, ...node }),
		],
	});
}

/** A valid PNG of random pixels: bytes no other file of the run has. */
export function randomPng(width, height) {
	const chunk = (type, data) => {
		const length = Buffer.alloc(4);
		length.writeUInt32BE(data.length);
		const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
		const crc = Buffer.alloc(4);
		crc.writeUInt32BE(crc32(body));
		return Buffer.concat([length, body, crc]);
	};
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header[8] = 8; // bits per channel
	header[9] = 2; // RGB
	const row = 1 + width * 3; // a filter byte (0: none), then the pixels
	const pixels = Buffer.alloc(row * height);
	for (let y = 0; y < height; y++) randomBytes(width * 3).copy(pixels, y * row + 1);
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(pixels)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

const runPath = (id) => `e2e-run-${id.toLowerCase()}`;

/**
 * Runs a workflow of `chain` once in the n8n served at `base` (its webhook called, its answer
 * waited for) and returns the run data of the execution n8n saved: the one execution of the
 * workflow that was not there before (a workflow may run more than once, as a retry does).
 */
export async function runIn({ base, cookie }, flow) {
	const before = new Set((await executionsOf(base, cookie, flow.id)).map((e) => String(e.id)));
	const answer = await fetch(`${base}/webhook/${runPath(flow.id)}`, { method: 'POST' });
	await answer.arrayBuffer();
	let saved;
	await waitFor(
		async () => {
			saved = (await executionsOf(base, cookie, flow.id)).find(
				(e) => !before.has(String(e.id)) && (e.finished || e.stoppedAt),
			);
			return saved;
		},
		30_000,
		`the execution of ${flow.name} (its webhook answered ${answer.status})`,
	);
	return (await savedExecution(base, cookie, saved.id)).data;
}

/** The output items of a node (by default the Business Messaging node) in a run's data. */
export function outputOf(run, nodeName = 'Business Messaging') {
	const error = run.resultData?.error;
	if (error) throw new Error(`the workflow failed: ${error.message}`);
	return (run.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
}
