import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { getTemplate } from '../../../common/api/templates';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { businessAccountLocator, templateLocator } from '../../../common/fields/locators';
import { locatorValue } from '../../../common/parameters';
import { templateIdOf } from '../../../common/templates/byName';

const properties: INodeProperties[] = [businessAccountLocator(), templateLocator()];

export const description = updateDisplayOptions(forOperation('template', 'get'), properties);

/** One template as the API returns it (4.3). */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const templateId = await templateIdOf.call(this, item, async () =>
		locatorValue.call(this, 'businessAccountId', item.itemIndex),
	);
	return [{ json: await getTemplate.call(this, templateId, item.request) }];
}
