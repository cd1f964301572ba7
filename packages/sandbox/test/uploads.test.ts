import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { demoPng } from '../src/demoFiles';
import { expectError, OTHER_API_KEY, useSandbox } from './helpers';
import type { CreatedTemplate, TemplateView, UploadHandle, Refusal, UploadSession } from './types';
import {
	UPLOAD_REFUSED,
	SESSION_ID_FORM,
	expectInvalid,
	fetchParsed,
	createSession,
	uploadTo,
	uploadSplit,
	OneConnection,
	expectHandle,
	imageTemplate,
} from './mediaSupport';

const sandbox = useSandbox();

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
