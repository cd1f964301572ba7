import { apiPath, requestJson, type Context } from '../transport';

/**
 * Where a number's events go (the Cloud API's webhook overrides): its own override, its
 * business account's, and the app's URL. A field is missing when that level has none.
 */
export interface WebhookConfiguration {
	phone_number?: string;
	whatsapp_business_account?: string;
	application?: string;
}

/** GET /{phone_number_id}?fields=webhook_configuration. */
export async function numberWebhookConfiguration(
	this: Context,
	phoneNumberId: string,
): Promise<WebhookConfiguration> {
	const number = await requestJson<{ webhook_configuration?: WebhookConfiguration }>(this, {
		method: 'GET',
		path: apiPath(this.getNode(), { 'Phone number ID': phoneNumberId }),
		qs: { fields: 'webhook_configuration' },
	});
	return number.webhook_configuration ?? {};
}

/**
 * POST /{phone_number_id} {webhook_configuration}: the number's events go to `url`. The platform
 * first checks the URL with the verify token (the trigger answers that check itself).
 */
export async function setNumberOverride(
	this: Context,
	phoneNumberId: string,
	url: string,
	verifyToken: string,
): Promise<void> {
	await requestJson(this, {
		method: 'POST',
		path: apiPath(this.getNode(), { 'Phone number ID': phoneNumberId }),
		body: { webhook_configuration: { override_callback_uri: url, verify_token: verifyToken } },
	});
}

/** The same call with an empty URL: the number's events go back to its account's or app's URL. */
export async function removeNumberOverride(this: Context, phoneNumberId: string): Promise<void> {
	await requestJson(this, {
		method: 'POST',
		path: apiPath(this.getNode(), { 'Phone number ID': phoneNumberId }),
		body: { webhook_configuration: { override_callback_uri: '' } },
	});
}
