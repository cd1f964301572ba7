import {
	NodeOperationError,
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
		if (nothingWentOut(error)) await this.helpers.removeProcessed([key], 'node', options);
		throw asNodeError(this.getNode(), error, itemIndex);
	}
	firstResults.set(scope, outputs);
	if (firstResults.size > MAX_RESULTS) firstResults.delete(firstResults.keys().next().value!);
	return marked(outputs, key, false);
}
