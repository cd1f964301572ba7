// The sandbox CLI (packages/sandbox, built) as the runs start it, with its control API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/** The sandbox CLI on a port (0: a free one); resolves with its --json line. */
export async function startSandbox(port = 0) {
	const child = spawn(
		process.execPath,
		[join(root, 'packages/sandbox/dist/src/cli.js'), '--port', String(port), '--json'],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const info = await new Promise((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
		child.stdout.once('data', (line) => resolve(JSON.parse(String(line))));
	});
	const controlUrl = info.baseUrl.replace(/\/v3$/, '/_sandbox');
	/** A call of the sandbox's control API (a GET without a body); its JSON answer, or an error. */
	const control = async (path, body, method = body === undefined ? 'GET' : 'POST') => {
		const response = await fetch(`${controlUrl}${path}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok)
			throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
		return await response.json();
	};
	return { ...info, child, controlUrl, control };
}
