import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import { expectInvalid, createSession } from './mediaSupport';

const sandbox = useSandbox();

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
