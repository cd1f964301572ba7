// Every benchmark, one after the other: they share the machine's cores, so never two at once.
// The ones in a real n8n come first (what users run); then the sandbox at scale and the node on
// n8n-core's execution context in a test process. Each prints its own table; bench/RESULTS.md
// records them.
//   node bench/run.mjs [--quick]   (--quick: small sizes, each side run once and checked (--rounds 0) or one round: a smoke run of every bench)
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const quick = values.quick;

/** [script, node flags, arguments of the full run, arguments of the quick run (null: full only)] */
const BENCHES = [
	['paging.mjs', [], [], ['--products', '10000', '--rounds', '0']],
	['download.mjs', [], [], ['--size-mib', '64', '--rounds', '0']],
	['batch.mjs', [], [], ['--products', '1000', '--rounds', '0']],
	['upload.mjs', [], [], ['--size-mib', '8', '--rounds', '1']],
	['campaign.mjs', [], [], ['--sends', '400']],
	// The unpaced campaign at three concurrencies: the smoke run takes one, the same code path.
	['campaign.mjs', [], ['--sends', '1000', '--rate', '0', '--concurrency', '1'], null],
	[
		'campaign.mjs',
		[],
		['--sends', '1000', '--rate', '0', '--concurrency', '5'],
		['--sends', '100', '--rate', '0', '--concurrency', '5'],
	],
	['campaign.mjs', [], ['--sends', '1000', '--rate', '0', '--concurrency', '10'], null],
	['trigger.mjs', [], [], ['--deliveries', '50']],
	['bursts.mjs', [], [], ['--customers', '3']],
	['triggerStore.mjs', [], [], ['--deliveries', '20', '--rounds', '1']],
	['sandbox-scale.mjs', [], [], ['--size-mib', '64', '--products', '10000']],
	['send.mjs', [], [], ['--sends', '100']],
	['catalog.mjs', ['--expose-gc'], [], ['--products', '10000', '--batch', '1000']],
];

for (const [script, flags, full, small] of BENCHES) {
	if (quick && small === null) continue;
	const args = quick ? small : full;
	const command = `node ${[...flags, `bench/${script}`, ...args].join(' ')}`;
	console.log(`\n== ${command}`);
	const started = Date.now();
	execFileSync(process.execPath, [...flags, new URL(script, import.meta.url).pathname, ...args], {
		stdio: 'inherit',
	});
	console.log(`== ${command}: ${Math.round((Date.now() - started) / 1000)} s`);
}
