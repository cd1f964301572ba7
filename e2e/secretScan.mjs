// The secret scan every end-to-end run ends with: the API key may travel only in the apikey
// header to the base URL. The sandbox logs every request with that header's value replaced by a
// label, so the raw key anywhere in its log is a leak; so is the key in plain text in n8n's
// database (SQLite's files, or a dump of PostgreSQL), or in anything n8n printed (CLI outputs, server, worker and webhook logs).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert } from './checks.mjs';
import { SANDBOX_CREDENTIAL } from '../tools/n8n/index.mjs';

export const SECRET_SCAN =
	"the API key travels only in the apikey header: in no other request part, n8n database, log line or output; the trigger's webhook secrets in no workflow, execution or log";

/**
 * Throws naming where the key was found. `texts`: everything n8n printed. `secrets`: the
 * triggers' webhook secrets, which live in their credentials only: in plain text in no workflow,
 * saved execution (n8n's database) or log line.
 */
export async function scanForKey({ sandbox, n8n, texts, minRequests = 1, secrets = [] }) {
	const key = sandbox.apiKey;
	const requests = (await (await fetch(`${sandbox.controlUrl}/requests`)).json()).data;
	const leaks = requests.filter((r) => JSON.stringify(r).includes(key));
	assert(
		requests.length >= minRequests && leaks.length === 0,
		`${requests.length} requests, the key in ${JSON.stringify(leaks.slice(0, 2))}`,
	);
	assert(
		requests.every((r) => r.url.startsWith('/v3/') || r.url.startsWith('/_sandbox/')),
		'a request went off the base URL',
	);
	for (const file of ['database.sqlite', 'database.sqlite-wal', 'database.sqlite-shm']) {
		const path = join(n8n.userFolder, '.n8n', file);
		if (!existsSync(path)) continue;
		const bytes = readFileSync(path);
		assert(!bytes.includes(key), `${file} holds the key in plain text`);
		for (const secret of secrets)
			assert(!bytes.includes(secret), `${file} holds the webhook secret "${secret}" in plain text`);
	}
	// A home on PostgreSQL (queue mode) gives its database as SQL text.
	if (n8n.databaseText) {
		const dump = n8n.databaseText();
		// (the dump holds the imported credential's row: a dump that came out empty proves nothing)
		assert(
			dump.includes(SANDBOX_CREDENTIAL.id),
			'the PostgreSQL dump has no credentials: nothing was scanned',
		);
		assert(!dump.includes(key), "n8n's PostgreSQL database holds the key in plain text");
		for (const secret of secrets)
			assert(!dump.includes(secret), "n8n's PostgreSQL database holds a webhook secret");
	}
	const printed = texts.filter(Boolean);
	assert(
		printed.length > 0 && !printed.some((text) => text.includes(key)),
		'an n8n output or log line holds the key',
	);
	for (const secret of secrets)
		assert(!printed.some((text) => text.includes(secret)), 'a log line holds a webhook secret');
	return { requests: requests.length, printedBytes: printed.reduce((n, t) => n + t.length, 0) };
}
