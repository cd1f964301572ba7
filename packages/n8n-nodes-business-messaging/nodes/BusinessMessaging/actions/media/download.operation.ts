import { type INodeProperties } from 'n8n-workflow';
import { downloadMedia } from '../../../common/api/media';
import { binaryItem } from '../../../common/binary';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { locatorValue, mediaIdValue } from '../../../common/parameters';
import { mediaIdField, outputBinaryField } from '../../../common/fields/media';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	{ ...phoneNumberLocator(), description: 'The number that received or uploaded the file' },
	mediaIdField,
	outputBinaryField,
];

export const description = updateDisplayOptions(forOperation('media', 'download'), properties);

/** The file of a media ID (4.6), streamed into the item's binary data. */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const mediaId = mediaIdValue.call(this, itemIndex);
	const binaryProperty = String(
		this.getNodeParameter('binaryPropertyName', itemIndex, 'data'),
	).trim();
	const file = await downloadMedia.call(
		this,
		{ mediaId, phoneNumberId },
		item.request,
		async (download) =>
			await binaryItem.call(this, download, {
				binaryProperty,
				fileBase: mediaId,
				json: { mediaId },
			}),
	);
	return [file];
};
