// Shared by the benchmarks: the sandbox in its own process (as a real API would be) and the
// node on n8n-core's real execution context (packages/testing).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const { NodeHarness } = require(`${root}packages/testing/dist/index.js`);
const { BusinessMessaging } = require(
	`${root}packages/n8n-nodes-business-messaging/dist/nodes/BusinessMessaging/BusinessMessaging.node.js`,
);
const { BusinessMessagingApi } = require(
	`${root}packages/n8n-nodes-business-messaging/dist/credentials/BusinessMessagingApi.credentials.js`,
);

/** Starts the sandbox CLI on a free port; returns its --json line, a control client and stop(). */
export async function startSandboxProcess() {
	const child = spawn(
		process.execPath,
		[`${root}packages/sandbox/dist/src/cli.js`, '--port', '0', '--json'],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const info = await new Promise((resolve) =>
		child.stdout.once('data', (line) => resolve(JSON.parse(String(line)))),
	);
	const controlUrl = info.baseUrl.replace(/\/v3$/, '/_sandbox');
	const control = async (method, path, body) => {
		const response = await fetch(controlUrl + path, {
			method,
			headers: body ? { 'content-type': 'application/json' } : {},
			body: body ? JSON.stringify(body) : undefined,
		});
		if (!response.ok)
			throw new Error(`control ${method} ${path}: ${response.status} ${await response.text()}`);
		return response.json();
	};
	return { ...info, child, controlUrl, control, stop: () => child.kill('SIGTERM') };
}

/** The Business Messaging node with a credential pointing at the sandbox. */
export function nodeHarness(sandbox) {
	return new NodeHarness({
		nodeType: new BusinessMessaging(),
		typeName: 'n8n-nodes-business-messaging.businessMessaging',
		credentialType: new BusinessMessagingApi(),
		credentials: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
	});
}
