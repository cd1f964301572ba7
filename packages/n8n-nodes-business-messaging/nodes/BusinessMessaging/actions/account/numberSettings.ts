import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { phoneNumberLocator } from '../../../common/fields/locators';
import { locatorValue } from '../../../common/parameters';
import type { Context, RequestContext } from '../../../common/transport';
import type { ItemOperation } from '../types';

/**
 * The Account operations on one setting of a number (its profile, its conversational automation,
 * its routing roles…): a Get reads it whole; an Update changes the Update Fields given.
 */

/** How the API reads the setting of a number (common/api). */
type ReadSetting = (
	this: Context,
	phoneNumberId: string,
	request?: RequestContext,
) => Promise<IDataObject>;

/** The Get operation `operation`: the number to read, and the setting as `read` gives it. */
export function numberSettingGet(operation: string, read: ReadSetting): ItemOperation {
	const properties: INodeProperties[] = [phoneNumberLocator()];
	return {
		description: updateDisplayOptions(forOperation('account', operation), properties),
		async execute(this: IExecuteFunctions, item: ItemContext) {
			const phoneNumberId = locatorValue.call(this, 'phoneNumberId', item.itemIndex);
			const setting = await read.call(this, phoneNumberId, item.request);
			return [{ json: { ...setting, phoneNumberId } }];
		},
	};
}

/** An Update's fields: the number, then Update Fields holding `options`, each shown when added. */
export function numberSettingUpdate(
	operation: string,
	options: INodeProperties[],
): INodeProperties[] {
	return updateDisplayOptions(forOperation('account', operation), [
		phoneNumberLocator(),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			description: 'What to change; the rest stays as it is',
			options,
		},
	]);
}

/** Refuses the item with `message`, which names the field and the rule. */
export type Refuse = (message: string) => Error;

/** What an Update starts from: the number, the Update Fields given, and how to refuse one. */
export function updateFieldsOf(
	this: IExecuteFunctions,
	{ itemIndex }: ItemContext,
): { phoneNumberId: string; fields: IDataObject; refuse: Refuse } {
	const node = this.getNode();
	return {
		phoneNumberId: locatorValue.call(this, 'phoneNumberId', itemIndex),
		fields: this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		refuse: (message) => new NodeOperationError(node, message, { itemIndex }),
	};
}

/** A list field's entries: the form's (`{[entry]: [...]}`), or the list an expression gave. */
export function listEntriesOf(raw: unknown, entry: string): unknown[] {
	if (Array.isArray(raw)) return raw;
	const entries = (raw as IDataObject | null)?.[entry];
	return Array.isArray(entries) ? entries : [];
}
