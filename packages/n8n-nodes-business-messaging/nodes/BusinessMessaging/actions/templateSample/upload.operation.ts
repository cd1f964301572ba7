import type { INodeProperties } from 'n8n-workflow';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { uploadSample } from '../../../common/templates/sampleUpload';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input item’s binary field holding the file (JPEG, PNG, MP4 or PDF)',
	},
];

export const description = updateDisplayOptions(
	forOperation('templateSample', 'upload'),
	properties,
);

/** Both steps of 4.5; outputs the handle `h` for a media header's example.header_handle. */
export const execute: ItemExecute = async function (item) {
	const property = String(
		this.getNodeParameter('binaryPropertyName', item.itemIndex, 'data'),
	).trim();
	const sample = await uploadSample.call(this, item, property);
	return [
		{
			json: {
				h: sample.h,
				...(sample.fileName ? { fileName: sample.fileName } : {}),
				mimeType: sample.mimeType,
				fileSize: sample.fileSize,
			},
		},
	];
};
