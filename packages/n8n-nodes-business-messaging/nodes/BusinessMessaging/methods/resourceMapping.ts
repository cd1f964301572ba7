import type {
	ILoadOptionsFunctions,
	INodeParameterResourceLocator,
	ResourceMapperFields,
} from 'n8n-workflow';
import { accountForTemplates } from './listSearch';
import { getTemplate } from '../../common/api/templates';
import { ONE_SEGMENT } from '../../common/fields/locators';
import { templateVariables } from '../../common/templates/variables';
import { parseTemplateName, templateIdByName } from '../../common/templates/byName';

/**
 * The form of a template's variables for Send Template: one field per header value (text
 * variable, media, document file name, location), body variable, button parameter and offer
 * expiry, each labelled with the template's example when it fits; optional ones say so.
 */
export async function getTemplateVariables(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	return await variablesForm.call(this, 'template');
}

/** The same form for the template a chat send falls back to when the 24-hour window is closed. */
export async function getFallbackTemplateVariables(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	return await variablesForm.call(this, 'fallbackTemplate');
}

async function variablesForm(
	this: ILoadOptionsFunctions,
	parameter: string,
): Promise<ResourceMapperFields> {
	const templateId = await chosenTemplateId.call(this, parameter);
	if (!templateId) return { fields: [], emptyFieldsNotice: 'Choose a template first' };
	const template = await getTemplate.call(this, templateId);
	// Send and Wait gives the quick-reply buttons its own payloads (waiting/templateQuestion).
	const asking = this.getCurrentNodeParameter('operation') === 'sendAndWait';
	const variables = templateVariables(template).filter(
		(v) => !(asking && v.target.part === 'button' && v.target.kind === 'quickReply'),
	);
	return {
		fields: variables.map((variable) => ({
			id: variable.id,
			displayName: variable.label,
			// n8n would report a required field left empty by its ID ('Variable "body_2" is
			// required'); the send checks it and names its label.
			required: false,
			defaultMatch: false,
			display: true,
			type: variable.type,
			canBeUsedToMatch: false,
			...(variable.later ? { removed: true } : {}),
		})),
		emptyFieldsNotice: 'This template has no variables: nothing to fill in',
	};
}

/** The template of the form: its ID, or looked up by name through the sender's account. */
async function chosenTemplateId(
	this: ILoadOptionsFunctions,
	parameter: string,
): Promise<string | undefined> {
	const locator = this.getCurrentNodeParameter(parameter) as
		| INodeParameterResourceLocator
		| undefined;
	const value = String(locator?.value ?? '').trim();
	// An expression or a half-typed ID has no form yet.
	if (locator?.mode !== 'name')
		return new RegExp(ONE_SEGMENT).test(value) && !value.startsWith('=') ? value : undefined;
	// An expression or a half-typed name has no form yet.
	if (!value || value.startsWith('=')) return undefined;
	// The account the template list shows: an empty Sender (the number the customer will write
	// to) has the key's first number stand for it.
	const account = await accountForTemplates.call(this);
	return await templateIdByName.call(this, account, parseTemplateName(this.getNode(), value));
}
