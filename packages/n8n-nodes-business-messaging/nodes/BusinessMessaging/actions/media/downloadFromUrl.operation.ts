import { NodeOperationError, type INodeProperties } from 'n8n-workflow';
import { downloadMediaUrl, mediaIdOfUrl } from '../../../common/api/media';
import { binaryItem } from '../../../common/binary';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { outputBinaryField } from '../../../common/fields/media';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		required: true,
		placeholder:
			'e.g. https://api.example.com/v3/chat_business/attachments/?mid=...&ext=...&hash=...',
		description: 'The media URL exactly as the API returned it',
		hint: 'Media URLs are valid for 5 minutes, and only on the API’s own address',
	},
	outputBinaryField,
];

export const description = updateDisplayOptions(
	forOperation('media', 'downloadFromUrl'),
	properties,
);

/** A media URL (4.6): the API key goes along only when the URL is on the credential's base URL. */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const url = String(this.getNodeParameter('url', itemIndex, '')).trim();
	if (!url) throw new NodeOperationError(this.getNode(), 'URL is required', { itemIndex });
	const binaryProperty = String(
		this.getNodeParameter('binaryPropertyName', itemIndex, 'data'),
	).trim();
	const file = await downloadMediaUrl.call(this, url, item.request, async (download) => {
		const mediaId = mediaIdOfUrl(url);
		return await binaryItem.call(this, download, {
			binaryProperty,
			fileBase: mediaId,
			json: { mediaId },
		});
	});
	return [file];
};
