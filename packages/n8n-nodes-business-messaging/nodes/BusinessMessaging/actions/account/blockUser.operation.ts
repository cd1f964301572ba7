import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { blockUser } from '../../../common/api/blockUsers';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { customerField } from '../../../common/fields/recipient';
import { customerValue, locatorValue } from '../../../common/parameters';

const properties: INodeProperties[] = [
	phoneNumberLocator(),
	customerField(
		'The customer to block: they must have written to this number in the last 24 hours',
	),
];

export const description = updateDisplayOptions(forOperation('account', 'blockUser'), properties);

/** Blocks one customer per item: they can no longer write to the number, nor it to them. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const user = customerValue.call(this, itemIndex);
	return [{ json: await blockUser.call(this, phoneNumberId, user, item.request) }];
}
