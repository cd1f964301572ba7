import {
	NodeApiError,
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';
import { itemContext, type ItemContext } from '../../common/context';
import { phoneNumberIdHint } from './phoneNumberHint';
import { onceForKey } from '../../common/idempotency/idempotencyKey';
import { concurrency } from '../../common/parameters';
import { asNodeError, errorItem } from '../../common/transport/nodeError';
import { isNotFound } from '../../common/transport/outcome';
import { resources } from './resources';
import type { Operation } from './types';

/**
 * Runs the chosen operation once per input item, up to "Concurrency" items at a time. Outputs
 * keep the order of the input, and every output item is paired with its input item. With
 * "Continue On Fail" a failing item becomes an error item and the others go on; without it no
 * new item starts after a failure, the ones under way finish, and the failure is reported.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resource]?.operations[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	}
	refuseRetryOnFail(this, operation);
	if ('executeAll' in operation) return [await operation.executeAll.call(this)];
	const results: INodeExecutionData[][] = new Array(items.length);
	let next = 0;
	let failure: Error | undefined;
	const worker = async () => {
		while (failure === undefined && next < items.length) {
			const itemIndex = next++;
			let item: ItemContext | undefined;
			try {
				item = itemContext.call(this, itemIndex);
				const context = item;
				const outputs = operation.idempotencyKey
					? await onceForKey.call(this, context, () => operation.execute.call(this, context))
					: await operation.execute.call(this, item);
				results[itemIndex] = outputs.map((result) => ({
					...result,
					pairedItem: { item: itemIndex },
				}));
			} catch (caught) {
				const error = asNodeError(this.getNode(), caught, itemIndex);
				if (item) await withHints(this, error, item);
				if (!this.continueOnFail()) failure ??= error;
				else results[itemIndex] = [errorItem(error, { item: itemIndex })];
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency.call(this), items.length) }, worker));
	if (failure) throw failure;
	return [results.flat()];
}

/** A "not found" learns what the form suggests went wrong (a phone number typed as its ID). */
async function withHints(
	context: IExecuteFunctions,
	error: NodeApiError | NodeOperationError,
	item: ItemContext,
): Promise<void> {
	if (!(error instanceof NodeApiError) || !notFound(error)) return;
	const hint = await phoneNumberIdHint(context, item);
	if (hint) error.description = [error.description, hint].filter(Boolean).join(' ');
}

function notFound(error: NodeApiError): boolean {
	const { code, error_subcode: subcode } = (error.errorResponse ?? {}) as {
		code?: unknown;
		error_subcode?: unknown;
	};
	return isNotFound(Number(error.httpCode), {
		message: error.message,
		code: typeof code === 'number' ? code : undefined,
		subcode: typeof subcode === 'number' ? subcode : undefined,
	});
}

/**
 * n8n's "Retry On Fail" runs the whole node again after any failure: every item of a send or a
 * refund that had gone through would go out twice. Such operations refuse to run with it, and
 * say what to use instead; the node's own retries repeat only what cannot act twice.
 */
function refuseRetryOnFail(context: IExecuteFunctions, operation: Operation): void {
	const node = context.getNode();
	if (!operation.sideEffects || node.retryOnFail !== true) return;
	throw new NodeOperationError(
		node,
		'Turn off "Retry On Fail" in this node\'s settings: n8n would run it again after a failure and act twice',
		{
			description:
				'This operation sends, creates or refunds: running the whole node again repeats every item that had already gone through. The node retries by itself where that is safe (rate limits, requests that did not reach the API): set how often under Request Options › Max Retries.',
		},
	);
}
