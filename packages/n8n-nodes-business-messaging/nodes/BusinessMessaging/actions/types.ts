import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ItemContext } from '../../common/context';

/** One operation: its fields and what it does for one input item... */
export interface ItemOperation {
	description: INodeProperties[];
	/** Whether running it twice acts twice (a send, a refund, a create): see the router. */
	sideEffects?: boolean;
	/** Whether it offers Options › Idempotency Key (common/idempotency): sends and refunds. */
	idempotencyKey?: boolean;
	execute(this: IExecuteFunctions, item: ItemContext): Promise<INodeExecutionData[]>;
}

/** An operation's work on one item; `this` is the node's run, as n8n gives it to execute(). */
export type ItemExecute = ItemOperation['execute'];

/** ...or for all input items at once (batches), pairing its outputs itself. */
export interface BatchOperation {
	description: INodeProperties[];
	sideEffects?: boolean;
	executeAll(this: IExecuteFunctions): Promise<INodeExecutionData[]>;
}

export type Operation = ItemOperation | BatchOperation;
