import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { senderLocator } from '../../../common/fields/conversation';
import { customerField } from '../../../common/fields/recipient';
import { customerValue } from '../../../common/parameters';
import { senderOf } from '../../../common/sender';
import type { Context, RequestContext } from '../../../common/transport';
import type { ItemOperation } from '../types';

/** How the API blocks or unblocks a customer of a number (common/api/blockUsers.ts). */
type ChangeBlock = (
	this: Context,
	phoneNumberId: string,
	user: string,
	request?: RequestContext,
) => Promise<IDataObject>;

/**
 * Block User or Unblock User: one customer per item, of the number they wrote to; `customer`
 * describes the Customer field.
 */
export function customerBlockOperation(
	operation: string,
	customer: string,
	change: ChangeBlock,
): ItemOperation {
	const properties: INodeProperties[] = [
		// Empty, as Send Text's Sender: the number the customer wrote to (the trigger's item names it).
		{
			...senderLocator(
				'The business number the customer wrote to. Empty: the number of the trigger’s item.',
			),
			displayName: 'Phone Number',
			hint: 'Leave empty for the number the customer wrote to (the trigger’s phoneNumberId)',
		},
		customerField(customer),
	];
	return {
		description: updateDisplayOptions(forOperation('account', operation), properties),
		async execute(this: IExecuteFunctions, item: ItemContext) {
			const { itemIndex } = item;
			const { phoneNumberId } = senderOf.call(this, itemIndex, 'Phone Number');
			const user = customerValue.call(this, itemIndex);
			return [{ json: await change.call(this, phoneNumberId, user, item.request) }];
		},
	};
}
