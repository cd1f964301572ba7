import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { describe, it } from 'node:test';
import { demoPng } from '../src/demoFiles';
import {
	expectError,
	OTHER_API_KEY,
	useSandbox,
	type ApiResponse,
	type TestSandbox,
} from './helpers';
import type {
	CreatedTemplate,
	ErrorObject,
	MediaUrlInfo,
	StoredMedia,
	TemplateView,
	UploadHandle,
	Refusal,
	UploadSession,
	UserDetails,
} from './types';

const sandbox = useSandbox();

const PNG_MEDIA_ID = '1037543291543636';
const PNG_NUMBER_ID = '106540352242922';
const SECOND_NUMBER_ID = '106540352242923';
const OTHER_NUMBER_ID = '106540352249999';
const MEDIA_DELETED = 131053;
const UPLOAD_REFUSED = 131054;
const SESSION_ID_FORM = /^upload:([A-Za-z0-9_-]+)\?sig=([A-Za-z0-9_-]+)$/;

/** Asserts a 400 that names `field` (in error_data.field and at the start of the message). */
function expectInvalid(
	response: ApiResponse,
	field: string,
	messagePart?: RegExp | string,
): ErrorObject {
	const error = expectError(response, 400, 100, messagePart);
	assert.equal(error.error_data?.field, field, `field: ${response.text}`);
	assert.ok(error.message.startsWith(`${field}:`), `message names ${field}: ${error.message}`);
	return error;
}

async function fetchParsed<T = unknown>(
	url: string,
	init: RequestInit = {},
): Promise<ApiResponse<T>> {
	const response = await fetch(url, init);
	const buffer = Buffer.from(await response.arrayBuffer());
	const text = buffer.toString('utf8');
	let body: unknown = buffer;
	if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
	return { status: response.status, headers: response.headers, body: body as T, text };
}

/** Step 1 of 4.5: answers the session id exactly as returned. */
async function createSession(
	s: TestSandbox,
	fileLength: number,
	fileType = 'image/png',
	key?: string,
): Promise<string> {
	const response = await s.api<UploadSession>('POST', '/app/uploads', {
		query: { file_length: fileLength, file_type: fileType },
		key,
	});
	assert.equal(response.status, 200, response.text);
	assert.deepEqual(Object.keys(response.body), ['id']);
	assert.match(response.body.id, SESSION_ID_FORM);
	return response.body.id;
}

/** Step 2 of 4.5 the way the spec says: the session id appended to the base URL exactly as returned. */
async function uploadTo(
	s: TestSandbox,
	sessionId: string,
	body: RequestInit['body'],
	headers: Record<string, string> = { 'content-type': 'application/octet-stream' },
	key: string | null = s.key,
): Promise<ApiResponse<UploadHandle>> {
	return fetchParsed(`${s.baseUrl}/${sessionId}`, {
		method: 'POST',
		headers: { ...headers, ...(key === null ? {} : { apikey: key }) },
		body,
	});
}

/** Step 2 through the helper: the id split into its path and its sig query parameter. */
async function uploadSplit(
	s: TestSandbox,
	sessionId: string,
	raw: Buffer,
	contentType = 'application/octet-stream',
	sig?: string,
): Promise<ApiResponse<UploadHandle>> {
	const [, session, realSig] = SESSION_ID_FORM.exec(sessionId)!;
	return s.api('POST', `/upload:${session}`, { query: { sig: sig ?? realSig }, raw, contentType });
}

/**
 * Requests over ONE kept-alive connection (node:http, one socket), each with a short timeout,
 * so a refusal that leaves the connection unusable shows up at once as a timeout.
 */
class OneConnection {
	private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

	send<T = unknown>(
		url: string,
		method: string,
		headers: Record<string, string>,
		body?: Buffer,
	): Promise<{
		status: number;
		text: string;
		body: T;
		raw: Buffer;
		headers: Record<string, unknown>;
	}> {
		return new Promise((resolve, reject) => {
			const target = new URL(url);
			const timer = setTimeout(() => {
				req.destroy();
				reject(
					new Error(
						`${method} ${target.pathname}: no answer within 3 s on the kept-alive connection`,
					),
				);
			}, 3_000);
			const req = httpRequest(
				{
					agent: this.agent,
					host: target.hostname,
					port: target.port,
					path: target.pathname + target.search,
					method,
					headers,
				},
				(res) => {
					const chunks: Buffer[] = [];
					res.on('data', (c: Buffer) => chunks.push(c));
					res.on('end', () => {
						clearTimeout(timer);
						const raw = Buffer.concat(chunks);
						const text = raw.toString('utf8');
						resolve({
							status: res.statusCode ?? 0,
							text,
							raw,
							headers: res.headers,
							body: ((res.headers['content-type'] ?? '').includes('json')
								? JSON.parse(text)
								: text) as T,
						});
					});
				},
			);
			req.on('error', (error) => {
				clearTimeout(timer);
				reject(error);
			});
			req.end(body);
		});
	}

	close(): void {
		this.agent.destroy();
	}
}

function expectHandle(response: ApiResponse<UploadHandle>): string {
	assert.equal(response.status, 200, response.text);
	assert.deepEqual(Object.keys(response.body), ['h']);
	assert.equal(typeof response.body.h, 'string');
	assert.ok(response.body.h.length > 0);
	return response.body.h;
}

function imageTemplate(name: string, handle: string) {
	return {
		name,
		language: 'en_US',
		category: 'UTILITY',
		components: [
			{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
			{ type: 'BODY', text: 'Hi' },
		],
	};
}

function sha256(data: Buffer): string {
	return createHash('sha256').update(data).digest('hex');
}

describe('sample upload, step 1 (4.5)', () => {
	it('answers an id of the exact form upload:<id>?sig=<sig>, new for every session', async () => {
		const s = sandbox.current;
		const first = await createSession(s, 10, 'image/png');
		const second = await createSession(s, 10, 'image/png');
		assert.notEqual(first, second);
		for (const type of ['image/jpeg', 'video/mp4', 'application/pdf'])
			await createSession(s, 1, type);
	});

	it('refuses a missing file_length or file_type, naming it', async () => {
		const s = sandbox.current;
		expectInvalid(
			await s.api('POST', '/app/uploads', { query: { file_type: 'image/png' } }),
			'file_length',
			'required',
		);
		expectInvalid(
			await s.api('POST', '/app/uploads', { query: { file_length: '', file_type: 'image/png' } }),
			'file_length',
		);
		expectInvalid(
			await s.api('POST', '/app/uploads', { query: { file_length: 10 } }),
			'file_type',
			'required',
		);
	});

	it('refuses a file_length that is not a whole number from 1 byte to 100 MiB', async () => {
		const s = sandbox.current;
		for (const value of ['abc', '12.5', '-3', '1e3', '0', String(100 * 1024 * 1024 + 1)]) {
			expectInvalid(
				await s.api('POST', '/app/uploads', {
					query: { file_length: value, file_type: 'image/png' },
				}),
				'file_length',
			);
		}
		await createSession(s, 100 * 1024 * 1024);
	});

	it('refuses an unknown file_type, naming it', async () => {
		const s = sandbox.current;
		for (const value of ['image/gif', 'text/plain', 'png']) {
			expectInvalid(
				await s.api('POST', '/app/uploads', { query: { file_length: 10, file_type: value } }),
				'file_type',
				'must be one of',
			);
		}
	});
});

describe('sample upload, step 2 (4.5)', () => {
	it('takes the raw bytes at base URL + the id exactly as returned and answers {h}', async () => {
		const s = sandbox.current;
		const bytes = demoPng();
		const id = await createSession(s, bytes.length);
		expectHandle(await uploadTo(s, id, bytes));
	});

	it('takes the raw bytes through the split path and sig query', async () => {
		const s = sandbox.current;
		const bytes = randomBytes(3000);
		const id = await createSession(s, bytes.length, 'application/pdf');
		expectHandle(await uploadSplit(s, id, bytes));
	});

	it('refuses a wrong or missing sig, and the session stays usable', async () => {
		const s = sandbox.current;
		const bytes = randomBytes(100);
		const id = await createSession(s, bytes.length);
		const [, , sig] = SESSION_ID_FORM.exec(id)!;
		const altered = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
		expectInvalid(await uploadSplit(s, id, bytes, undefined, altered), 'sig');
		expectInvalid(await uploadSplit(s, id, bytes, undefined, sig.slice(1)), 'sig');
		expectInvalid(await uploadTo(s, id.split('?')[0], bytes), 'sig');
		expectHandle(await uploadTo(s, id, bytes));
	});

	it('refuses multipart/form-data with a message about raw bytes', async () => {
		const s = sandbox.current;
		const bytes = randomBytes(64);
		const id = await createSession(s, bytes.length);
		const form = new FormData();
		form.append('file', new Blob([bytes], { type: 'image/png' }), 'sample.png');
		const response = await fetchParsed(`${s.baseUrl}/${id}`, {
			method: 'POST',
			headers: { apikey: s.key },
			body: form,
		});
		const error = expectInvalid(response, 'Content-Type', /raw bytes/);
		assert.match(error.message, /multipart\/form-data/);
		expectHandle(await uploadTo(s, id, bytes));
	});

	it('refuses JSON and bytes without the octet-stream type', async () => {
		const s = sandbox.current;
		const bytes = randomBytes(16);
		const id = await createSession(s, bytes.length);
		expectInvalid(
			await uploadTo(s, id, JSON.stringify({ file: bytes.toString('base64') }), {
				'content-type': 'application/json',
			}),
			'Content-Type',
			/raw bytes/,
		);
		expectInvalid(
			await uploadSplit(s, id, bytes, 'image/png'),
			'Content-Type',
			/application\/octet-stream/,
		);
		expectHandle(await uploadSplit(s, id, bytes));
	});

	it('refuses fewer bytes than file_length', async () => {
		const s = sandbox.current;
		const id = await createSession(s, 1000);
		expectInvalid(await uploadTo(s, id, randomBytes(999)), 'body', /999 bytes.*1000/);
		expectInvalid(await uploadTo(s, id, Buffer.alloc(0)), 'body');
	});

	it('refuses more bytes than file_length', async () => {
		const s = sandbox.current;
		const id = await createSession(s, 1000);
		expectInvalid(
			await uploadTo(s, id, randomBytes(1001)),
			'body',
			/longer than the file_length of 1000/,
		);
		const big = await createSession(s, 100_000);
		expectInvalid(
			await uploadTo(s, big, randomBytes(600_000)),
			'body',
			/longer than the file_length of 100000/,
		);
		// the connection and the sandbox are still fine, and the session can still be used right
		expectHandle(await uploadTo(s, id, randomBytes(1000)));
	});

	it('leaves the kept-alive connection usable after refusing a body (too long, wrong sig, form data)', async () => {
		const s = sandbox.current;
		const connection = new OneConnection();
		try {
			const headers = { apikey: s.key, 'content-type': 'application/octet-stream' };
			const still = async () => {
				const answer = await connection.send(`${s.baseUrl}/getuserdetails`, 'GET', {
					apikey: s.key,
				});
				assert.equal(answer.status, 200, answer.text);
			};
			const session = async (length: number) => {
				const answer = await connection.send<UploadSession>(
					`${s.baseUrl}/app/uploads?file_length=${length}&file_type=image/png`,
					'POST',
					{ apikey: s.key },
				);
				assert.equal(answer.status, 200, answer.text);
				return answer.body.id;
			};
			const big = randomBytes(2_000_000);

			const tooLong = await session(100_000);
			const refused = await connection.send<Refusal>(
				`${s.baseUrl}/${tooLong}`,
				'POST',
				headers,
				big,
			);
			assert.equal(refused.status, 400, refused.text);
			assert.match(refused.body.error.message, /^body: is longer than the file_length of 100000/);
			await still();

			const wrongSig = await session(big.length);
			const badSig = await connection.send<Refusal>(
				`${s.baseUrl}/${wrongSig.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'))}`,
				'POST',
				headers,
				big,
			);
			assert.equal(badSig.status, 400, badSig.text);
			assert.equal(badSig.body.error.error_data?.field, 'sig');
			await still();

			const form = await connection.send(
				`${s.baseUrl}/${wrongSig}`,
				'POST',
				{ ...headers, 'content-type': 'multipart/form-data; boundary=xyz' },
				big,
			);
			assert.equal(form.status, 400, form.text);
			await still();

			const ok = await connection.send<UploadHandle>(
				`${s.baseUrl}/${wrongSig}`,
				'POST',
				headers,
				big,
			);
			assert.equal(ok.status, 200, ok.text);
			assert.equal(typeof ok.body.h, 'string');
			const twice = await connection.send<Refusal>(
				`${s.baseUrl}/${wrongSig}`,
				'POST',
				headers,
				big,
			);
			assert.equal(twice.status, 400, twice.text);
			assert.equal(twice.body.error.code, UPLOAD_REFUSED);
			await still();
		} finally {
			connection.close();
		}
	});

	it('gives one handle only when the same session is uploaded twice at once', async () => {
		const s = sandbox.current;
		const bytes = randomBytes(1_000_000);
		const id = await createSession(s, bytes.length);
		const answers = await Promise.all([
			uploadTo(s, id, bytes),
			uploadTo(s, id, bytes),
			uploadTo(s, id, bytes),
		]);
		const statuses = answers.map((a) => a.status).sort();
		assert.deepEqual(statuses, [200, 400, 400], answers.map((a) => a.text).join('\n'));
		for (const answer of answers)
			if (answer.status === 400) expectError(answer, 400, UPLOAD_REFUSED, 'already used');
	});

	it('refuses a session used twice', async () => {
		const s = sandbox.current;
		const bytes = randomBytes(50);
		const id = await createSession(s, bytes.length);
		const h = expectHandle(await uploadTo(s, id, bytes));
		expectError(await uploadTo(s, id, bytes), 400, UPLOAD_REFUSED, 'already used');
		expectError(await uploadSplit(s, id, bytes), 400, UPLOAD_REFUSED, 'already used');
		// the first handle still works
		const created = await s.api('POST', `/${s.accountId}/message_templates`, {
			body: imageTemplate('twice_used_header', h),
		});
		assert.equal(created.status, 200, created.text);
	});

	it("answers another key's session as not found", async () => {
		const s = sandbox.current;
		const bytes = randomBytes(20);
		const id = await createSession(s, bytes.length);
		expectError(await uploadTo(s, id, bytes, undefined, OTHER_API_KEY), 404, 803);
		expectError(await uploadTo(s, 'upload:nosuchsession?sig=abc', bytes), 404, 803);
		expectError(await uploadTo(s, id, bytes, undefined, null), 401, 190);
		expectHandle(await uploadTo(s, id, bytes));
	});

	it('gives a handle that works as an IMAGE header sample in a template create', async () => {
		const s = sandbox.current;
		const bytes = demoPng();
		const id = await createSession(s, bytes.length, 'image/png');
		const h = expectHandle(await uploadTo(s, id, bytes));
		const name = `image_header_${Date.now()}`;
		const created = await s.api<CreatedTemplate>('POST', `/${s.accountId}/message_templates`, {
			body: imageTemplate(name, h),
		});
		assert.equal(created.status, 200, created.text);
		assert.equal(created.body.status, 'PENDING');
		assert.equal(created.body.category, 'UTILITY');
		assert.equal(typeof created.body.id, 'string');
		const stored = await s.api<TemplateView>('GET', `/${created.body.id}`);
		assert.equal(stored.status, 200, stored.text);
		assert.deepEqual(stored.body.components[0], {
			type: 'HEADER',
			format: 'IMAGE',
			example: { header_handle: [h] },
		});
	});

	it('refuses a handle that was never issued, or issued to another key', async () => {
		const s = sandbox.current;
		expectInvalid(
			await s.api('POST', `/${s.accountId}/message_templates`, {
				body: imageTemplate('made_up_handle', '4::aW1hZ2UvcG5n:nothing'),
			}),
			'components[0].example.header_handle[0]',
		);
		const bytes = randomBytes(10);
		const otherSession = await createSession(s, bytes.length, 'image/png', OTHER_API_KEY);
		const h = expectHandle(await uploadTo(s, otherSession, bytes, undefined, OTHER_API_KEY));
		expectInvalid(
			await s.api('POST', `/${s.accountId}/message_templates`, {
				body: imageTemplate('other_keys_handle', h),
			}),
			'components[0].example.header_handle[0]',
		);
	});
});

/** Downloads by ID. */
function downloadById(
	s: TestSandbox,
	mediaId: string,
	phoneNumberId: string | undefined,
	key?: string,
): Promise<ApiResponse> {
	return fetchParsed(
		`${s.baseUrl}/downloadMedia/${mediaId}${phoneNumberId === undefined ? '' : `?phone_number_id=${phoneNumberId}`}`,
		{
			method: 'POST',
			headers: { apikey: key ?? s.key },
		},
	);
}

function getUrl(url: string, key: string | null): Promise<ApiResponse> {
	return fetchParsed(url, { headers: key === null ? {} : { apikey: key } });
}

function expectBytes(response: ApiResponse, bytes: Buffer, contentType: string): void {
	assert.equal(response.status, 200, response.text.slice(0, 300));
	assert.equal(response.headers.get('content-type'), contentType);
	assert.equal(response.headers.get('content-length'), String(bytes.length));
	assert.ok(Buffer.isBuffer(response.body), 'raw body');
	assert.equal(response.body.length, bytes.length);
	assert.ok(bytes.equals(response.body), 'exact bytes');
}

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
