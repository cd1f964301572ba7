import { NodeApiError, NodeOperationError, type INode } from 'n8n-workflow';

/** n8n's own errors keep their details (and learn the item); anything else is wrapped. */
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
