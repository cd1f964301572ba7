import { jsonBody, param, type Endpoint, type SandboxPlugin } from '../http';
import {
	MARKETING_KEYS,
	marketingOptions,
	marketingTemplateOnly,
} from '../rules/marketingMessages';
import { isObject } from '../validate';
import { sendMessage } from './messages';

/**
 * POST /{phone_number_id}/marketing_messages (rules/marketingMessages.ts): a MARKETING template,
 * sent as /messages sends it, recorded as sent through the Marketing Messages API. Every account
 * of the sandbox is onboarded to it, so `product_policy` never has to fall back.
 */
export const marketingMessageRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.post('/:id/marketing_messages', async (request) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const body = jsonBody(request);
		const options = marketingOptions(body);
		// The category is the endpoint's first question, before the template's parameters.
		const named = isObject(body.template) ? body.template : {};
		const language = isObject(named.language) ? named.language.code : undefined;
		const template = sandbox.store
			.templatesOf(number.accountId)
			.find((t) => t.name === named.name && t.language === language);
		if (template) marketingTemplateOnly(template);
		return sendMessage(sandbox, request, number, body, {
			extraKeys: MARKETING_KEYS,
			mark: (message) => {
				message.sentThrough = 'marketing_messages';
				if (options.activitySharing !== undefined)
					message.activitySharing = options.activitySharing;
			},
		});
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route: '`POST /{phone_number_id}/marketing_messages`',
		notes:
			'Meta\'s Marketing Messages API: a template message as on `/messages`, MARKETING templates only (another category: 100), with `product_policy` (`CLOUD_API_FALLBACK` or `STRICT`) and `message_activity_sharing` (boolean); every account is onboarded, so nothing falls back; the stored message says `sentThrough: "marketing_messages"`',
	},
];
