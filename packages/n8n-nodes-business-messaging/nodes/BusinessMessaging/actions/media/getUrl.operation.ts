import type { INodeProperties } from 'n8n-workflow';
import { getMediaInfo } from '../../../common/api/media';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { locatorValue, mediaIdValue } from '../../../common/parameters';
import { mediaIdField } from '../../../common/fields/media';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	{ ...phoneNumberLocator(), description: 'The number that received or uploaded the file' },
	mediaIdField,
];

export const description = updateDisplayOptions(forOperation('media', 'getUrl'), properties);

/** A media ID's download URL (valid 5 minutes, for Download From URL), type, size and hash. */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const mediaId = mediaIdValue.call(this, itemIndex);
	const info = await getMediaInfo.call(this, { mediaId, phoneNumberId }, item.request);
	return [{ json: { ...info, phoneNumberId } }];
};
