import { createHash } from 'crypto';
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import type { ItemContext } from '../context';
import { nothingWentOut } from '../transport/apiError';
import { asNodeError } from '../transport/nodeError';

/**
 * Idempotency Key: a send or refund that runs again with the same key (a retried workflow, a
 * redelivered trigger event) does not act again and outputs the first run's result, marked as
 * a replay.
 *
 * Whether a key was used is kept in n8n's own deduplication store (`checkProcessedAndRecord`,
 * the store of the Remove Duplicates node): n8n's database, written the moment the key is
 * claimed, shared by all of n8n's processes, kept across restarts. The store keeps only a hash
 * of each key, so the first result itself is kept in this process's memory; a replay elsewhere
 * (another worker, after a restart) says it was sent, without the first output. Static data is
 * not used: an execution saves the workflow's static data whole when it ends, and would roll
 * back what the trigger recorded meanwhile.
 */

/** Keys remembered per node in n8n's store, the oldest forgotten first (Remove Duplicates' default). */
export const MAX_KEYS = 10_000;
/** First results remembered by this process. */
const MAX_RESULTS = 10_000;

export const idempotencyKeyOption: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: "e.g. {{ $json.dealId + '-welcome' }}",
	description:
		"A text that names this action once, e.g. the deal or order it is for. A later run with the same key (a retried workflow, a redelivered event) does not act again: it outputs the first run's result with idempotency.replayed = true. Kept for this node, the last 10,000 keys.",
};

const firstResults = new Map<string, INodeExecutionData[]>();
const underWay = new Map<string, Promise<unknown>>();

/** The item's key, or undefined when it has none. */
function keyOf(context: IExecuteFunctions, item: ItemContext): string | undefined {
	const { itemIndex } = item;
	const key = item.options().idempotencyKey;
	if (key === undefined || key === null || key === '') return undefined;
	if (typeof key !== 'string' && typeof key !== 'number')
		throw new NodeOperationError(
			context.getNode(),
			`Options › Idempotency Key must be a text, not ${Array.isArray(key) ? 'a list' : typeof key}`,
			{ itemIndex },
		);
	const text = String(key).trim();
	if (text === '' || text === 'undefined' || text === 'null' || text === '[object Object]')
		throw new NodeOperationError(
			context.getNode(),
			`Options › Idempotency Key is "${String(key)}": the expression found no value, and a missing key would make different items one`,
			{ itemIndex },
		);
	return text;
}

function marked(outputs: INodeExecutionData[], key: string, replayed: boolean) {
	return outputs.map((output) => ({
		...output,
		json: { ...output.json, idempotency: { key, replayed } },
	}));
}

/**
 * Runs `act` unless the item's key was used before by this node; then the first result again.
 * A run that failed before anything went out (refused by the API, a field rejected, the API not
 * reached) frees the key; one whose outcome is unknown (the connection broke after sending)
 * keeps it, so that nothing goes out twice.
 */
export async function onceForKey(
	this: IExecuteFunctions,
	item: ItemContext,
	act: () => Promise<INodeExecutionData[]>,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const key = keyOf(this, item);
	if (key === undefined) return await act();
	const scope = `${String(this.getWorkflow().id)}|${this.getNode().id}|${key}`;
	// Items of this run (or of runs beside it in this process) with the same key go one at a time.
	for (let running = underWay.get(scope); running; running = underWay.get(scope))
		await running.catch(() => undefined);
	const first = firstResults.get(scope);
	if (first) return marked(first, key, true);
	const done = claimAndAct.call(this, itemIndex, key, scope, act);
	underWay.set(scope, done);
	try {
		return await done;
	} finally {
		underWay.delete(scope);
	}
}

async function claimAndAct(
	this: IExecuteFunctions,
	itemIndex: number,
	key: string,
	scope: string,
	act: () => Promise<INodeExecutionData[]>,
): Promise<INodeExecutionData[]> {
	const options = { mode: 'entries' as const, maxEntries: MAX_KEYS };
	const claim = await this.helpers.checkProcessedAndRecord([key], 'node', options);
	if (claim.processed.length > 0)
		return [
			{
				json: {
					idempotency: { key, replayed: true },
					notice:
						'This key was used before (by another n8n process, before a restart, or by a run whose outcome was unknown): nothing was sent again. Check whether the first run took effect; its output is not kept here.',
				},
			},
		];
	let outputs: INodeExecutionData[];
	try {
		outputs = await act();
	} catch (error) {
		if (nothingWentOut(error) || partsKeepTheirClaims.has(error as object))
			await this.helpers.removeProcessed([key], 'node', options);
		throw asNodeError(this.getNode(), error, itemIndex);
	}
	firstResults.set(scope, outputs);
	if (firstResults.size > MAX_RESULTS) firstResults.delete(firstResults.keys().next().value!);
	return marked(outputs, key, false);
}

/**
 * The parts of one item's act, claimed one by one (Send Text's bubbles). With an Idempotency
 * Key, part n is claimed in n8n's store as `<key> › <version> › part <n>` just before it acts. A run that
 * fails part-way throws `partlyDone(error)`: the item's own key is freed, the parts that went
 * out (or may have) keep their claims, so a retry with the same key acts only on the others.
 * Once every part acted, the item's key holds the whole, and the parts' claims are let go.
 */
export interface PartClaims {
	/** Whether part `n` acts now; `earlier`: the result of the run that did it, if kept here. */
	claim(n: number): Promise<{ now: true } | { now: false; earlier?: IDataObject }>;
	/** Part `n` acted: its result, for a retry in this process. */
	done(n: number, result: IDataObject): void;
	/** Part `n` did not act (nothing went out): a retry acts on it. */
	free(n: number): Promise<void>;
	/** Every part acted: the item's key now answers for all of them. */
	allDone(parts: number): Promise<void>;
}

const partResults = new Map<string, IDataObject>();
/** Errors of runs that did part of their act (partlyDone). */
const partsKeepTheirClaims = new WeakSet<object>();

/**
 * The claims of an item's parts; undefined when the item has no Idempotency Key. `whole` names
 * what the parts make up (Send Text: the bubbles' texts): a retry with the same key but another
 * whole (an AI agent's new answer) claims other parts, so it never skips a bubble it did not send.
 */
export function partClaims(
	this: IExecuteFunctions,
	item: ItemContext,
	whole: string,
): PartClaims | undefined {
	const key = keyOf(this, item);
	if (key === undefined) return undefined;
	const version = createHash('sha256').update(whole).digest('base64url').slice(0, 16);
	const scope = `${String(this.getWorkflow().id)}|${this.getNode().id}|${key}|${version}`;
	const options = { mode: 'entries' as const, maxEntries: MAX_KEYS };
	const partKey = (n: number) => `${key} › ${version} › part ${n}`;
	return {
		claim: async (n) => {
			const claim = await this.helpers.checkProcessedAndRecord([partKey(n)], 'node', options);
			if (claim.processed.length === 0) return { now: true };
			return { now: false, earlier: partResults.get(`${scope} › ${n}`) };
		},
		done: (n, result) => {
			partResults.set(`${scope} › ${n}`, result);
			if (partResults.size > MAX_RESULTS) partResults.delete(partResults.keys().next().value!);
		},
		free: async (n) => await this.helpers.removeProcessed([partKey(n)], 'node', options),
		allDone: async (parts) => {
			const keys = Array.from({ length: parts }, (_, index) => partKey(index + 1));
			await this.helpers.removeProcessed(keys, 'node', options);
		},
	};
}

/** Marks the error of a run that did part of its act (see PartClaims); returns it. */
export function partlyDone<T extends object>(error: T): T {
	partsKeepTheirClaims.add(error);
	return error;
}
