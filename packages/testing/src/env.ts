import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n-core reads these when it loads: without a user folder it writes ~/.n8n, and it would
// try to report diagnostics. This module must be imported before n8n-core.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'bm-n8n-test-'));
process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
process.env.N8N_ENCRYPTION_KEY ??= 'business-messaging-tests';
