import { Readable, Transform } from 'node:stream';
import { invalid } from './errors';
import { isObject, type Json } from './validate';

/**
 * Fault injection for tests of retries and error handling. Each rule matches requests by method
 * and path (a regular expression over the path after /v3) and fires at a rate, optionally only
 * `count` times. Kinds:
 * - status: answer `status` (e.g. 429 with Retry-After, 500, 503) before processing.
 * - error_in_200: answer HTTP 200 whose body reports a failure, before processing.
 * - reset: close the connection without an answer (before processing, or after with `after`).
 * - timeout: answer nothing for `latencyMs` then close (before processing, or after with `after`).
 * - latency: wait `latencyMs`, then answer normally.
 * - slow_body: answer normally, sending the body at `bytesPerSecond`.
 * - malformed_json: process normally, then answer a truncated JSON body (a file: half of it, then
 *   the connection closes short of its Content-Length).
 */
export const FAULT_KINDS = [
	'status',
	'error_in_200',
	'reset',
	'timeout',
	'latency',
	'slow_body',
	'malformed_json',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
	id: number;
	kind: FaultKind;
	method?: string;
	path?: string;
	rate: number;
	remaining?: number;
	status?: number;
	retryAfter?: number;
	latencyMs?: number;
	bytesPerSecond?: number;
	after?: boolean;
	hits: number;
}

/** Kinds whose effect comes after the request was processed. */
export function actsAfterProcessing(rule: FaultRule): boolean {
	return (
		rule.kind === 'slow_body' ||
		rule.kind === 'malformed_json' ||
		((rule.kind === 'reset' || rule.kind === 'timeout') && rule.after === true)
	);
}

export class FaultInjector {
	rules: FaultRule[] = [];
	private nextId = 1;
	private random = mulberry32(1);

	/** Parses and adds rules from the control API; returns the added rules. */
	add(raw: unknown, seed?: number): FaultRule[] {
		const list = Array.isArray(raw) ? raw : [raw];
		if (seed !== undefined) this.random = mulberry32(seed);
		const added = list.map((item, i) => this.parse(item, `faults[${i}]`));
		this.rules.push(...added);
		return added;
	}

	clear(): void {
		this.rules = [];
		this.random = mulberry32(1);
	}

	/** The rule that fires for this request, if any (consuming one of its `count`). */
	match(method: string, path: string): FaultRule | undefined {
		for (const rule of this.rules) {
			if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) continue;
			if (rule.path && !new RegExp(rule.path).test(path)) continue;
			if (rule.remaining !== undefined && rule.remaining <= 0) continue;
			if (rule.rate < 1 && this.random() >= rule.rate) continue;
			if (rule.remaining !== undefined) rule.remaining -= 1;
			rule.hits += 1;
			return rule;
		}
		return undefined;
	}

	private parse(item: unknown, path: string): FaultRule {
		if (!isObject(item)) throw invalid(path, 'must be a fault rule object');
		const r = item as Json;
		if (!(FAULT_KINDS as readonly string[]).includes(String(r.kind)))
			throw invalid(`${path}.kind`, `must be one of ${FAULT_KINDS.join(', ')}`);
		const kind = r.kind as FaultKind;
		const rate = r.rate === undefined ? 1 : Number(r.rate);
		if (!(rate > 0 && rate <= 1)) throw invalid(`${path}.rate`, 'must be above 0 and at most 1');
		if (r.path !== undefined) {
			try {
				new RegExp(String(r.path));
			} catch {
				throw invalid(`${path}.path`, 'must be a regular expression');
			}
		}
		const status =
			r.status === undefined ? (kind === 'status' ? 500 : undefined) : Number(r.status);
		if (status !== undefined && !(Number.isInteger(status) && status >= 400 && status <= 599))
			throw invalid(`${path}.status`, 'must be 400..599');
		return {
			id: this.nextId++,
			kind,
			method: r.method === undefined ? undefined : String(r.method),
			path: r.path === undefined ? undefined : String(r.path),
			rate,
			remaining: r.count === undefined ? undefined : Number(r.count),
			status,
			retryAfter: r.retryAfter === undefined ? undefined : Number(r.retryAfter),
			latencyMs:
				r.latencyMs === undefined
					? kind === 'timeout'
						? 30_000
						: kind === 'latency'
							? 1_000
							: undefined
					: Number(r.latencyMs),
			bytesPerSecond:
				r.bytesPerSecond === undefined
					? kind === 'slow_body'
						? 1024
						: undefined
					: Number(r.bytesPerSecond),
			after: r.after === true,
			hits: 0,
		};
	}
}

/** Sends a body at a fixed rate, in ten slices a second. */
export function throttle(payload: unknown, bytesPerSecond: number): Readable {
	const source =
		payload instanceof Readable
			? payload
			: Readable.from([Buffer.from(typeof payload === 'string' ? payload : String(payload ?? ''))]);
	const slice = Math.max(1, Math.floor(bytesPerSecond / 10));
	const pacer = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			const pieces: Buffer[] = [];
			for (let i = 0; i < chunk.length; i += slice) pieces.push(chunk.subarray(i, i + slice));
			const next = () => {
				const piece = pieces.shift();
				if (!piece) return done();
				this.push(piece);
				setTimeout(next, 100);
			};
			next();
		},
	});
	return source.pipe(pacer);
}

/** Passes the first `limit` bytes of a body, then calls `stop` (which closes the connection). */
export function cutOff(source: Readable, limit: number, stop: () => void): Readable {
	let sent = 0;
	const cutter = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			const room = limit - sent;
			if (room <= 0) return done();
			const piece = chunk.subarray(0, room);
			sent += piece.length;
			this.push(piece);
			if (sent >= limit) setTimeout(stop, 20);
			done();
		},
	});
	if (limit <= 0) setTimeout(stop, 20);
	return source.pipe(cutter);
}

function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
