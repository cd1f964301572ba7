import { jsonBody, param, type Endpoint, type SandboxPlugin } from '../http';
import { automationUpdate } from '../rules/conversationalAutomation';

/**
 * POST /{phone_number_id}/conversational_automation (rules/conversationalAutomation.ts): sets
 * what the body gives and answers `{success: true}`. GET /{phone_number_id} answers the
 * components among its fields (webhookOverrides.ts › numberView).
 */
export const conversationalAutomationRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.post('/:id/conversational_automation', async (request) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const update = automationUpdate(jsonBody(request));
		Object.assign(sandbox.store.conversationalAutomation(number.phone_number_id), update);
		return { success: true };
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route:
			'`POST /{phone_number_id}/conversational_automation`, `GET /{phone_number_id}?fields=conversational_automation`',
		notes:
			"Meta's conversational components: `prompts` (4 ice breakers of 80), `commands` (30, `command_name` of 32 without `/` or spaces and once each, `command_description` of 256), `enable_welcome_message` (true or false); no emoji; a list given replaces the one there",
	},
];
