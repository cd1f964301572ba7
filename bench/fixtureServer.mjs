// An independent server for the benchmarks in a real n8n: a bare `node:http` server that speaks
// the contract's catalog paging (GET /v3/{catalog_id}/products, `limit`, `after` cursors, the
// largest page 1,000) and serves one generated file (POST /v3/downloadMedia/{media_id}), with
// the `apikey` header checked and nothing else. The sandbox validates, logs and formats every
// request (about 19 ms a page of 1,000): measured through it, a client's own costs would hide
// behind the server's. Run as its own process, so that it never shares an event loop with n8n
// or with the bench.
//   node bench/fixtureServer.mjs [--products 100000] [--file-mib 1024]
// Prints one JSON line: { baseUrl, apiKey, catalogId, mediaId, phoneNumberId, fileSize }.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
	options: {
		products: { type: 'string', default: '100000' },
		'file-mib': { type: 'string', default: '1024' },
	},
});
const PRODUCTS = Number(values.products);
const FILE_SIZE = Math.round(Number(values['file-mib']) * 1048576);
const MAX_PAGE = 1000;
const API_KEY = 'bench-fixture-apikey';
const CATALOG_ID = '710000000000001';
const MEDIA_ID = '920000000000001';
const PHONE_NUMBER_ID = '106540352242922';

const product = (i) => ({
	id: String(800000000000000 + i),
	retailer_id: `SKU-${i}`,
	name: `Product ${i}`,
	description: `A product of the benchmark catalog, number ${i}`,
	price: `$${(i % 500) + 0.99}`,
	currency: 'USD',
	availability: 'in stock',
	condition: 'new',
	url: `https://shop.example.com/p/${i}`,
	image_url: `https://shop.example.com/i/${i}.jpg`,
	brand: 'Bench',
});
const products = Array.from({ length: PRODUCTS }, (_, i) => product(i));
const cursorOf = (offset) => Buffer.from(`o:${offset}`).toString('base64url');
const offsetOf = (cursor) => Number(Buffer.from(cursor, 'base64url').toString().slice(2)) || 0;

// Pages are the same on every run: each (offset, size) is built once and kept.
const pages = new Map();
function page(offset, size) {
	const key = `${offset}:${size}`;
	let body = pages.get(key);
	if (body === undefined) {
		const data = products.slice(offset, offset + size);
		const next = offset + size < PRODUCTS ? offset + size : undefined;
		const cursors = { before: cursorOf(offset), ...(next ? { after: cursorOf(next) } : {}) };
		body = Buffer.from(JSON.stringify({ data, paging: { cursors } }));
		pages.set(key, body);
	}
	return body;
}

// The file is one 1 MiB block sent again and again: what is measured is the client.
const block = Buffer.alloc(1048576);
for (let i = 0; i < block.length; i++) block[i] = (i * 31 + 7) & 0xff;

function json(response, status, body) {
	const text = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
	response.writeHead(status, { 'content-type': 'application/json', 'content-length': text.length });
	response.end(text);
}

const server = createServer((request, response) => {
	if (request.headers.apikey !== API_KEY)
		return json(response, 401, { error: { message: 'Invalid API key', code: 190 } });
	const url = new URL(request.url, 'http://fixture');
	if (request.method === 'GET' && url.pathname === `/v3/${CATALOG_ID}/products`) {
		const size = Math.min(Math.max(Number(url.searchParams.get('limit')) || 25, 1), MAX_PAGE);
		const after = url.searchParams.get('after');
		return json(response, 200, page(after ? offsetOf(after) : 0, size));
	}
	if (request.method === 'POST' && url.pathname === `/v3/downloadMedia/${MEDIA_ID}`) {
		response.writeHead(200, {
			'content-type': 'video/mp4',
			'content-length': FILE_SIZE,
			'content-disposition': 'attachment; filename="big.mp4"',
		});
		let sent = 0;
		const more = () => {
			while (sent < FILE_SIZE) {
				const chunk =
					sent + block.length <= FILE_SIZE ? block : block.subarray(0, FILE_SIZE - sent);
				sent += chunk.length;
				if (!response.write(chunk)) return response.once('drain', more);
			}
			response.end();
		};
		return more();
	}
	json(response, 404, { error: { message: `Unknown path ${url.pathname}`, code: 100 } });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
	const { port } = server.address();
	console.log(
		JSON.stringify({
			baseUrl: `http://127.0.0.1:${port}/v3`,
			apiKey: API_KEY,
			catalogId: CATALOG_ID,
			mediaId: MEDIA_ID,
			phoneNumberId: PHONE_NUMBER_ID,
			fileSize: FILE_SIZE,
			products: PRODUCTS,
		}),
	);
});
