import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation: its fields and what it does for one input item. */
export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
}

/** Shorthand for the `show` of an operation's fields. */
export function showFor(resource: string, operation: string) {
	return { resource: [resource], operation: [operation] };
}
