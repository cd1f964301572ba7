import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INode,
	type INodeExecutionData,
} from 'n8n-workflow';

/**
 * The one way from a failure to the user: n8n's own errors keep their details (and learn the
 * item); anything else is wrapped. The transport makes the API's errors (toNodeError); every
 * other failure reaches n8n through this.
 */
export function asNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (itemIndex !== undefined) error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(node, error as Error, { itemIndex });
}

/**
 * The output item of a failure under "Continue On Fail": the message, and the description and
 * HTTP status where the error has them, next to what the operation knows of the item.
 */
export function errorItem(
	error: unknown,
	pairedItem: INodeExecutionData['pairedItem'],
	known: IDataObject = {},
): INodeExecutionData {
	const json: IDataObject = { error: (error as Error).message, ...known };
	const { description, httpCode } = error as { description?: unknown; httpCode?: unknown };
	if (typeof description === 'string' && description) json.description = description;
	if (typeof httpCode === 'string' && httpCode) json.httpCode = httpCode;
	return { json, pairedItem };
}
