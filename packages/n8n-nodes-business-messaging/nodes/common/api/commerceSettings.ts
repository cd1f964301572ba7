import type { IDataObject } from 'n8n-workflow';
import type { Context, RequestContext } from '../transport';
import { changeNumberSetting, readNumberSetting } from './numberSetting';

/**
 * The Cloud API's commerce settings of a number (Meta's "Set commerce settings" page): whether
 * the chat shows the cart and the catalog's storefront icon.
 */

const EDGE = 'whatsapp_commerce_settings';

/** Every field of the settings, all asked for: an API answers only what is asked. */
export const COMMERCE_FIELDS = ['is_cart_enabled', 'is_catalog_visible'];

/** GET /{phone_number_id}/whatsapp_commerce_settings: the settings (the answer's `data[0]`). */
export async function getCommerceSettings(
	this: Context,
	phoneNumberId: string,
	request: RequestContext = {},
): Promise<IDataObject> {
	return readNumberSetting(this, phoneNumberId, EDGE, ['id', ...COMMERCE_FIELDS], request);
}

/** The settings an update changes; one left undefined is not sent. */
export interface CommerceChanges {
	is_cart_enabled?: boolean;
	is_catalog_visible?: boolean;
}

/**
 * POST /{phone_number_id}/whatsapp_commerce_settings with the settings to change, in the query as
 * the page sends them. The same update twice leaves the same settings, so it may be repeated
 * after an unclear failure.
 */
export async function updateCommerceSettings(
	this: Context,
	phoneNumberId: string,
	changes: CommerceChanges,
	request: RequestContext = {},
): Promise<{ success: boolean }> {
	return changeNumberSetting(this, phoneNumberId, EDGE, { qs: { ...changes } }, request);
}
