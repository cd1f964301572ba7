import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { getMediaInfo } from '../../../common/api/media';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { checkedId, locatorValue } from '../../../common/parameters';
import { mediaIdField } from '../../../common/fields/media';

const properties: INodeProperties[] = [
	{ ...phoneNumberLocator(), description: 'The number that received or uploaded the file' },
	mediaIdField,
];

export const description = updateDisplayOptions(forOperation('media', 'getUrl'), properties);

/** A media ID's download URL (valid 5 minutes, for Download From URL), type, size and hash. */
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
	const info = await getMediaInfo.call(this, { mediaId, phoneNumberId }, item.request);
	return [{ json: { ...info, phoneNumberId } }];
}
