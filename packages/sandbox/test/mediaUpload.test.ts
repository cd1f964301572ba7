import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { demoPng } from '../src/demoFiles';
import { expectError, useSandbox, type TestSandbox } from './helpers';
import {
	downloadById,
	expectBytes,
	expectInvalid,
	fetchParsed,
	getUrl,
	OneConnection,
	PNG_NUMBER_ID,
	sha256,
} from './mediaSupport';
import type { MediaUrlInfo, UserDetails } from './types';

const sandbox = useSandbox();
const MEDIA_UPLOAD_ERROR = 131053;
const MB = 1024 * 1024;

interface Part {
	name: string;
	value: string | Buffer;
	fileName?: string;
	contentType?: string;
}

/** A multipart/form-data body written by hand, so that tests choose every byte of it. */
function multipart(
	parts: Part[],
	boundary = '----sandbox-test-boundary',
): {
	body: Buffer;
	contentType: string;
} {
	const pieces: Buffer[] = [];
	for (const part of parts) {
		const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
		pieces.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`}\r\n`,
			),
			Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
			Buffer.from('\r\n'),
		);
	}
	pieces.push(Buffer.from(`--${boundary}--\r\n`));
	return {
		body: Buffer.concat(pieces),
		contentType: `multipart/form-data; boundary=${boundary}`,
	};
}

function uploadForm(type: string, file: Buffer, fileName = 'file.bin', fileType = type): Part[] {
	return [
		{ name: 'messaging_product', value: 'whatsapp' },
		{ name: 'type', value: type },
		{ name: 'file', value: file, fileName, contentType: fileType },
	];
}

function upload(s: TestSandbox, parts: Part[], numberId = PNG_NUMBER_ID, key?: string) {
	const { body, contentType } = multipart(parts);
	return s.api<{ id: string }>('POST', `/${numberId}/media`, { raw: body, contentType, key });
}

async function expectUploaded(s: TestSandbox, parts: Part[]): Promise<string> {
	const response = await upload(s, parts);
	assert.equal(response.status, 200, response.text);
	assert.deepEqual(Object.keys(response.body), ['id']);
	assert.match(response.body.id, /^\d+$/);
	return response.body.id;
}

describe('media upload (POST /{phone_number_id}/media)', () => {
	it('takes a PNG sent as FormData and gives it back byte for byte through GET /{id} and its URL', async () => {
		const s = sandbox.current;
		const png = demoPng(300);
		const form = new FormData();
		form.set('messaging_product', 'whatsapp');
		form.set('type', 'image/png');
		form.set('file', new Blob([png], { type: 'image/png' }), 'latte.png');
		const response = await fetchParsed<{ id: string }>(`${s.baseUrl}/${PNG_NUMBER_ID}/media`, {
			method: 'POST',
			headers: { apikey: s.key },
			body: form,
		});
		assert.equal(response.status, 200, response.text);
		const id = response.body.id;

		const { body: info } = await s.api<MediaUrlInfo>('GET', `/${id}`, {
			query: { phone_number_id: PNG_NUMBER_ID },
		});
		assert.equal(info.mime_type, 'image/png');
		assert.equal(info.file_size, png.length);
		assert.equal(info.sha256, sha256(png));
		assert.equal(info.id, id);
		expectBytes(await getUrl(info.url, s.key), png, 'application/octet-stream');
		const byId = await downloadById(s, id, PNG_NUMBER_ID);
		expectBytes(byId, png, 'image/png');
		assert.equal(byId.headers.get('content-disposition'), 'attachment; filename="latte.png"');
	});

	it('takes every kind at its exact limit, fields in any order, a CRLF inside the file', async () => {
		const s = sandbox.current;
		const cases: [string, number][] = [
			['image/jpeg', 5 * MB],
			['image/webp', 500 * 1024],
			['audio/ogg', 16 * MB],
			['video/3gpp', 16 * MB],
			['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 4096],
		];
		for (const [type, size] of cases) {
			const bytes = randomBytes(size);
			bytes.write('\r\n----sandbox-test-boundar\r\n--', 100); // looks like a boundary, is not
			const [product, kind, file] = uploadForm(type, bytes, 'f.bin', 'application/octet-stream');
			const id = await expectUploaded(s, [file, kind, product]);
			const { body: info } = await s.api<MediaUrlInfo>('GET', `/${id}`);
			assert.equal(info.mime_type, type);
			assert.equal(info.file_size, size, type);
			assert.equal(info.sha256, sha256(bytes), type);
		}
	});

	it('refuses a file one byte over its kind limit, and a 6 MB image and a 600 KB sticker (131053)', async () => {
		const s = sandbox.current;
		const dir = s.running.state.files.dir;
		const before = new Set(readdirSync(dir));
		const cases: [string, number, string][] = [
			['image/png', 5 * MB + 1, '5 MB'],
			['image/jpeg', 6 * MB, '5 MB'],
			['image/webp', 500 * 1024 + 1, '500 KB'],
			['image/webp', 600 * 1024, '500 KB'],
			['audio/mpeg', 16 * MB + 1, '16 MB'],
			['video/mp4', 16 * MB + 1, '16 MB'],
		];
		for (const [type, size, limit] of cases) {
			const error = expectError(
				await upload(s, uploadForm(type, Buffer.alloc(size, 1))),
				400,
				MEDIA_UPLOAD_ERROR,
				`limited to ${limit}`,
			);
			assert.equal(error.error_data?.field, 'file');
		}
		// the type given after the file still decides the limit
		const [product, kind, file] = uploadForm('image/png', Buffer.alloc(5 * MB + 1));
		expectError(await upload(s, [product, file, kind]), 400, MEDIA_UPLOAD_ERROR, '5 MB');
		const left = readdirSync(dir).filter((name) => !before.has(name));
		assert.deepEqual(left, [], 'refused uploads leave no file behind');
	});

	it('refuses a type the Cloud API does not take (131053, naming the accepted ones)', async () => {
		const s = sandbox.current;
		for (const type of ['image/gif', 'application/zip', 'video/quicktime']) {
			const error = expectError(
				await upload(s, uploadForm(type, Buffer.from('x'))),
				400,
				MEDIA_UPLOAD_ERROR,
				'not a supported media type',
			);
			assert.match(error.message, /image\/jpeg, image\/png/);
			assert.match(error.message, /application\/pdf/);
			assert.equal(error.error_data?.field, 'type');
		}
	});

	it('refuses a missing file, messaging_product or type (100, naming the field)', async () => {
		const s = sandbox.current;
		const [product, kind, file] = uploadForm('image/png', demoPng());
		expectInvalid(await upload(s, [product, kind]), 'file', 'required');
		expectInvalid(await upload(s, [kind, file]), 'messaging_product', 'required');
		expectInvalid(
			await upload(s, [{ name: 'messaging_product', value: 'sms' }, kind, file]),
			'messaging_product',
			'"whatsapp"',
		);
		expectInvalid(await upload(s, [product, file]), 'type', 'required');
		expectInvalid(
			await upload(s, [product, kind, { name: 'file', value: 'not a file' }]),
			'file',
			'file part',
		);
		expectError(
			await upload(s, uploadForm('image/png', Buffer.alloc(0))),
			400,
			MEDIA_UPLOAD_ERROR,
			'empty',
		);
	});

	it('refuses JSON, a body without a boundary and a broken body, and keeps the connection usable', async () => {
		const s = sandbox.current;
		expectInvalid(
			await s.api('POST', `/${PNG_NUMBER_ID}/media`, {
				body: { messaging_product: 'whatsapp', type: 'image/png' },
			}),
			'Content-Type',
			'multipart/form-data',
		);
		const { body } = multipart(uploadForm('image/png', demoPng()));
		expectInvalid(
			await s.api('POST', `/${PNG_NUMBER_ID}/media`, {
				raw: body,
				contentType: 'multipart/form-data',
			}),
			'Content-Type',
		);
		const connection = new OneConnection();
		try {
			const headers = { apikey: s.key, 'content-type': 'multipart/form-data; boundary=abc' };
			const cut = body.subarray(0, body.length - 30);
			for (const raw of [cut, Buffer.from('no boundary here'), randomBytes(300_000)]) {
				const answer = await connection.send(
					`${s.baseUrl}/${PNG_NUMBER_ID}/media`,
					'POST',
					headers,
					raw,
				);
				assert.equal(answer.status, 400, answer.text);
				assert.match(answer.text, /multipart/);
			}
			const tooLarge = multipart(uploadForm('image/png', Buffer.alloc(6 * MB)));
			const refused = await connection.send(
				`${s.baseUrl}/${PNG_NUMBER_ID}/media`,
				'POST',
				{ apikey: s.key, 'content-type': tooLarge.contentType },
				tooLarge.body,
			);
			assert.equal(refused.status, 400, refused.text);
			const next = await connection.send<UserDetails>(`${s.baseUrl}/getuserdetails`, 'GET', {
				apikey: s.key,
			});
			assert.equal(next.status, 200, next.text);
		} finally {
			connection.close();
		}
	});

	it("answers 404 for another key's number or an unknown one, and 401 without a key", async () => {
		const s = sandbox.current;
		const form = uploadForm('image/png', demoPng());
		expectError(await upload(s, form, '999999999'), 404, 803);
		expectError(await upload(s, form, PNG_NUMBER_ID, 'sandbox-other-key'), 404, 803);
		const { body, contentType } = multipart(form);
		expectError(
			await s.api('POST', `/${PNG_NUMBER_ID}/media`, { raw: body, contentType, key: null }),
			401,
			190,
		);
	});

	it('follows a lowered maxMediaBytes, naming that limit', async () => {
		const s = sandbox.current;
		await s.control('POST', '/config', { maxMediaBytes: MB });
		await expectUploaded(s, uploadForm('application/pdf', Buffer.alloc(MB, 7)));
		expectError(
			await upload(s, uploadForm('application/pdf', Buffer.alloc(MB + 1, 7))),
			400,
			MEDIA_UPLOAD_ERROR,
			"document files are limited to 1 MB (this sandbox's maxMediaBytes)",
		);
	});

	it('writes a 100 MB document to disk while it is still arriving, then stores all of it', async () => {
		const s = sandbox.current;
		const size = 100 * MB;
		const chunk = randomBytes(256 * 1024);
		const boundary = 'streaming-boundary-7f3a';
		const dir = s.running.state.files.dir;
		const before = new Set(readdirSync(dir));
		let largestSeen = 0;
		const largestNewFile = () => {
			let largest = 0;
			for (const name of readdirSync(dir))
				if (!before.has(name)) largest = Math.max(largest, statSync(join(dir, name)).size);
			return largest;
		};
		async function* parts(): AsyncGenerator<Uint8Array> {
			yield Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="messaging_product"\r\n\r\nwhatsapp\r\n` +
					`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\napplication/pdf\r\n` +
					`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
			);
			for (let sent = 0; sent < size; sent += chunk.length) {
				if (sent === size / 2) {
					// half the file is sent: the sandbox must have written most of it already
					const deadline = Date.now() + 20_000;
					while ((largestSeen = largestNewFile()) < size / 4 && Date.now() < deadline)
						await new Promise((resolve) => setTimeout(resolve, 20));
				}
				yield chunk;
			}
			yield Buffer.from(`\r\n--${boundary}--\r\n`);
		}
		const iterator = parts();
		const response = await fetchParsed<{ id: string }>(`${s.baseUrl}/${PNG_NUMBER_ID}/media`, {
			method: 'POST',
			headers: { apikey: s.key, 'content-type': `multipart/form-data; boundary=${boundary}` },
			body: new ReadableStream({
				async pull(controller) {
					const next = await iterator.next();
					if (next.done) controller.close();
					else controller.enqueue(next.value);
				},
			}),
			duplex: 'half',
		} as RequestInit);
		assert.equal(response.status, 200, response.text);
		assert.ok(
			largestSeen >= size / 4,
			`with half the file sent, ${largestSeen} bytes were on disk: the upload is not streamed`,
		);
		const { body: info } = await s.api<MediaUrlInfo>('GET', `/${response.body.id}`);
		assert.equal(info.file_size, size);
		assert.equal(info.mime_type, 'application/pdf');
		const expected = createHash('sha256');
		for (let sent = 0; sent < size; sent += chunk.length) expected.update(chunk);
		assert.equal(info.sha256, expected.digest('hex'));
	});

	it('logs the upload by its size, and faults apply to it', async () => {
		const s = sandbox.current;
		await s.control('DELETE', '/requests');
		const { body, contentType } = multipart(uploadForm('image/png', demoPng()));
		await s.control('POST', '/faults', {
			faults: [{ kind: 'status', method: 'POST', path: '/media$', status: 503, count: 1 }],
		});
		expectError(await s.api('POST', `/${PNG_NUMBER_ID}/media`, { raw: body, contentType }), 503, 2);
		const ok = await s.api('POST', `/${PNG_NUMBER_ID}/media`, { raw: body, contentType });
		assert.equal(ok.status, 200, ok.text);
		const { body: log } = await s.control<{
			data: { url: string; status: number; bodyBytes?: number; fault?: string }[];
		}>('GET', '/requests');
		const uploads = log.data.filter((entry) => entry.url.endsWith('/media'));
		assert.deepEqual(
			uploads.map((entry) => [entry.status, entry.fault, entry.bodyBytes]),
			[
				[503, 'status', undefined], // answered before the body is read, as on every route
				[200, undefined, body.length],
			],
		);
	});
});
