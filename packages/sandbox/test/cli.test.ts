import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { it } from 'node:test';
import type { UserDetails } from './types';

const CLI = join(__dirname, '..', 'src', 'cli.js');

function run(args: string[]) {
	const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const firstOutput = new Promise<string>((resolve) =>
		child.stdout.once('data', () => setTimeout(() => resolve(output), 50)),
	);
	return { child, firstOutput };
}

it('--json prints one JSON line with the base URL, key and seeded IDs, and serves them', async () => {
	const { child, firstOutput } = run(['--port', '0', '--json', '--api-key', 'cli-test-key']);
	try {
		const lines = (await firstOutput).trim().split('\n');
		assert.equal(lines.length, 1);
		const info = JSON.parse(lines[0]);
		assert.deepEqual(Object.keys(info), [
			'baseUrl',
			'apiKey',
			'businessAccountId',
			'phoneNumberIds',
			'catalogId',
			'mediaIds',
		]);
		assert.match(info.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/v3$/);
		assert.equal(info.apiKey, 'cli-test-key');
		assert.equal(info.phoneNumberIds.length, 2);
		assert.equal(info.mediaIds.length, 3);
		const response = await fetch(`${info.baseUrl}/getuserdetails`, {
			headers: { apikey: info.apiKey },
		});
		assert.equal(response.status, 200);
		const body = (await response.json()) as UserDetails;
		assert.deepEqual(
			body.data.map((n) => n.phone_number_id),
			info.phoneNumberIds,
		);
	} finally {
		child.kill('SIGTERM');
	}
	const [code] = await once(child, 'exit');
	assert.equal(code, 0, 'stops cleanly on SIGTERM');
});

it('the text summary names the base URL, the key and how to try it', async () => {
	const { child, firstOutput } = run(['--port', '0']);
	try {
		const text = await firstOutput;
		assert.match(text, /Base URL\s+http:\/\/127\.0\.0\.1:\d+\/v3/);
		assert.match(text, /API key\s+sandbox-demo-key/);
		assert.match(text, /curl -H "apikey: sandbox-demo-key"/);
	} finally {
		child.kill('SIGTERM');
	}
	await once(child, 'exit');
});

it('refuses a bad port with a clear message', async () => {
	const child = spawn(process.execPath, [CLI, '--port', 'abc'], {
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stderr = '';
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const [code] = await once(child, 'exit');
	assert.equal(code, 1);
	assert.match(stderr, /--port must be 0\.\.65535/);
});

it('--send-rate holds each number to that many messages a second; a bad value is refused', async () => {
	const { child, firstOutput } = run(['--port', '0', '--json', '--send-rate', '0.5']);
	try {
		const info = JSON.parse((await firstOutput).trim());
		const config = (await (
			await fetch(info.baseUrl.replace(/\/v3$/, '/_sandbox/config'))
		).json()) as { sendRate: unknown };
		assert.deepEqual(config.sendRate, { perSecond: 0.5, burst: 0 });
	} finally {
		child.kill('SIGTERM');
	}
	await once(child, 'exit');
	const bad = spawn(process.execPath, [CLI, '--send-rate', 'fast'], {
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stderr = '';
	bad.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const [code] = await once(bad, 'exit');
	assert.equal(code, 1);
	assert.match(stderr, /--send-rate must be a number of messages a second \(got fast\)/);
});
