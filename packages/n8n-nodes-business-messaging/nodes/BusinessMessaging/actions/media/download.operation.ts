import {
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { downloadMedia } from '../../../common/api/media';
import { binaryItem } from '../../../common/binary';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { checkedId, locatorValue } from '../../../common/parameters';
import { mediaIdField, outputBinaryField } from '../../../common/fields/media';

const properties: INodeProperties[] = [
	{ ...phoneNumberLocator(), description: 'The number that received or uploaded the file' },
	mediaIdField,
	outputBinaryField,
];

export const description = updateDisplayOptions(forOperation('media', 'download'), properties);

/** The file of a media ID (4.6), streamed into the item's binary data. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const mediaId = checkedId(
		this.getNode(),
		'Media ID',
		this.getNodeParameter('mediaId', itemIndex, ''),
		itemIndex,
	);
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
}
