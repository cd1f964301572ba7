import type { IDataObject } from 'n8n-workflow';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';
import { changeNumberSetting } from './numberSetting';

/**
 * A number's conversational components (docs/API.md, "Conversational automation"): read among
 * the number's fields, changed at /{phone_number_id}/conversational_automation.
 */

/** What an update sets; a field left undefined is not sent. */
export interface AutomationChanges {
	enable_welcome_message?: boolean;
	prompts?: string[];
	commands?: Array<{ command_name: string; command_description: string }>;
}

/** GET /{phone_number_id}?fields=conversational_automation: the components as the API gives them. */
export async function getConversationalAutomation(
	this: Context,
	phoneNumberId: string,
	request: RequestContext = {},
): Promise<IDataObject> {
	const answer = await requestJson<{ conversational_automation?: IDataObject }>(
		this,
		{
			method: 'GET',
			path: apiPath(this.getNode(), { 'Phone number ID': phoneNumberId }),
			qs: { fields: 'conversational_automation' },
		},
		request,
	);
	return answer.conversational_automation ?? {};
}

/**
 * POST /{phone_number_id}/conversational_automation. The same update twice leaves the same
 * components, so it may be repeated after an unclear failure.
 */
export async function updateConversationalAutomation(
	this: Context,
	phoneNumberId: string,
	changes: AutomationChanges,
	request: RequestContext = {},
): Promise<{ success: boolean }> {
	const body = { ...changes };
	return changeNumberSetting(this, phoneNumberId, 'conversational_automation', { body }, request);
}
