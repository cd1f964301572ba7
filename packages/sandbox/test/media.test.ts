import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoPng } from '../src/demoFiles';
import { expectError, OTHER_API_KEY, useSandbox, type TestSandbox } from './helpers';
import type { MediaUrlInfo } from './types';
import {
	PNG_MEDIA_ID,
	PNG_NUMBER_ID,
	SECOND_NUMBER_ID,
	OTHER_NUMBER_ID,
	MEDIA_DELETED,
	expectInvalid,
	sha256,
	downloadById,
	getUrl,
	expectBytes,
} from './mediaSupport';

const sandbox = useSandbox();

describe('media download by ID (4.6)', () => {
	it('returns the exact bytes with the media type and length', async () => {
		const s = sandbox.current;
		expectBytes(await downloadById(s, PNG_MEDIA_ID, PNG_NUMBER_ID), demoPng(), 'image/png');
	});

	it('refuses a missing phone_number_id', async () => {
		const s = sandbox.current;
		expectInvalid(await downloadById(s, PNG_MEDIA_ID, undefined), 'phone_number_id', 'required');
		expectInvalid(await downloadById(s, PNG_MEDIA_ID, ''), 'phone_number_id');
	});

	it('answers 404 for a number that did not upload or receive it', async () => {
		const s = sandbox.current;
		expectError(await downloadById(s, PNG_MEDIA_ID, SECOND_NUMBER_ID), 404, 803);
		expectError(await downloadById(s, PNG_MEDIA_ID, OTHER_NUMBER_ID), 404, 803);
		expectError(await downloadById(s, PNG_MEDIA_ID, '999999999'), 404, 803);
		expectError(await downloadById(s, '999999999', PNG_NUMBER_ID), 404, 803);
	});

	it('answers 404 to another key', async () => {
		const s = sandbox.current;
		expectError(await downloadById(s, PNG_MEDIA_ID, PNG_NUMBER_ID, OTHER_API_KEY), 404, 803);
		expectError(await downloadById(s, PNG_MEDIA_ID, OTHER_NUMBER_ID, OTHER_API_KEY), 404, 803);
		expectError(await s.api('GET', `/${PNG_MEDIA_ID}`, { key: OTHER_API_KEY }), 404, 803);
		expectError(
			await s.api('DELETE', `/${PNG_MEDIA_ID}`, {
				key: OTHER_API_KEY,
				query: { phone_number_id: OTHER_NUMBER_ID },
			}),
			404,
			803,
		);
		expectError(
			await s.api('DELETE', `/${PNG_MEDIA_ID}`, {
				key: OTHER_API_KEY,
				query: { phone_number_id: PNG_NUMBER_ID },
			}),
			404,
			803,
		);
		// still there for its owner
		expectBytes(await downloadById(s, PNG_MEDIA_ID, PNG_NUMBER_ID), demoPng(), 'image/png');
	});
});

describe('media URL (4.6)', () => {
	async function mediaUrl(s: TestSandbox, mediaId = PNG_MEDIA_ID): Promise<MediaUrlInfo> {
		const response = await s.api<MediaUrlInfo>('GET', `/${mediaId}`);
		assert.equal(response.status, 200, response.text);
		return response.body;
	}

	it('answers url, mime_type, sha256, file_size and id', async () => {
		const s = sandbox.current;
		const png = demoPng();
		const info = await mediaUrl(s);
		assert.equal(info.id, PNG_MEDIA_ID);
		assert.equal(info.mime_type, 'image/png');
		assert.equal(info.sha256, sha256(png));
		assert.equal(info.file_size, png.length);
		const url = new URL(info.url);
		assert.equal(`${url.origin}${url.pathname}`, `${s.baseUrl}/chat_business/attachments/`);
		assert.deepEqual([...url.searchParams.keys()].sort(), ['ext', 'hash', 'mid']);
		assert.equal(url.searchParams.get('mid'), PNG_MEDIA_ID);
		assert.equal(url.searchParams.get('ext'), 'png');
		assert.ok(url.searchParams.get('hash')!.length >= 16);
		const again = await mediaUrl(s);
		assert.notEqual(again.url, info.url, 'each retrieval issues a fresh URL');
	});

	it('downloads the bytes as application/octet-stream with the apikey header', async () => {
		const s = sandbox.current;
		const { url } = await mediaUrl(s);
		expectBytes(await getUrl(url, s.key), demoPng(), 'application/octet-stream');
		// more than once within the window
		expectBytes(await getUrl(url, s.key), demoPng(), 'application/octet-stream');
	});

	it('refuses the URL without the apikey header, or with another key', async () => {
		const s = sandbox.current;
		const { url } = await mediaUrl(s);
		expectError(await getUrl(url, null), 401, 190);
		expectError(await getUrl(url, 'wrong-key'), 401, 190);
		expectError(await getUrl(url, OTHER_API_KEY), 404);
		expectBytes(await getUrl(url, s.key), demoPng(), 'application/octet-stream');
	});

	it('works at 4:59 and fails after 5 minutes', async () => {
		const s = sandbox.current;
		const { url } = await mediaUrl(s);
		await s.advance(4 * 60_000 + 59_000);
		expectBytes(await getUrl(url, s.key), demoPng(), 'application/octet-stream');
		await s.advance(2_000);
		expectError(await getUrl(url, s.key), 404, undefined, /5 minutes/);
		// a new retrieval gives a URL that works again
		const fresh = await mediaUrl(s);
		expectBytes(await getUrl(fresh.url, s.key), demoPng(), 'application/octet-stream');
	});

	it('fails when mid, ext or hash is altered', async () => {
		const s = sandbox.current;
		const pdf = await mediaUrl(s, '1037543291543637');
		const { url } = await mediaUrl(s);
		const altered = (name: string, value: string) => {
			const u = new URL(url);
			u.searchParams.set(name, value);
			return u.toString();
		};
		const hash = new URL(url).searchParams.get('hash')!;
		const variants = [
			altered('mid', '1037543291543637'),
			altered('mid', `${PNG_MEDIA_ID}0`),
			altered('ext', 'jpg'),
			altered('ext', 'bin'),
			altered('hash', (hash[0] === 'A' ? 'B' : 'A') + hash.slice(1)),
			altered('hash', hash.slice(0, -1)),
			altered('hash', new URL(pdf.url).searchParams.get('hash')!),
		];
		for (const variant of variants)
			expectError(await getUrl(variant, s.key), 404, undefined, /not valid/);
		for (const name of ['mid', 'ext', 'hash']) {
			const u = new URL(url);
			u.searchParams.delete(name);
			expectInvalid(await getUrl(u.toString(), s.key), name);
		}
		expectBytes(await getUrl(url, s.key), demoPng(), 'application/octet-stream');
	});
});

describe('media delete (4.6)', () => {
	it('answers {success:true}, and afterwards the ID fails everywhere with 131053', async () => {
		const s = sandbox.current;
		const { body: info } = await s.api<MediaUrlInfo>('GET', `/${PNG_MEDIA_ID}`);
		assert.equal(typeof info.url, 'string');
		expectInvalid(await s.api('DELETE', `/${PNG_MEDIA_ID}`), 'phone_number_id');
		expectError(
			await s.api('DELETE', `/${PNG_MEDIA_ID}`, { query: { phone_number_id: SECOND_NUMBER_ID } }),
			404,
			803,
		);
		expectBytes(await downloadById(s, PNG_MEDIA_ID, PNG_NUMBER_ID), demoPng(), 'image/png');

		const deleted = await s.api('DELETE', `/${PNG_MEDIA_ID}`, {
			query: { phone_number_id: PNG_NUMBER_ID },
		});
		assert.equal(deleted.status, 200, deleted.text);
		assert.deepEqual(deleted.body, { success: true });

		expectError(await downloadById(s, PNG_MEDIA_ID, PNG_NUMBER_ID), 404, MEDIA_DELETED);
		expectError(await s.api('GET', `/${PNG_MEDIA_ID}`), 404, MEDIA_DELETED);
		expectError(
			await s.api('GET', `/${PNG_MEDIA_ID}`, { query: { phone_number_id: PNG_NUMBER_ID } }),
			404,
			MEDIA_DELETED,
		);
		expectError(await getUrl(info.url, s.key), 404, MEDIA_DELETED);
		expectError(
			await s.api('DELETE', `/${PNG_MEDIA_ID}`, { query: { phone_number_id: PNG_NUMBER_ID } }),
			404,
			MEDIA_DELETED,
		);

		// the other media files are untouched
		const pdf = await downloadById(s, '1037543291543637', PNG_NUMBER_ID);
		assert.equal(pdf.status, 200);
		assert.equal(pdf.headers.get('content-type'), 'application/pdf');
	});
});
