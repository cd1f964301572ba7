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
