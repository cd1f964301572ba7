import {
	NodeApiError,
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';
import * as account from './account/Account.resource';
import * as media from './media/Media.resource';
import * as message from './message/Message.resource';
import * as payment from './payment/Payment.resource';
import * as product from './product/Product.resource';
import * as template from './template/Template.resource';
import * as templateSample from './templateSample/TemplateSample.resource';
import { concurrency } from '../helpers/requestOptions';
import { asNodeError } from '../transport/nodeError';
import type { Operation } from './types';

const resources: Record<string, Record<string, Operation>> = {
	account: account.operations,
	media: media.operations,
	message: message.operations,
	payment: payment.operations,
	product: product.operations,
	template: template.operations,
	templateSample: templateSample.operations,
};

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
	const operation = resources[resource]?.[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	}
	if ('executeAll' in operation) return [await operation.executeAll.call(this)];
	const results: INodeExecutionData[][] = new Array(items.length);
	let next = 0;
	let failure: NodeApiError | NodeOperationError | undefined;
	const worker = async () => {
		while (failure === undefined && next < items.length) {
			const itemIndex = next++;
			try {
				const outputs = await operation.execute.call(this, itemIndex);
				results[itemIndex] = outputs.map((result) => ({
					...result,
					pairedItem: { item: itemIndex },
				}));
			} catch (error) {
				if (this.continueOnFail()) {
					results[itemIndex] = [
						{
							json: { error: (error as Error).message, ...errorDetails(error) },
							pairedItem: { item: itemIndex },
						},
					];
				} else {
					failure ??= asNodeError(this.getNode(), error, itemIndex);
				}
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency.call(this), items.length) }, worker));
	if (failure) throw failure;
	return [results.flat()];
}

function errorDetails(error: unknown): Record<string, string> {
	const details: Record<string, string> = {};
	const description = (error as { description?: unknown }).description;
	if (typeof description === 'string' && description) details.description = description;
	const httpCode = (error as { httpCode?: unknown }).httpCode;
	if (typeof httpCode === 'string' && httpCode) details.httpCode = httpCode;
	return details;
}
