import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { locatorValue, phoneNumberLocator } from '../../helpers/locators';
import { retrySettings } from '../../helpers/requestOptions';
import { apiPath, apiRequest } from '../../transport';
import { showFor } from '../types';
import { mediaIdField } from './download.operation';

const show = showFor('media', 'delete');

export const description: INodeProperties[] = [
	{ ...phoneNumberLocator(show), description: 'The number that received or uploaded the file' },
	mediaIdField(show),
	{
		displayName:
			'After deletion the media ID cannot be used anywhere; messages already sent keep their copy.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
];

/** DELETE /{media_id}?phone_number_id (4.6). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const mediaId = String(this.getNodeParameter('mediaId', itemIndex, '')).trim();
	if (!mediaId) throw new NodeOperationError(node, 'Media ID is required', { itemIndex });
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const result = await apiRequest.call(
		this,
		{ method: 'DELETE', path: apiPath(node, mediaId), qs: { phone_number_id: phoneNumberId } },
		{ itemIndex, retry: retrySettings.call(this, itemIndex) },
	);
	return [{ json: { ...result, mediaId } }];
}
