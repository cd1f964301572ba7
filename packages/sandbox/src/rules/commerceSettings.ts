import type { Store } from '../store';

/**
 * A number's commerce settings (GET /{phone_number_id}/whatsapp_commerce_settings), from Meta's
 * "Set commerce settings" page (Sell Products & Services): `is_cart_enabled` (the chat offers a
 * cart) and `is_catalog_visible` (the chat shows the catalog's storefront icon), answered as
 * `{data: [{is_cart_enabled, is_catalog_visible, id}]}`.
 *
 * Where the page is silent, the sandbox reads: a number starts with both on; `id` is the ID of the
 * catalog connected to the account (absent without one), as other readings of the page name it;
 * `fields` chooses what is answered, as on every Graph API read (without it, every field, or as
 * the dialect's default fields say).
 */

export const COMMERCE_FIELDS = ['id', 'is_cart_enabled', 'is_catalog_visible'] as const;

export interface CommerceSettings {
	is_cart_enabled: boolean;
	is_catalog_visible: boolean;
}

/** The number's settings, both on until changed. */
export function commerceSettingsOf(store: Store, phoneNumberId: string): CommerceSettings {
	return store.numberSetting('commerceSettings', phoneNumberId, () => ({
		is_cart_enabled: true,
		is_catalog_visible: true,
	}));
}
