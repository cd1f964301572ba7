import type { Store } from './store';
import { isObject } from './validate';

/**
 * Meta's webhook overrides: a phone number, or a whole business account, may send its events
 * to a URL of its own instead of the app's, so that several receivers (several n8n workflows)
 * share one app. A number's override wins over its account's, which wins over the app's URL
 * (Meta, "Webhook overrides": the phone number's `webhook_configuration`, the account's
 * `subscribed_apps` `override_callback_uri`).
 */

/** The override for a delivery: its number's, else its business account's, else none. */
export function webhookOverrideFor(store: Store, payload: unknown): string | undefined {
	const entry = isObject(payload) && Array.isArray(payload.entry) ? payload.entry[0] : undefined;
	if (!isObject(entry)) return undefined;
	const change = Array.isArray(entry.changes) ? entry.changes[0] : undefined;
	const value = isObject(change) && isObject(change.value) ? change.value : {};
	const metadata = isObject(value.metadata) ? value.metadata : {};
	const numberId =
		typeof metadata.phone_number_id === 'string' ? metadata.phone_number_id : undefined;
	return (
		(numberId !== undefined ? store.webhookOverrides.get(numberId) : undefined) ??
		(typeof entry.id === 'string' ? store.webhookOverrides.get(entry.id) : undefined)
	);
}
