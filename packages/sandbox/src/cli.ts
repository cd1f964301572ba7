#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { DIALECT_KNOB_NAMES, DIALECT_KNOBS, knobFromText, type DialectKnob } from './dialect';
import { DIALECT_NAMES, type DialectSpec } from './dialectPresets';
import { startSandbox } from './index';
import type { Seed } from './seed';

/** `--dialect-error-shape` for the knob errorShape. */
const knobFlag = (knob: DialectKnob) =>
	`dialect-${knob.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** `sandbox [--port 4010] [--host 127.0.0.1] [--api-key KEY] [--seed file.json] [--json]` */
async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: '4010' },
			host: { type: 'string', default: '127.0.0.1' },
			'api-key': { type: 'string' },
			seed: { type: 'string' },
			'review-delay': { type: 'string' },
			'send-rate': { type: 'string' },
			webhook: { type: 'string' },
			'webhook-secret': { type: 'string' },
			dialect: { type: 'string' },
			...Object.fromEntries(
				DIALECT_KNOB_NAMES.map((knob) => [knobFlag(knob), { type: 'string' as const }]),
			),
			'template-page-max': { type: 'string' },
			'product-page-max': { type: 'string' },
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
  --send-rate N        a number sends at most N messages a second (code 130429 over it;
                       default: no limit; the Cloud API's default is 80)
  --webhook URL        deliver events to this URL
  --webhook-secret S   sign deliveries (X-Hub-Signature-256)
  --json               print one JSON line instead of the text summary

Dialect: how the API answers where the contract says "not shown" (see the sandbox README).
A reset comes back to the dialect given here.
  --dialect NAME       a preset: ${DIALECT_NAMES.join(', ')}
${DIALECT_KNOB_NAMES.map(
	(knob) =>
		`  --${knobFlag(knob)} ${DIALECT_KNOBS[knob].values.join('|')}\n      ${DIALECT_KNOBS[knob].about}`,
).join('\n')}
  --template-page-max N  at most N templates a page (default 100; a larger limit is lowered)
  --product-page-max N   at most N products a page (default 1000)
Knob flags change the preset given with --dialect (or the default one).`);
		return;
	}
	const port = Number(values.port);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new Error(`--port must be 0..65535 (got ${values.port})`);
	const seed = values.seed ? (JSON.parse(readFileSync(values.seed, 'utf8')) as Seed) : undefined;
	const sendRate = values['send-rate'] === undefined ? undefined : Number(values['send-rate']);
	if (sendRate !== undefined && !(Number.isFinite(sendRate) && sendRate >= 0))
		throw new Error(
			`--send-rate must be a number of messages a second (got ${values['send-rate']})`,
		);
	const config = {
		...(values['review-delay'] === undefined
			? {}
			: { reviewDelayMs: Number(values['review-delay']) }),
		...(sendRate === undefined ? {} : { sendRate: { perSecond: sendRate, burst: 0 } }),
	};
	const sandbox = await startSandbox({
		port,
		host: values.host,
		apiKey: values['api-key'],
		seed,
		config,
		dialect: dialectOf(values),
	});
	if (values.webhook)
		sandbox.state.webhooks.target = {
			url: values.webhook,
			headers: {},
			secret: values['webhook-secret'],
		};

	// The dialect is told only when one was chosen: the default summary stays as it always was.
	const chosen = sandbox.dialect.name !== 'default';
	const summary = {
		baseUrl: sandbox.baseUrl,
		apiKey: sandbox.apiKey,
		businessAccountId: sandbox.businessAccountId,
		phoneNumberIds: sandbox.phoneNumberIds,
		catalogId: sandbox.catalogId,
		mediaIds: sandbox.mediaIds,
		...(chosen ? { dialect: sandbox.dialect } : {}),
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
  Media IDs            ${summary.mediaIds.join(', ')}${chosen ? `\n  Dialect              ${dialectLine(sandbox.dialect)}` : ''}
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

/** The dialect the flags ask for (undefined: the default). */
function dialectOf(values: Record<string, string | boolean | undefined>): DialectSpec | undefined {
	const spec: Record<string, unknown> = {};
	if (values.dialect !== undefined) {
		if (!(DIALECT_NAMES as readonly unknown[]).includes(values.dialect))
			throw new Error(
				`--dialect must be one of ${DIALECT_NAMES.join(', ')} (got ${values.dialect})`,
			);
		spec.name = values.dialect;
	}
	for (const knob of DIALECT_KNOB_NAMES) {
		const text = values[knobFlag(knob)];
		if (typeof text !== 'string') continue;
		const value = knobFromText(knob, text);
		if (value === undefined)
			throw new Error(
				`--${knobFlag(knob)} must be one of ${DIALECT_KNOBS[knob].values.join(', ')} (got ${text})`,
			);
		spec[knob] = value;
	}
	for (const [flag, setting] of [
		['template-page-max', 'templatePageSize'],
		['product-page-max', 'productPageSize'],
	] as const) {
		const text = values[flag];
		if (typeof text !== 'string') continue;
		const max = Number(text);
		if (!Number.isInteger(max) || max < 1)
			throw new Error(`--${flag} must be a whole number from 1 (got ${text})`);
		spec[setting] = { max };
	}
	return Object.keys(spec).length === 0 ? undefined : (spec as DialectSpec);
}

/** `strict (errorShape flat, strictFields true, …)`: the knobs that differ from the default. */
function dialectLine(dialect: Record<string, unknown>): string {
	const changed = DIALECT_KNOB_NAMES.filter((k) => dialect[k] !== DIALECT_KNOBS[k].values[0]);
	return `${String(dialect.name)}${changed.length ? ` (${changed.map((k) => `${k} ${String(dialect[k])}`).join(', ')})` : ''}`;
}

main().catch((error: unknown) => {
	console.error(`sandbox: ${(error as Error).message}`);
	process.exit(1);
});
