import type { FastifyRequest } from 'fastify';
import { fieldsToAnswer } from '../dialect';
import { invalid } from '../errors';
import { jsonBody, param, query, type Endpoint, type SandboxPlugin } from '../http';
import type { PhoneNumber } from '../model';
import { automationView } from '../rules/conversationalAutomation';
import type { SandboxState } from '../sandbox';
import { commaFields, isObject, requireString } from '../validate';
import { verifySubscription } from '../webhookVerification';

/**
 * Meta's webhook overrides over the API (webhookOverrides.ts resolves them per delivery):
 * POST /{phone_number_id} `{webhook_configuration: {override_callback_uri, verify_token}}` for
 * a number, POST /{waba_id}/subscribed_apps `{override_callback_uri, verify_token}` for a
 * business account. As the platform does, the URL must answer the verification handshake with
 * the verify token before it is kept. An empty override_callback_uri removes the override (the
 * sandbox's reading: Meta's page shows only setting one).
 */

/** The fields of a phone number this route answers. */
const NUMBER_FIELDS = [
	'id',
	'display_phone_number',
	'webhook_configuration',
	'conversational_automation',
];
/** What GET /{phone_number_id} answers without `fields`. */
const DEFAULT_NUMBER_FIELDS = ['id', 'display_phone_number'];

async function setOverride(
	sandbox: SandboxState,
	id: string,
	config: Record<string, unknown>,
	path: string,
): Promise<void> {
	if (config.override_callback_uri === '') {
		sandbox.store.webhookOverrides.delete(id);
		return;
	}
	const url = requireString(config, 'override_callback_uri', `${path}override_callback_uri`);
	if (!/^https?:\/\/[^\s]+$/.test(url))
		throw invalid(`${path}override_callback_uri`, 'must be an http(s) URL');
	const token = requireString(config, 'verify_token', `${path}verify_token`);
	await verifySubscription(url, token, {
		url: `${path}override_callback_uri`,
		verifyToken: `${path}verify_token`,
	});
	sandbox.store.webhookOverrides.set(id, url);
}

/** POST /{phone_number_id}: the number's webhook configuration. */
export async function setNumberWebhook(
	sandbox: SandboxState,
	request: FastifyRequest,
	number: PhoneNumber,
): Promise<{ success: true }> {
	const body = jsonBody(request);
	const config = body.webhook_configuration;
	if (!isObject(config))
		throw invalid(
			'webhook_configuration',
			'a phone number takes {"webhook_configuration": {"override_callback_uri", "verify_token"}}',
		);
	await setOverride(sandbox, number.phone_number_id, config, 'webhook_configuration.');
	return { success: true };
}

/** GET /{phone_number_id}: the number, with where its events go when `fields` asks. */
export function numberView(sandbox: SandboxState, request: FastifyRequest, number: PhoneNumber) {
	// Read as every list of the sandbox reads `fields` (its dialect may answer only what is asked).
	const asked = fieldsToAnswer(
		sandbox.dialect,
		commaFields(query(request, 'fields'), NUMBER_FIELDS),
		DEFAULT_NUMBER_FIELDS,
	);
	const { store, webhooks } = sandbox;
	const view: Record<string, unknown> = { id: number.phone_number_id };
	if (asked.includes('display_phone_number')) view.display_phone_number = number.wanumber;
	if (asked.includes('webhook_configuration')) {
		const configuration: Record<string, string> = {};
		const own = store.webhookOverrides.get(number.phone_number_id);
		const account = store.webhookOverrides.get(number.accountId);
		if (own) configuration.phone_number = own;
		if (account) configuration.whatsapp_business_account = account;
		if (webhooks.target) configuration.application = webhooks.target.url;
		view.webhook_configuration = configuration;
	}
	if (asked.includes('conversational_automation'))
		view.conversational_automation = automationView(
			store.conversationalAutomation(number.phone_number_id),
		);
	return view;
}

/** POST and GET /{waba_id}/subscribed_apps: the business account's override. */
export const subscribedAppRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.post('/:id/subscribed_apps', async (request) => {
		const account = sandbox.store.account(request.apiKey, param(request, 'id'));
		await setOverride(sandbox, account.id, jsonBody(request), '');
		return { success: true };
	});
	app.get('/:id/subscribed_apps', async (request) => {
		const account = sandbox.store.account(request.apiKey, param(request, 'id'));
		const override = sandbox.store.webhookOverrides.get(account.id);
		return {
			data: [
				{
					whatsapp_business_api_data: { id: 'sandbox-app', name: 'Business Messaging sandbox' },
					...(override ? { override_callback_uri: override } : {}),
				},
			],
		};
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route:
			'`POST /{phone_number_id}` `{webhook_configuration:{override_callback_uri, verify_token}}`',
		notes:
			'Meta\'s per-number webhook override: the number\'s events go to that URL, once it passed the verification handshake; `""` removes it; `GET /{phone_number_id}?fields=webhook_configuration` says where they go',
	},
	{
		route:
			'`POST`/`GET /{business_account_id}/subscribed_apps` `{override_callback_uri, verify_token}`',
		notes:
			"the per-account override: the account's events (template events too) go there, unless a number has its own",
	},
];
