import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { listNumbers } from '../../../common/api/account';
import type { ItemContext } from '../../../common/context';

export const description: INodeProperties[] = [];

/** One item per number the API key can use (4.1), as the API returns it. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	return (await listNumbers.call(this, item.request)).map((number) => ({ json: number }));
}
