// The workflows e2e/run.mjs builds (a manual trigger, then the Business Messaging node; the JSON
// by tools/n8n/workflowJson.mjs) and the reading of `n8n execute --rawOutput`'s result.
import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { actionNode, workflowJson } from '../../tools/n8n/index.mjs';

/** A workflow whose manual trigger runs the Business Messaging node (`node`: its parameters, …). */
export function workflow(id, name, node) {
	return chain(id, name, [], node);
}

/** A workflow whose manual trigger runs `steps` (n8n's own nodes), then the Business Messaging node. */
export function chain(id, name, steps, node) {
	return workflowJson({
		id,
		name,
		nodes: [
			{ id: `${id}-start`, name: 'Start', type: 'n8n-nodes-base.manualTrigger' },
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

/** The output items of a node (by default the Business Messaging node) in `n8n execute --rawOutput`'s JSON. */
export function outputOf(stdout, nodeName = 'Business Messaging') {
	// Log lines come first; the result is the JSON from the first line that is just "{" to the
	// first that is just "}" (it is printed indented). A log line may follow it: n8n's shutdown
	// sometimes prints after the result (seen once in CI, once here).
	const start = stdout.search(/^\{\s*$/m);
	if (start < 0) throw new Error(`no result in the output of n8n execute: ${stdout.slice(-500)}`);
	const end = stdout.slice(start).search(/^\}\s*$/m);
	if (end < 0) throw new Error(`the result of n8n execute is cut short: ${stdout.slice(-500)}`);
	const run = JSON.parse(stdout.slice(start, start + end + 1));
	const runData = run.data?.resultData?.runData ?? run.resultData?.runData ?? {};
	const error = run.data?.resultData?.error ?? run.resultData?.error;
	if (error) throw new Error(`the workflow failed: ${error.message}`);
	return (runData[nodeName]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
}
