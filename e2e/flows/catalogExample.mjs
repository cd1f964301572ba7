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

/**
 * The weekly cost report on a sandbox with last week's traffic (as `npm start` gives it): one row
 * per template and day of the last 7 from Analytics, added up by Summarize into one row per
 * template, non-zero where templates were sent, written as a CSV file.
 */
export async function costReportExampleFlow({ n8n, sandbox, heard, filesDir }) {
	await check(
		'example "weekly cost report": last week of every template, added up into one row per template with non-zero figures, saved as CSV',
		async () => {
			const traffic = await (
				await fetch(`${sandbox.controlUrl}/traffic/last-week`, { method: 'POST' })
			).json();
			const stdout = heard(n8n.cli(['execute', `--id=${EXAMPLES.costReport}`, '--rawOutput']));
			const run = executed(stdout);
			const days = outputOf(run, 'Last week, per template and day');
			const templates = new Set(days.map((row) => row.templateId));
			assert(
				days.length === templates.size * 7 &&
					new Set(days.map((row) => row.start)).size === 7 &&
					days.every((row) => typeof row.templateName === 'string' && row.currency === 'USD'),
				`per day: ${JSON.stringify(days.slice(0, 2))} (${days.length} for ${templates.size} templates)`,
			);
			const week = outputOf(run, 'One row per template');
			const total = (id, field) =>
				days.filter((row) => row.templateId === id).reduce((sum, row) => sum + row[field], 0);
			const wrong = week.filter(
				(row) =>
					row.sum_sent !== total(row.templateId, 'sent') ||
					row.sum_clicked !== total(row.templateId, 'clicked') ||
					Math.abs(row.sum_amountSpent - total(row.templateId, 'amountSpent')) > 1e-9,
			);
			const busy = week.filter((row) => row.sum_sent > 0);
			assert(
				week.length === templates.size &&
					wrong.length === 0 &&
					busy.length > 0 &&
					busy.every((row) => row.sum_delivered > 0 && row.sum_amountSpent > 0) &&
					busy.some((row) => row.sum_clicked > 0),
				`per template: ${JSON.stringify(week)}; not the sum of their days: ${JSON.stringify(wrong)}; last week's traffic: ${JSON.stringify(traffic)}`,
			);
			const csv = readFileSync(join(filesDir, 'weekly-cost-report.csv'), 'utf8')
				.trimEnd()
				.split('\n');
			assert(
				csv.length === week.length + 1 &&
					['templateName', 'sum_sent', 'sum_amountSpent'].every((column) =>
						csv[0].split(',').some((cell) => cell.replace(/^\uFEFF/, '') === column),
					),
				`the file has ${csv.length} lines: ${csv.slice(0, 2).join(' | ')}`,
			);
		},
	);
}
