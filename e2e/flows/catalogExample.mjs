// With n8n stopped: the example "nightly catalog sync" run by `n8n execute`, as a scheduled job
// can be run from a shell.
import { assert, check } from '../checks.mjs';
import { EXAMPLES } from '../../tools/n8n/examples.mjs';
import { outputOf } from './workflows.mjs';

/** The run data in `n8n execute --rawOutput`'s stdout. */
function executed(stdout) {
	// Log lines come first; the result is the JSON from the first line that is just "{" to the
	// first that is just "}" (it is printed indented). A log line may follow it: n8n's shutdown
	// sometimes prints after the result (seen once in CI, once here).
	const start = stdout.search(/^\{\s*$/m);
	if (start < 0) throw new Error(`no result in the output of n8n execute: ${stdout.slice(-500)}`);
	const end = stdout.slice(start).search(/^\}\s*$/m);
	if (end < 0) throw new Error(`the result of n8n execute is cut short: ${stdout.slice(-500)}`);
	const run = JSON.parse(stdout.slice(start, start + end + 1));
	return run.data ?? run;
}

export async function catalogExampleFlow({ n8n, sandbox, heard }) {
	await check(
		'example "nightly catalog sync": 250 sheet rows go out in 3 batch requests and land in the catalog',
		async () => {
			const stdout = heard(n8n.cli(['execute', `--id=${EXAMPLES.catalog}`, '--rawOutput']));
			const batches = outputOf(executed(stdout), 'Create or replace products');
			assert(
				batches.length === 3 && batches.map((b) => b.productCount).join() === '100,100,50',
				`got ${JSON.stringify(batches.map((b) => b.productCount))}`,
			);
			await fetch(`${sandbox.controlUrl}/clock/advance`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ ms: 60_000 }),
			});
			const listed = await fetch(
				`${sandbox.baseUrl}/${sandbox.catalogId}/products?limit=1&summary=true&filter=${encodeURIComponent(JSON.stringify({ retailer_id: { eq: 'SKU-00250' } }))}&fields=${encodeURIComponent('["retailer_id","price","name"]')}`,
				{ headers: { apikey: sandbox.apiKey } },
			);
			const body = await listed.json();
			assert(
				body.data?.[0]?.retailer_id === 'SKU-00250',
				`listing: ${JSON.stringify(body).slice(0, 300)}`,
			);
			const sheet = await (await fetch(`${sandbox.controlUrl}/demo/products.csv?rows=250`)).text();
			const row = sheet.trimEnd().split('\r\n').pop();
			assert(
				row.startsWith(`SKU-00250,${body.data[0].name},`),
				`the product does not match its row: ${row} / ${JSON.stringify(body.data[0])}`,
			);
		},
	);
}
