import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { expectError, useSandbox } from './helpers';
import type { MediaUrlInfo, StoredMedia, UserDetails } from './types';
import {
	PNG_MEDIA_ID,
	PNG_NUMBER_ID,
	SECOND_NUMBER_ID,
	OneConnection,
	sha256,
	downloadById,
	getUrl,
	expectBytes,
} from './mediaSupport';

const sandbox = useSandbox();

describe('large and uploaded media (4.6)', () => {
	it('streams a 64 MiB synthetic file with the right length and sha256', async () => {
		const s = sandbox.current;
		const size = 64 * 1024 * 1024;
		const { body: created } = await s.control<StoredMedia>('POST', '/media/synthetic', {
			phone_number_id: PNG_NUMBER_ID,
			size,
			mime_type: 'video/mp4',
			seed: 7,
		});
		assert.equal(created.size, size);
		assert.match(created.sha256, /^[0-9a-f]{64}$/);
		const { body: info } = await s.api<MediaUrlInfo>('GET', `/${created.id}`);
		assert.equal(info.file_size, size);
		assert.equal(info.sha256, created.sha256);
		assert.equal(info.mime_type, 'video/mp4');
		assert.equal(new URL(info.url).searchParams.get('ext'), 'mp4');

		const streamed = async (response: Response, contentType: string) => {
			assert.equal(response.status, 200);
			assert.equal(response.headers.get('content-type'), contentType);
			assert.equal(response.headers.get('content-length'), String(size));
			const hash = createHash('sha256');
			let length = 0;
			let chunks = 0;
			let first: Buffer | undefined;
			for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
				if (!first) first = Buffer.from(chunk.subarray(0, 32));
				hash.update(chunk);
				length += chunk.length;
				chunks += 1;
			}
			assert.equal(length, size);
			assert.ok(chunks > 1, 'arrived in pieces');
			assert.equal(hash.digest('hex'), created.sha256);
			return first!;
		};
		const byId = await streamed(
			await fetch(`${s.baseUrl}/downloadMedia/${created.id}?phone_number_id=${PNG_NUMBER_ID}`, {
				method: 'POST',
				headers: { apikey: s.key },
			}),
			'video/mp4',
		);
		const byUrl = await streamed(
			await fetch(info.url, { headers: { apikey: s.key } }),
			'application/octet-stream',
		);
		assert.ok(byId.equals(byUrl));

		// another seed gives other bytes
		const { body: other } = await s.control<StoredMedia>('POST', '/media/synthetic', {
			phone_number_id: PNG_NUMBER_ID,
			size: 1024,
			seed: 8,
		});
		const small = await downloadById(s, other.id, PNG_NUMBER_ID);
		assert.ok(Buffer.isBuffer(small.body), small.text);
		assert.equal(small.body.length, 1024);
		assert.equal(sha256(small.body), other.sha256);
		assert.ok(!small.body.subarray(0, 32).equals(byId), 'another seed, other bytes');
	});

	it('sends exactly the announced bytes for synthetic sizes that end inside a block', async () => {
		const s = sandbox.current;
		const connection = new OneConnection();
		try {
			for (const size of [1, 1000, 65_535, 65_537, 200_000]) {
				const { body: created } = await s.control<StoredMedia>('POST', '/media/synthetic', {
					phone_number_id: PNG_NUMBER_ID,
					size,
					seed: size,
				});
				for (let round = 0; round < 2; round++) {
					const answer = await connection.send(
						`${s.baseUrl}/downloadMedia/${created.id}?phone_number_id=${PNG_NUMBER_ID}`,
						'POST',
						{ apikey: s.key },
					);
					assert.equal(answer.status, 200, answer.text.slice(0, 200));
					assert.equal(answer.headers['content-length'], String(size));
					assert.equal(answer.raw.length, size);
					assert.equal(sha256(answer.raw), created.sha256);
				}
				// the next answer on the same connection is clean: nothing was sent beyond the length
				const next = await connection.send<UserDetails>(`${s.baseUrl}/getuserdetails`, 'GET', {
					apikey: s.key,
				});
				assert.equal(next.status, 200, next.text);
				assert.equal(next.body.status, 'success');
			}
		} finally {
			connection.close();
		}
	});

	it('round-trips media uploaded through the control API, with its file name', async () => {
		const s = sandbox.current;
		const bytes = randomBytes(200_000);
		const response = await fetch(
			`${s.running.controlUrl}/media?phone_number_id=${SECOND_NUMBER_ID}&file_name=${encodeURIComponent('report 2024.pdf')}`,
			{
				method: 'POST',
				headers: { 'content-type': 'application/pdf' },
				body: bytes,
			},
		);
		assert.equal(response.status, 200);
		const created = (await response.json()) as { id: string; size: number; sha256: string };
		assert.equal(created.size, bytes.length);
		assert.equal(created.sha256, sha256(bytes));

		const download = await downloadById(s, created.id, SECOND_NUMBER_ID);
		expectBytes(download, bytes, 'application/pdf');
		assert.equal(
			download.headers.get('content-disposition'),
			'attachment; filename="report 2024.pdf"',
		);
		expectError(await downloadById(s, created.id, PNG_NUMBER_ID), 404, 803);

		const { body: info } = await s.api<MediaUrlInfo>('GET', `/${created.id}`);
		assert.equal(info.sha256, sha256(bytes));
		assert.equal(info.file_size, bytes.length);
		assert.equal(info.mime_type, 'application/pdf');
		assert.equal(new URL(info.url).searchParams.get('ext'), 'pdf');
		const byUrl = await getUrl(info.url, s.key);
		expectBytes(byUrl, bytes, 'application/octet-stream');
		assert.equal(
			byUrl.headers.get('content-disposition'),
			'attachment; filename="report 2024.pdf"',
		);

		const seeded = await downloadById(s, PNG_MEDIA_ID, PNG_NUMBER_ID);
		assert.equal(seeded.headers.get('content-disposition'), 'attachment; filename="latte-art.png"');
	});
});
