import type { INodeProperties } from 'n8n-workflow';
import { updateCommerceSettings, type CommerceChanges } from '../../../common/api/commerceSettings';
import { numberSettingUpdate, updateFieldsOf, type Refuse } from './numberSettings';
import type { ItemExecute } from '../types';

/** Each Update Field, by the name of the setting it sends. */
const SETTINGS: Array<{ field: string; label: string; setting: keyof CommerceChanges }> = [
	{ field: 'cartEnabled', label: 'Cart Enabled', setting: 'is_cart_enabled' },
	{ field: 'catalogVisible', label: 'Catalog Visible', setting: 'is_catalog_visible' },
];

const updateFields: INodeProperties[] = [
	{
		displayName: 'Cart Enabled',
		name: 'cartEnabled',
		type: 'boolean',
		default: true,
		description: 'Whether customers can add products to a cart in the chat and send it as an order',
	},
	{
		displayName: 'Catalog Visible',
		name: 'catalogVisible',
		type: 'boolean',
		default: true,
		description: "Whether the chat shows the catalog's storefront icon",
	},
];

export const description = numberSettingUpdate('updateCommerceSettings', updateFields);

/** Changes the settings Update Fields gives. */
export const execute: ItemExecute = async function (item) {
	const { phoneNumberId, fields, refuse } = updateFieldsOf.call(this, item);
	const changes: CommerceChanges = {};
	for (const { field, label, setting } of SETTINGS)
		if (fields[field] !== undefined) changes[setting] = booleanOf(fields[field], label, refuse);
	if (Object.keys(changes).length === 0) throw refuse('Update Fields is empty: add what to change');
	const { success } = await updateCommerceSettings.call(this, phoneNumberId, changes, item.request);
	return [{ json: { success, phoneNumberId, updated: Object.keys(changes) } }];
};

/** The switch's value, or an expression's true or false (a sheet or a CRM may give "true"). */
function booleanOf(value: unknown, label: string, refuse: Refuse): boolean {
	if (value === true || value === 'true') return true;
	if (value === false || value === 'false') return false;
	throw refuse(`Update Fields › ${label} must be true or false, not ${JSON.stringify(value)}`);
}
