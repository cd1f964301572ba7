import type { IDataObject, ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';
import { templateVariables } from '../helpers/templateRules';
import { apiPath, apiRequest } from '../transport';

/**
 * The form of a template's variables for Send Template: one field per header variable, body
 * variable, URL button suffix and copy code, each labelled with the template's example.
 */
export async function getTemplateVariables(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const templateId = String(this.getCurrentNodeParameter('template', { extractValue: true }) ?? '').trim();
	if (!/^\d+$/.test(templateId)) return { fields: [], emptyFieldsNotice: 'Choose a template first' };
	const template = await apiRequest.call(this, { method: 'GET', path: apiPath(this.getNode(), templateId) });
	const variables = templateVariables((template.components as IDataObject[] | undefined) ?? []);
	return {
		fields: variables.map((variable) => ({
			id: variable.id,
			displayName: variable.example ? `${variable.label} (e.g. ${variable.example})` : variable.label,
			required: true,
			defaultMatch: false,
			display: true,
			type: 'string',
			canBeUsedToMatch: false,
		})),
		emptyFieldsNotice: 'This template has no variables: nothing to fill in',
	};
}
