import {
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import { deleteMedia } from '../../../common/api/media';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { checkedId, locatorValue } from '../../../common/parameters';
import { mediaIdField } from '../../../common/fields/media';

const properties: INodeProperties[] = [
	{ ...phoneNumberLocator(), description: 'The number that received or uploaded the file' },
	mediaIdField,
	{
		displayName:
			'After deletion the media ID cannot be used anywhere; messages already sent keep their copy.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions(forOperation('media', 'delete'), properties);

/** Deletes a media file (4.6); outputs the API's answer and the media ID. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const mediaId = checkedId(
		this.getNode(),
		'Media ID',
		this.getNodeParameter('mediaId', itemIndex, ''),
		itemIndex,
	);
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const result = await deleteMedia.call(this, { mediaId, phoneNumberId }, item.request);
	return [{ json: { ...result, mediaId } }];
}
