import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { getRoutingRoles } from '../../../common/api/routing';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { locatorValue } from '../../../common/parameters';

const properties: INodeProperties[] = [phoneNumberLocator()];

export const description = updateDisplayOptions(
	forOperation('account', 'getRoutingRoles'),
	properties,
);

/**
 * This app's roles on the number under Meta's conversation routing (common/api/routing.ts), and
 * a warning when another app gets its customers' messages.
 */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', item.itemIndex);
	return [{ json: { ...(await getRoutingRoles.call(this, phoneNumberId, item.request)) } }];
}
