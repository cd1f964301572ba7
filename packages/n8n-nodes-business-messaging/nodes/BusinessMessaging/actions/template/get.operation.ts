import type { INodeProperties } from 'n8n-workflow';
import { getTemplate } from '../../../common/api/templates';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { businessAccountLocator, templateLocator } from '../../../common/fields/locators';
import { locatorValue } from '../../../common/parameters';
import { templateIdOf } from '../../../common/templates/byName';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [businessAccountLocator(), templateLocator()];

export const description = updateDisplayOptions(forOperation('template', 'get'), properties);

/** One template as the API returns it (4.3). */
export const execute: ItemExecute = async function (item) {
	const templateId = await templateIdOf.call(this, item, async () =>
		locatorValue.call(this, 'businessAccountId', item.itemIndex),
	);
	return [{ json: await getTemplate.call(this, templateId, item.request) }];
};
