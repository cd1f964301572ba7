import type { IExecuteFunctions } from 'n8n-workflow';
import { ProcessHandovers, type HandoverStore } from '../../../common/store/chatHandovers';
import { DataTables } from '../../../common/store/dataTables';
import { HandoverTable } from '../../../common/store/handoverTable';
import { STATE_FIELD, THROUGH_FIELD, type KeptIn, type Through } from './handoverFields';

/**
 * Where Hand Over and Hand Back record the chat's state: the same place the trigger reads it
 * (common/store/chatHandovers.ts), this process's memory or n8n's database through the State
 * credential. A run's items share one store.
 */
export function keptIn(this: IExecuteFunctions, itemIndex: number): KeptIn {
	return this.getNodeParameter(STATE_FIELD, itemIndex, 'process') === 'database'
		? 'database'
		: 'process';
}

export function through(this: IExecuteFunctions, itemIndex: number): Through {
	return this.getNodeParameter(THROUGH_FIELD, itemIndex, 'state') === 'routing'
		? 'routing'
		: 'state';
}

export async function handoverStore(
	this: IExecuteFunctions,
	where: KeptIn,
): Promise<HandoverStore> {
	return where === 'database'
		? new HandoverTable(await DataTables.of(this))
		: new ProcessHandovers();
}

/** The chat's time, as the trigger's items give it. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();
