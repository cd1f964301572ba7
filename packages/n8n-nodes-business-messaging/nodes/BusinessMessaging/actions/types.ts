import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation: its fields and what it does for one input item... */
export interface ItemOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
}

/** ...or for all input items at once (batches), pairing its outputs itself. */
export interface BatchOperation {
	description: INodeProperties[];
	executeAll(this: IExecuteFunctions): Promise<INodeExecutionData[]>;
}

export type Operation = ItemOperation | BatchOperation;

/** Shorthand for the `show` of an operation's fields. */
export function showFor(resource: string, operation: string) {
	return { resource: [resource], operation: [operation] };
}
