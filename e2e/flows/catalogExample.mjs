// With n8n stopped: the example "nightly catalog sync" run by `n8n execute`.
import { assert, check } from '../checks.mjs';
import { EXAMPLES } from '../../tools/n8n/examples.mjs';
import { outputOf } from './workflows.mjs';

export async function catalogExampleFlow({ n8n, sandbox, heard }) {
	await check(
		'example "nightly catalog sync": 250 sheet rows go out in 3 batch requests and land in the catalog',
		async () => {
			const stdout = heard(n8n.cli(['execute', `--id=${EXAMPLES.catalog}`, '--rawOutput']));
			const batches = outputOf(stdout, 'Create or replace products');
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
