import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { binaryItem } from '../../helpers/binaryDownload';
import { locatorValue, phoneNumberLocator } from '../../helpers/locators';
import { retrySettings } from '../../helpers/requestOptions';
import { apiDownload, apiPath } from '../../transport';
import { showFor } from '../types';

const show = showFor('media', 'download');

export const mediaIdField = (
	displayShow: NonNullable<INodeProperties['displayOptions']>['show'],
): INodeProperties => ({
	displayName: 'Media ID',
	name: 'mediaId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 1037543291543636',
	description: 'The ID of the file, e.g. from an incoming message of the trigger',
	displayOptions: { show: displayShow },
});

export const binaryPropertyField = (
	displayShow: NonNullable<INodeProperties['displayOptions']>['show'],
): INodeProperties => ({
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the output binary field to put the file in',
	displayOptions: { show: displayShow },
});

export const description: INodeProperties[] = [
	{ ...phoneNumberLocator(show), description: 'The number that received or uploaded the file' },
	mediaIdField(show),
	binaryPropertyField(show),
];

/** POST /downloadMedia/{media_id}?phone_number_id (4.6): the file, streamed into binary data. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const mediaId = String(this.getNodeParameter('mediaId', itemIndex, '')).trim();
	if (!mediaId) throw new NodeOperationError(node, 'Media ID is required', { itemIndex });
	const binaryProperty = String(
		this.getNodeParameter('binaryPropertyName', itemIndex, 'data'),
	).trim();
	const item = await apiDownload.call(
		this,
		{
			method: 'POST',
			path: apiPath(node, 'downloadMedia', mediaId),
			qs: { phone_number_id: phoneNumberId },
			idempotent: true,
		},
		{ itemIndex, retry: retrySettings.call(this, itemIndex) },
		async (download) =>
			await binaryItem.call(this, download, {
				binaryProperty,
				fileBase: mediaId,
				json: { mediaId },
			}),
	);
	return [item];
}
