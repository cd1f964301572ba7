// Where a whole process's CPU time went, from the profile Node writes with --cpu-prof: self time
// by the package (or n8n's own folder, or Node's module) whose code ran, busiest first, inside
// chosen time windows; and, for one of them, whose code called it. (profileSummary.mjs answers
// another question: what the package's own code caused inside one node's runs.)
import { readFileSync } from 'node:fs';

/** What a frame's code belongs to: `n8n/<folder>`, a package name, `node:<module>` or `(what)`. */
function ownerOf({ url, functionName }) {
	if (!url) return functionName.startsWith('(') ? functionName : `(${functionName || 'native'})`;
	if (url.startsWith('node:')) return url.split('/')[0];
	const path = url.replace(/^file:\/\//, '');
	const inN8n = path.match(/node_modules\/n8n\/dist\/([^/]+)/);
	if (inN8n) return `n8n/${inN8n[1].replace(/\.js$/, '')}`;
	if (!path.includes('node_modules/')) return path;
	const parts = path.split('node_modules/').at(-1).split('/');
	return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The clock of a profile's timestamps (µs, CLOCK_MONOTONIC): `process.hrtime` reads it too. */
export function profileClockNow() {
	return Number(process.hrtime.bigint() / 1000n);
}

/**
 * Reads a .cpuprofile. `cpuTime(windows, caller)` sums the samples taken inside `windows` (pairs
 * of profileClockNow() readings; all when none): `{ busyMs, owners }`, owners as `[owner, ms]`
 * by self time, busiest first, idle left out. With `caller`, the time of that owner's code is
 * counted by the nearest frame up its stack that is someone else's (`owner › function`).
 */
export function readCpuProfile(profilePath) {
	const profile = JSON.parse(readFileSync(profilePath, 'utf8'));
	const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
	const parentOf = new Map();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parentOf.set(child, node.id);
	const owner = new Map(profile.nodes.map((node) => [node.id, ownerOf(node.callFrame)]));
	const callerOf = (id, who) => {
		let at = parentOf.get(id);
		while (at !== undefined && owner.get(at) === who) at = parentOf.get(at);
		if (at === undefined) return '(top)';
		return `${owner.get(at)} › ${nodes.get(at).callFrame.functionName || '(anonymous)'}`;
	};
	return {
		cpuTime(windows = [], caller = undefined) {
			const byOwner = new Map();
			let busyUs = 0;
			let at = profile.startTime;
			profile.samples.forEach((id, n) => {
				at += profile.timeDeltas[n] ?? 0;
				const us = profile.timeDeltas[n + 1] ?? 0;
				if (windows.length > 0 && !windows.some(([from, to]) => at >= from && at < to)) return;
				const who = owner.get(id);
				if (who === '(idle)') return;
				busyUs += us;
				const key = caller === undefined ? who : who === caller ? callerOf(id, who) : undefined;
				if (key !== undefined) byOwner.set(key, (byOwner.get(key) ?? 0) + us);
			});
			return {
				busyMs: busyUs / 1000,
				owners: [...byOwner].map(([key, us]) => [key, us / 1000]).sort((a, b) => b[1] - a[1]),
			};
		},
	};
}
