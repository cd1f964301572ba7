import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import {
	businessAccountLocator,
	locatorValue,
	templateIdOf,
	templateLocator,
} from '../../helpers/locators';
import { retrySettings } from '../../helpers/requestOptions';
import { apiPath, apiRequest } from '../../transport';
import { showFor } from '../types';

const show = showFor('template', 'get');

export const description: INodeProperties[] = [businessAccountLocator(show), templateLocator(show)];

/** GET /{template_id} (4.3). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const context = { itemIndex, retry: retrySettings.call(this, itemIndex) };
	const templateId = await templateIdOf.call(
		this,
		itemIndex,
		async () => locatorValue.call(this, 'businessAccountId', itemIndex),
		context,
	);
	const template = await apiRequest.call(
		this,
		{ method: 'GET', path: apiPath(this.getNode(), templateId) },
		context,
	);
	return [{ json: template as IDataObject }];
}
