// n8n's SQLite database out of reach for writes, as when the disk or the database stalls: another
// process holds SQLite's write lock (BEGIN EXCLUSIVE) for a while. Reads still answer (WAL mode);
// every write of n8n, its API's included, fails or waits. Run by n8n's own Node and sqlite3 module
// (a native module built for that Node).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { nodeBin, resolveFromN8n } from './install.mjs';

const HOLDER = `
const [sqlite3Path, databasePath, ms] = process.argv.slice(1);
const sqlite3 = require(sqlite3Path);
const db = new sqlite3.Database(databasePath);
db.configure('busyTimeout', 30000);
db.exec('BEGIN EXCLUSIVE', (error) => {
	if (error) { console.error(error.message); process.exit(1); }
	console.log('locked');
	setTimeout(() => db.exec('ROLLBACK', () => db.close(() => console.log('released'))), Number(ms));
});
`;

/**
 * Holds the write lock of the n8n home's database for `ms`; resolves with `{ locked, released }`:
 * two promises, for when the lock was taken and when it was let go (rejected if it never was).
 */
export function holdSqliteWriteLock(userFolder, ms) {
	const databasePath = join(userFolder, '.n8n', 'database.sqlite');
	const sqlite3Path = resolveFromN8n('sqlite3');
	const holder = spawn(nodeBin, ['-e', HOLDER, sqlite3Path, databasePath, String(ms)], {
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let said = '';
	holder.stderr.on('data', (chunk) => (said += chunk));
	const when = (word) =>
		new Promise((resolve, reject) => {
			holder.stdout.on('data', (chunk) => String(chunk).includes(word) && resolve(Date.now()));
			holder.once('exit', () => reject(new Error(`the lock holder ended: ${said}`)));
		});
	return { locked: when('locked'), released: when('released') };
}
