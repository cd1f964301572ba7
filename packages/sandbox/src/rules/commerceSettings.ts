import { createHash } from 'node:crypto';
import { invalid } from '../errors';
import type { Store } from '../store';
import type { Json } from '../validate';

/**
 * A number's commerce settings (GET /{phone_number_id}/whatsapp_commerce_settings), from Meta's
 * "Set commerce settings" page (Sell Products & Services): `is_cart_enabled` (the chat offers a
 * cart) and `is_catalog_visible` (the chat shows the catalog's storefront icon), answered as
 * `{data: [{is_cart_enabled, is_catalog_visible, id}]}`; POST the same path with either of them
 * (`true` or `false`, in the query as the page's example sends them) changes it and answers
 * `{success: true}`.
 *
 * Where the page is silent, the sandbox reads: a number starts with both on; `id` is the settings'
 * own ID, always answered (digits derived from the number, so the same number keeps it);
 * `fields` chooses what is answered, as on every Graph API read (without it, every field, or as
 * the dialect's default fields say); a POST may send its parameters in a JSON body too, as the Graph
 * API takes them; a POST with neither setting, or another value than true or false, is refused
 * with 100 naming the parameter.
 */

export const COMMERCE_FIELDS = ['id', 'is_cart_enabled', 'is_catalog_visible'] as const;

export interface CommerceSettings {
	id: string;
	is_cart_enabled: boolean;
	is_catalog_visible: boolean;
}

/** The settings' own ID: 16 digits from the number's, the same for the same number. */
function settingsId(phoneNumberId: string): string {
	const digest = createHash('sha256').update(`commerce:${phoneNumberId}`).digest();
	return String(1_000_000_000_000_000n + (digest.readBigUInt64BE() % 9_000_000_000_000_000n));
}

/** The number's settings, both on until changed. */
export function commerceSettingsOf(store: Store, phoneNumberId: string): CommerceSettings {
	return store.numberSetting('commerceSettings', phoneNumberId, () => ({
		id: settingsId(phoneNumberId),
		is_cart_enabled: true,
		is_catalog_visible: true,
	}));
}

const SETTINGS = ['is_cart_enabled', 'is_catalog_visible'] as const;

/** What a POST changes: each setting given, as true or false (a query string gives "true"). */
export function commerceUpdate(params: Json): Partial<CommerceSettings> {
	const changes: Partial<Omit<CommerceSettings, 'id'>> = {};
	for (const name of SETTINGS) {
		const value = params[name];
		if (value === undefined) continue;
		if (value !== true && value !== false && value !== 'true' && value !== 'false')
			throw invalid(name, `must be true or false, not ${JSON.stringify(value)}`);
		changes[name] = value === true || value === 'true';
	}
	if (Object.keys(changes).length === 0)
		throw invalid(SETTINGS.join(', '), 'give at least one of them to change');
	return changes;
}
