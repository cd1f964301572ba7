import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { getBusinessProfile } from '../../../common/api/businessProfile';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { locatorValue } from '../../../common/parameters';

const properties: INodeProperties[] = [phoneNumberLocator()];

export const description = updateDisplayOptions(
	forOperation('account', 'getBusinessProfile'),
	properties,
);

/** The number's business profile as the API returns it, every field asked for. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', item.itemIndex);
	const profile = await getBusinessProfile.call(this, phoneNumberId, item.request);
	return [{ json: { ...profile, phoneNumberId } }];
}
