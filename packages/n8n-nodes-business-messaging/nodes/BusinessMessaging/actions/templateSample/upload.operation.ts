import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { retrySettings } from '../../helpers/requestOptions';
import { uploadSample } from '../../helpers/sampleUpload';
import { showFor } from '../types';

const show = showFor('templateSample', 'upload');

export const description: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input item’s binary field holding the file (JPEG, PNG, MP4 or PDF)',
		displayOptions: { show },
	},
];

/** Both steps of 4.5; outputs the handle `h` for a media header's example.header_handle. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const uploaded = await uploadSample.call(this, itemIndex, property, {
		itemIndex,
		retry: retrySettings.call(this, itemIndex),
	});
	return [{ json: { ...uploaded } }];
}
