// The floor of the benchmarks in a real n8n: the same work done by a bare Node client in its own
// process (the Node that runs n8n), with no framework around it. Prints its time in ms as JSON.
//   node bench/bareClient.mjs paging <baseUrl> <apiKey> <catalogId> <pageSize>
//   node bench/bareClient.mjs download <baseUrl> <apiKey> <mediaId> <phoneNumberId> <file>
import { createWriteStream } from 'node:fs';
import { request } from 'node:http';
import { pipeline } from 'node:stream/promises';

const [mode, baseUrl, apiKey, ...rest] = process.argv.slice(2);
const headers = { apikey: apiKey };
const started = performance.now();
let count = 0;
if (mode === 'paging') {
	const [catalogId, pageSize] = rest;
	let after;
	do {
		const url = new URL(`${baseUrl}/${catalogId}/products`);
		url.searchParams.set('limit', pageSize);
		if (after) url.searchParams.set('after', after);
		const page = await (await fetch(url, { headers })).json();
		count += page.data.length;
		after = page.paging?.cursors?.after;
	} while (after);
} else if (mode === 'download') {
	const [mediaId, phoneNumberId, file] = rest;
	const url = `${baseUrl}/downloadMedia/${mediaId}?phone_number_id=${phoneNumberId}`;
	const response = await new Promise((resolve, reject) =>
		request(url, { method: 'POST', headers }, resolve).on('error', reject).end(),
	);
	const out = createWriteStream(file);
	response.on('data', (chunk) => (count += chunk.length));
	await pipeline(response, out);
} else throw new Error(`unknown mode ${mode}`);
console.log(JSON.stringify({ ms: performance.now() - started, count }));
