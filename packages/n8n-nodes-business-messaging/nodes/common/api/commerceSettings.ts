import type { IDataObject } from 'n8n-workflow';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';

/**
 * The Cloud API's commerce settings of a number (Meta's "Set commerce settings" page): whether
 * the chat shows the cart and the catalog's storefront icon.
 */

/** Every field of the settings, all asked for: an API answers only what is asked. */
export const COMMERCE_FIELDS = ['is_cart_enabled', 'is_catalog_visible'];

const path = (context: Context, phoneNumberId: string) =>
	apiPath(context.getNode(), { 'Phone number ID': phoneNumberId }, 'whatsapp_commerce_settings');

/** GET /{phone_number_id}/whatsapp_commerce_settings: the settings (the answer's `data[0]`). */
export async function getCommerceSettings(
	this: Context,
	phoneNumberId: string,
	request: RequestContext = {},
): Promise<IDataObject> {
	const answer = await requestJson<{ data?: IDataObject[] }>(
		this,
		{
			method: 'GET',
			path: path(this, phoneNumberId),
			qs: { fields: ['id', ...COMMERCE_FIELDS].join(',') },
		},
		request,
	);
	return answer.data?.[0] ?? {};
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
	const qs: IDataObject = {};
	for (const [name, value] of Object.entries(changes)) if (value !== undefined) qs[name] = value;
	const answer = await requestJson<{ success?: unknown }>(
		this,
		{ method: 'POST', path: path(this, phoneNumberId), qs, idempotent: true },
		request,
	);
	return { success: answer.success !== false };
}
