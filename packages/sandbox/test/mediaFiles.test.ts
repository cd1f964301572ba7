import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { startSandbox } from '../src/index';
import { PNG_NUMBER_ID } from './mediaSupport';

/**
 * Stored files live in a temporary folder of the sandbox; a stopped sandbox leaves nothing in the
 * temp dir (`npm test` starts hundreds). Each test gets a temp dir of its own (TMPDIR, which
 * os.tmpdir() reads on every call) and expects it empty at the end.
 */
describe('the temporary media folder', () => {
	let temp: string;
	let savedTmpdir: string | undefined;
	beforeEach(() => {
		temp = mkdtempSync(join(tmpdir(), 'sandbox-temp-check-'));
		savedTmpdir = process.env.TMPDIR;
		process.env.TMPDIR = temp;
	});
	afterEach(() => {
		if (savedTmpdir === undefined) delete process.env.TMPDIR;
		else process.env.TMPDIR = savedTmpdir;
		rmSync(temp, { recursive: true, force: true });
	});

	it('holds a stored file until the sandbox stops, then is gone', async () => {
		const running = await startSandbox({ port: 0 });
		try {
			const response = await fetch(
				`${running.controlUrl}/media?phone_number_id=${PNG_NUMBER_ID}&file_name=a.txt`,
				{ method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' },
			);
			assert.equal(response.status, 200, await response.text());
			assert.equal(readdirSync(temp).length, 1, 'the file went to the temp dir');
		} finally {
			await running.close();
		}
		assert.deepEqual(readdirSync(temp), []);
	});

	it('is never made by a sandbox that stores no file, nor by one refused at its start', async () => {
		const running = await startSandbox({ port: 0 });
		await running.close();
		await assert.rejects(startSandbox({ port: 0, dialect: 'klingon' as never }));
		assert.deepEqual(readdirSync(temp), []);
	});
});
