#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { startSandbox } from './index';
import type { Seed } from './seed';

/** `sandbox [--port 4010] [--host 127.0.0.1] [--api-key KEY] [--seed file.json] [--json]` */
async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: '4010' },
			host: { type: 'string', default: '127.0.0.1' },
			'api-key': { type: 'string' },
			seed: { type: 'string' },
			'review-delay': { type: 'string' },
			webhook: { type: 'string' },
			'webhook-secret': { type: 'string' },
			json: { type: 'boolean', default: false },
			help: { type: 'boolean', default: false },
		},
	});
	if (values.help) {
		console.log(`Usage: sandbox [options]
  --port N             port on 127.0.0.1 (default 4010; 0 picks a free one)
  --host H             address to listen on (default 127.0.0.1)
  --api-key KEY        the demo API key (default sandbox-demo-key)
  --seed FILE          load this seed (JSON, see the sandbox README) instead of the demo
  --review-delay MS    template review delay (default 10000)
  --webhook URL        deliver events to this URL
  --webhook-secret S   sign deliveries (X-Hub-Signature-256)
  --json               print one JSON line instead of the text summary`);
		return;
	}
	const port = Number(values.port);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new Error(`--port must be 0..65535 (got ${values.port})`);
	const seed = values.seed ? (JSON.parse(readFileSync(values.seed, 'utf8')) as Seed) : undefined;
	const config =
		values['review-delay'] === undefined
			? undefined
			: { reviewDelayMs: Number(values['review-delay']) };
	const sandbox = await startSandbox({
		port,
		host: values.host,
		apiKey: values['api-key'],
		seed,
		config,
	});
	if (values.webhook)
		sandbox.state.webhooks.target = {
			url: values.webhook,
			headers: {},
			secret: values['webhook-secret'],
		};

	const summary = {
		baseUrl: sandbox.baseUrl,
		apiKey: sandbox.apiKey,
		businessAccountId: sandbox.businessAccountId,
		phoneNumberIds: sandbox.phoneNumberIds,
		catalogId: sandbox.catalogId,
		mediaIds: sandbox.mediaIds,
	};
	if (values.json) {
		console.log(JSON.stringify(summary));
	} else {
		console.log(`Business messaging sandbox is running.

  Base URL             ${summary.baseUrl}
  API key              ${summary.apiKey}   (send it in the "apikey" header)
  Business account ID  ${summary.businessAccountId}
  Phone number IDs     ${summary.phoneNumberIds.join(', ')}
  Catalog ID           ${summary.catalogId}
  Media IDs            ${summary.mediaIds.join(', ')}
  Control API          ${sandbox.controlUrl}/   (reset, clock, webhook, faults: see packages/sandbox/README.md)

Try: curl -H "apikey: ${summary.apiKey}" ${summary.baseUrl}/getuserdetails
Press Ctrl-C to stop.`);
	}
	const stop = () => {
		void sandbox.close().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(`sandbox: ${(error as Error).message}`);
	process.exit(1);
});
