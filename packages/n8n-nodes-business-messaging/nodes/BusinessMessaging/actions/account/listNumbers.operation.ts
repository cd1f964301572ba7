import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { retrySettings } from '../../helpers/requestOptions';
import { apiRequest } from '../../transport';

export const description: INodeProperties[] = [];

/** One item per number the API key can use (GET /getuserdetails). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const response = await apiRequest.call(
		this,
		{ method: 'GET', path: '/getuserdetails' },
		{ itemIndex, retry: retrySettings.call(this, itemIndex) },
	);
	return ((response.data as IDataObject[] | undefined) ?? []).map((number) => ({ json: number }));
}
