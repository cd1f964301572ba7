import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { unblockUser } from '../../../common/api/blockUsers';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { customerField } from '../../../common/fields/recipient';
import { customerValue, locatorValue } from '../../../common/parameters';

const properties: INodeProperties[] = [
	phoneNumberLocator(),
	customerField('The customer to unblock'),
];

export const description = updateDisplayOptions(forOperation('account', 'unblockUser'), properties);

/** Unblocks one customer per item: they can write to the number again, and it to them. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', itemIndex);
	const user = customerValue.call(this, itemIndex);
	return [{ json: await unblockUser.call(this, phoneNumberId, user, item.request) }];
}
