// Where the measured node's time goes, from a .cpuprofile of `bench/campaign.mjs --profile DIR`.
// Only the samples from the node's first to its last are counted (n8n goes on loading modules
// beside the run). Each sample is charged to the innermost frame of the package (what package
// code caused it), else to idle, garbage collection, or the outside code that ran it (n8n's HTTP
// client): its frame under the event loop's. n8n's expression engine and parameter reads are
// named, with the node's code that asked for them.
//   node bench/profileSummary.mjs FILE [--node package|httpRequest]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
	allowPositionals: true,
	options: { node: { type: 'string', default: 'package' } },
});
const MEASURED = {
	package: {
		within: /^worker .*BusinessMessaging\/actions\/router/,
		own: /n8n-nodes-business-messaging/,
	},
	httpRequest: {
		within: /^execute .*HttpRequestV3/,
		own: /n8n-nodes-base\/dist\/nodes\/HttpRequest/,
	},
}[values.node];
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes)
	for (const child of node.children ?? []) parents.set(child, node.id);
const label = ({ callFrame: f }) =>
	`${f.functionName || '(anonymous)'} ${f.url.replace(/.*node_modules\//, '')}:${f.lineNumber + 1}`;
const stacks = new Map();
const stackOf = (id) => {
	if (!stacks.has(id)) {
		const stack = [];
		for (let at = id; at !== undefined; at = parents.get(at)) stack.push(label(nodes.get(at)));
		stacks.set(id, stack);
	}
	return stacks.get(id);
};
const inside = profile.samples.flatMap((id, i) =>
	stackOf(id).some((l) => MEASURED.within.test(l)) ? [i] : [],
);
const charged = new Map();
let total = 0;
for (let i = inside[0]; i <= inside.at(-1); i++) {
	const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
	const stack = stackOf(profile.samples[i]);
	// n8n's work asked for by the node: resolving an expression, or reading a parameter.
	const asked = stack.some((l) => /^resolveSimpleParameterValue .*workflow-expression/.test(l))
		? 'n8n expression for '
		: stack.some((l) => /^_getNodeParameter /.test(l))
			? 'n8n getNodeParameter for '
			: '';
	const ownFrame = stack.find((l) => MEASURED.own.test(l));
	const own = ownFrame && asked + ownFrame;
	const to =
		own ??
		(/^\((idle|garbage collector)\)/.test(stack[0])
			? stack[0].replace(/ :\d+$/, '')
			: `outside: ${stack[Math.max(0, stack.length - 4)].replace(/:\d+$/, '')}`);
	charged.set(to, (charged.get(to) ?? 0) + ms);
	total += ms;
}
const kinds = {};
for (const [to, ms] of charged) {
	const kind = /^\((idle|garbage collector)\)/.test(to)
		? to
		: to.startsWith('n8n ')
			? to.replace(/ for .*/, '')
			: to.startsWith('outside: ')
				? 'outside (HTTP client, sockets, events)'
				: 'the node’s own code';
	kinds[kind] = (kinds[kind] ?? 0) + ms;
}
console.log(`${total.toFixed(0)} ms from the node's first sample to its last`);
for (const [kind, ms] of Object.entries(kinds).sort((a, b) => b[1] - a[1]))
	console.log(`  ${kind}: ${ms.toFixed(0)} ms (${((100 * ms) / total).toFixed(1)}%)`);
for (const [to, ms] of [...charged].sort((a, b) => b[1] - a[1]).slice(0, 25))
	console.log(
		`${ms.toFixed(0).padStart(7)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${to}`,
	);
