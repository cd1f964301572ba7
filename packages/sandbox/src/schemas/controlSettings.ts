import { DIALECT_KNOBS } from '../dialect';
import { DIALECT_NAMES } from '../dialectPresets';
import { FAULT_KINDS } from '../faults';
import { acknowledged, answers, closed, int, str, strings, type Schema } from './common';

/** Schemas of the control API's clock, settings, faults and request log (routes/control/settings.ts). */

const delay: Schema = { type: 'number', minimum: 0 };
const clock: Schema = closed({ now: int, iso: str, offsetMs: { type: 'number' } }, [
	'now',
	'iso',
	'offsetMs',
]);

export const clockSchema = {
	summary: 'The sandbox clock (ms since the epoch) and its offset from the real one',
	response: answers(clock),
};

export const advanceClockSchema = {
	summary: 'Move the clock forward; background work that falls due runs',
	body: closed({ ms: delay, seconds: delay, minutes: delay, hours: delay, days: delay }),
	response: answers(clock),
};

const pageSize: Schema = closed({ default: delay, max: delay });
/** config.ts SandboxConfig. */
const settings: Record<string, Schema> = {
	reviewDelayMs: delay,
	reviewOutcome: { type: 'string', enum: ['auto', 'APPROVED', 'REJECTED'] },
	rejectedReason: str,
	batchDelayMs: delay,
	receiptDelaysMs: closed({ sent: delay, delivered: delay, read: delay }),
	refundDelayMs: delay,
	mediaUrlTtlMs: delay,
	templatePageSize: pageSize,
	productPageSize: pageSize,
	maxBatchRequests: delay,
	maxSampleBytes: delay,
	maxMediaBytes: delay,
	webhookRetryDelaysMs: { type: 'array', items: delay },
	webhookTimeoutMs: delay,
	webhookConcurrency: { type: 'integer', minimum: 0, description: '0: no limit' },
	sendRate: closed({
		perSecond: { ...delay, description: 'Messages a number sends per second; 0: no limit' },
		burst: { ...delay, description: 'Sends at once above the pace; 0: one second of sends' },
	}),
	pairRate: closed({
		messages: { ...delay, description: 'Messages to one customer in perSeconds; 0: no limit' },
		perSeconds: delay,
	}),
	withheldNumber: {
		type: 'string',
		enum: ['omit', 'empty'],
		description:
			'The number of a customer known only by user ID: left out of deliveries (omit, 2026) or empty strings (empty, December 2025)',
	},
};

/** dialect.ts: every knob and its values. */
const knobs: Record<string, Schema> = Object.fromEntries(
	Object.entries(DIALECT_KNOBS).map(([name, knob]) => [
		name,
		{ enum: [...knob.values], description: knob.about },
	]),
);
const presetName: Schema = { type: 'string', enum: [...DIALECT_NAMES] };
/** The dialect in force: the preset it equals (or "custom") and every knob. */
const dialectView: Schema = closed(
	{ name: { type: 'string', enum: [...DIALECT_NAMES, 'custom'] }, ...knobs },
	['name', ...Object.keys(knobs)],
);
/** A dialect as given: a preset's name, or knobs over a preset (`name`) or over the one in force. */
const dialectChange: Schema = {
	anyOf: [
		presetName,
		closed({
			name: { type: 'string', enum: [...DIALECT_NAMES, 'custom'] },
			...knobs,
			templatePageSize: pageSize,
			productPageSize: pageSize,
		}),
	],
};

export const configSchema = {
	summary: 'The settings, and the dialect in force',
	response: answers(closed({ ...settings, dialect: dialectView })),
};

export const changeConfigSchema = {
	summary:
		'Change settings (objects are merged) or the dialect (a preset also sets the page sizes); a refused request changes none',
	body: closed({ ...settings, dialect: dialectChange }),
	response: answers(closed({ ...settings, dialect: dialectView })),
};

/** faults.ts FaultRule, as given and as listed. */
const faultRule: Schema = {
	type: 'object',
	required: ['kind'],
	properties: {
		kind: { type: 'string', enum: [...FAULT_KINDS] },
		method: str,
		path: { type: 'string', description: 'A regular expression over the path after /v3' },
		rate: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
		count: int,
		status: { type: 'integer', minimum: 400, maximum: 599 },
		retryAfter: { type: 'number' },
		latencyMs: { type: 'number' },
		bytesPerSecond: { type: 'number' },
		after: { type: 'boolean' },
	},
};
const listedRule: Schema = {
	type: 'object',
	required: ['id', 'kind', 'rate', 'hits'],
	properties: {
		id: int,
		kind: { type: 'string', enum: [...FAULT_KINDS] },
		method: str,
		path: str,
		rate: { type: 'number' },
		remaining: { type: 'number' },
		status: int,
		retryAfter: { type: 'number' },
		latencyMs: { type: 'number' },
		bytesPerSecond: { type: 'number' },
		after: { type: 'boolean' },
		hits: int,
	},
	additionalProperties: false,
};
const rules: Schema = answers(closed({ data: { type: 'array', items: listedRule } }, ['data']));

export const faultsSchema = { summary: 'The fault rules', response: rules };

export const addFaultsSchema = {
	summary: 'Add fault rules: one, or {faults: one or a list, seed} (seed makes rates repeatable)',
	body: {
		anyOf: [
			faultRule,
			{
				type: 'object',
				required: ['faults'],
				properties: {
					faults: { anyOf: [faultRule, { type: 'array', items: faultRule }] },
					seed: { type: 'number' },
				},
			},
		],
	},
	response: rules,
};

export const clearFaultsSchema = {
	summary: 'Remove every fault rule',
	response: answers(acknowledged),
};

export const requestsSchema = {
	summary: 'What the API received (the apikey shown by its label)',
	querystring: strings({ since: 'Only requests after this seq' }),
	response: answers(
		closed(
			{
				data: {
					type: 'array',
					items: closed(
						{
							seq: int,
							time: int,
							method: str,
							url: str,
							headers: { type: 'object', additionalProperties: true },
							body: str,
							bodyBytes: int,
							status: int,
							fault: str,
						},
						['seq', 'time', 'method', 'url', 'headers'],
					),
				},
			},
			['data'],
		),
	),
};

export const clearRequestsSchema = {
	summary: 'Empty the request log',
	response: answers(acknowledged),
};
