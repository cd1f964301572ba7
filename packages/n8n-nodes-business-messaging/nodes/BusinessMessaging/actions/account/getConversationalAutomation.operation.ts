import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { getConversationalAutomation } from '../../../common/api/conversationalAutomation';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { locatorValue } from '../../../common/parameters';

const properties: INodeProperties[] = [phoneNumberLocator()];

export const description = updateDisplayOptions(
	forOperation('account', 'getConversationalAutomation'),
	properties,
);

/** The number's ice breakers, commands and welcome message setting, as the API gives them. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const phoneNumberId = locatorValue.call(this, 'phoneNumberId', item.itemIndex);
	const automation = await getConversationalAutomation.call(this, phoneNumberId, item.request);
	return [{ json: { ...automation, phoneNumberId } }];
}
