import { type INodeProperties } from 'n8n-workflow';
import { deleteMedia } from '../../../common/api/media';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { locatorValue, mediaIdValue } from '../../../common/parameters';
import { mediaIdField } from '../../../common/fields/media';
import type { ItemExecute } from '../types';

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
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const mediaId = mediaIdValue.call(this, itemIndex);
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const result = await deleteMedia.call(this, { mediaId, phoneNumberId }, item.request);
	return [{ json: { ...result, mediaId } }];
};
