import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { unblockUser } from '../../../common/api/blockUsers';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { senderLocator } from '../../../common/fields/conversation';
import { customerField } from '../../../common/fields/recipient';
import { customerValue } from '../../../common/parameters';
import { senderOf } from '../../../common/sender';

const properties: INodeProperties[] = [
	// Empty, as Send Text's Sender: the number the customer wrote to (the trigger's item names it).
	{
		...senderLocator(
			'The business number the customer wrote to. Empty: the number of the trigger’s item.',
		),
		displayName: 'Phone Number',
		hint: 'Leave empty for the number the customer wrote to (the trigger’s phoneNumberId)',
	},
	customerField('The customer to unblock'),
];

export const description = updateDisplayOptions(forOperation('account', 'unblockUser'), properties);

/** Unblocks one customer per item: they can write to the number again, and it to them. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const { phoneNumberId } = senderOf.call(this, itemIndex, 'Phone Number');
	const user = customerValue.call(this, itemIndex);
	return [{ json: await unblockUser.call(this, phoneNumberId, user, item.request) }];
}
