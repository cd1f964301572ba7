// With n8n stopped: the scheduled examples (the nightly catalog sync, the weekly cost report) run
// by `n8n execute`, as a scheduled job can be run from a shell.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The weekly cost report: one row per template and day of the last 7, written as a CSV file. */
export async function costReportExampleFlow({ n8n, heard, filesDir }) {
	await check(
		'example "weekly cost report": every template, one row per day of the last 7, saved as CSV',
		async () => {
			const stdout = heard(n8n.cli(['execute', `--id=${EXAMPLES.costReport}`, '--rawOutput']));
			const rows = outputOf(executed(stdout), 'Last week, per template and day');
			const templates = new Set(rows.map((row) => row.templateId));
			const days = new Set(rows.map((row) => row.start));
			assert(
				rows.length > 0 &&
					days.size === 7 &&
					rows.length === templates.size * 7 &&
					rows.every(
						(row) =>
							typeof row.templateName === 'string' &&
							row.currency === 'USD' &&
							typeof row.amountSpent === 'number',
					),
				`rows: ${JSON.stringify(rows.slice(0, 3))} (${rows.length} for ${templates.size} templates, ${days.size} days)`,
			);
			const csv = readFileSync(join(filesDir, 'weekly-cost-report.csv'), 'utf8')
				.trimEnd()
				.split('\n');
			assert(
				csv.length === rows.length + 1 && /templateName/.test(csv[0]),
				`the file has ${csv.length} lines: ${csv.slice(0, 2).join(' | ')}`,
			);
		},
	);
}
