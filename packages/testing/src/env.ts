import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n-core reads these when it loads: without a user folder it writes ~/.n8n, and it would
// try to report diagnostics. This module must be imported before n8n-core.
if (!process.env.N8N_USER_FOLDER) {
	const userFolder = mkdtempSync(join(tmpdir(), 'bm-n8n-test-'));
	process.env.N8N_USER_FOLDER = userFolder;
	removeWhenDone(userFolder);
}
process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
process.env.N8N_ENCRYPTION_KEY ??= 'business-messaging-tests';

/**
 * Removes the folder when the test file (jest) or the process (anything else) is done. Jest loads
 * this module afresh for every test file, each with its own copy of process.env, so each file
 * makes a folder; and its sandboxed `process` never emits 'exit', hence `afterAll`.
 */
function removeWhenDone(folder: string): void {
	const remove = () => rmSync(folder, { recursive: true, force: true });
	const { afterAll } = globalThis as { afterAll?: (fn: () => void) => void };
	if (typeof afterAll === 'function') {
		try {
			afterAll(remove);
			return;
		} catch {
			// Imported inside a running test, where hooks cannot be added: fall back to the exit.
		}
	}
	process.once('exit', remove);
}
