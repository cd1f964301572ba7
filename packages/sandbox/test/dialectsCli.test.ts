import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DIALECT_KNOBS, DIALECT_NAMES, DIALECT_PRESETS, type DialectView } from '../src/index';
import type { ConfigView } from './dialectSupport';

const CLI = join(__dirname, '..', 'src', 'cli.js');

interface Summary {
	baseUrl: string;
	apiKey: string;
	businessAccountId: string;
	dialect?: DialectView;
}

/** Runs the CLI with --json, gives its summary to `use`, then stops it. */
async function withCli(args: string[], use: (summary: Summary) => Promise<void>): Promise<void> {
	const child = spawn(process.execPath, [CLI, '--port', '0', '--json', ...args], {
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const exited = once(child, 'exit');
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	try {
		const started = await Promise.race([
			new Promise<boolean>((resolve) =>
				child.stdout.on('data', () => output.includes('\n') && resolve(true)),
			),
			exited.then(() => false),
		]);
		assert.ok(started, `the CLI stopped: ${output}`);
		await use(JSON.parse(output.trim()) as Summary);
	} finally {
		child.kill('SIGTERM');
	}
	const [code] = await exited;
	assert.equal(code, 0, 'stops cleanly on SIGTERM');
}

/** Runs the CLI to its end: exit code and both outputs. */
async function runToEnd(args: string[]) {
	const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const [code] = await once(child, 'exit');
	return { code: code as number, stdout, stderr };
}

describe('the CLI chooses a dialect', () => {
	it('--dialect NAME: the summary names it, IDs and errors follow it', async () => {
		const strict = DIALECT_PRESETS.find((p) => p.name === 'strict')!;
		await withCli(['--dialect', 'strict'], async (summary) => {
			assert.deepEqual(summary.dialect, { name: 'strict', ...strict.dialect });
			assert.match(summary.businessAccountId, /^ba_[A-Za-z0-9]{12}$/);
			const response = await fetch(`${summary.baseUrl}/999`, {
				headers: { apikey: summary.apiKey },
			});
			assert.equal(response.status, 404);
			const body = (await response.json()) as Record<string, unknown>;
			assert.deepEqual([body.code, body.status, body.error_code], [404, 'FAILURE', 803]);
			const account = await fetch(`${summary.baseUrl}/${summary.businessAccountId}?fields=name`, {
				headers: { apikey: summary.apiKey },
			});
			assert.deepEqual(await account.json(), { name: 'Acme Coffee Roasters' });
		});
	});

	it('knob flags change the preset, and page maxima the page sizes', async () => {
		await withCli(
			[
				'--dialect',
				'graph-full',
				'--dialect-error-shape',
				'text',
				'--dialect-not-found-status',
				'400',
				'--dialect-strict-fields',
				'true',
				'--template-page-max',
				'5',
			],
			async (summary) => {
				assert.equal(summary.dialect?.name, 'custom');
				assert.equal(summary.dialect?.errorShape, 'text');
				assert.equal(summary.dialect?.notFoundStatus, 400);
				assert.equal(summary.dialect?.strictFields, true);
				const config = (await (
					await fetch(summary.baseUrl.replace(/\/v3$/, '/_sandbox/config'))
				).json()) as ConfigView;
				assert.deepEqual(config.templatePageSize, { default: 5, max: 5 });
				assert.deepEqual(config.dialect, summary.dialect);
				const response = await fetch(`${summary.baseUrl}/999`, {
					headers: { apikey: summary.apiKey },
				});
				assert.equal(response.status, 400);
				assert.match(await response.text(), /^Error 100: Unsupported get request\. Object "999"/);
			},
		);
	});

	it('the text summary names the dialect and the knobs it changes', async () => {
		const child = spawn(process.execPath, [CLI, '--port', '0', '--dialect', 'html-gateway'], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let text = '';
		child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
		try {
			await new Promise<void>((resolve) =>
				child.stdout.on('data', () => text.includes('Press Ctrl-C') && resolve()),
			);
			assert.match(
				text,
				/Dialect\s+html-gateway \(errorShape html, notFoundStatus 400, strictFields true, nameFilter false, beforeCursors false\)/,
			);
		} finally {
			child.kill('SIGTERM');
		}
		await once(child, 'exit');
	});

	it('refuses unknown presets and values with a clear message', async () => {
		const cases: [string[], RegExp][] = [
			[['--dialect', 'klingon'], /--dialect must be one of default, graph-full/],
			[['--dialect-error-shape', 'xml'], /--dialect-error-shape must be one of graph, graphFull/],
			[['--dialect-id-style', 'uuid'], /--dialect-id-style must be one of digits, opaque/],
			[['--template-page-max', '0'], /--template-page-max must be a whole number from 1/],
		];
		for (const [args, message] of cases) {
			const { code, stderr } = await runToEnd(['--port', '0', ...args]);
			assert.equal(code, 1, args.join(' '));
			assert.match(stderr, message);
		}
	});

	it('--help lists every preset and every knob flag with its values', async () => {
		const { code, stdout } = await runToEnd(['--help']);
		assert.equal(code, 0);
		for (const name of DIALECT_NAMES) assert.ok(stdout.includes(name), name);
		for (const [knob, { values }] of Object.entries(DIALECT_KNOBS)) {
			const flag = `--dialect-${knob.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
			assert.ok(stdout.includes(`${flag} ${values.join('|')}`), flag);
		}
		assert.match(stdout, /--template-page-max N/);
		assert.match(stdout, /--product-page-max N/);
	});
});
