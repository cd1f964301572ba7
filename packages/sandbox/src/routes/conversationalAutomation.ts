import { jsonBody, param, type SandboxPlugin } from '../http';
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
