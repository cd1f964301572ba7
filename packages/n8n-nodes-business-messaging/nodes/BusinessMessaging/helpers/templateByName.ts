import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import { apiPath, apiRequest, type Context, type RequestContext } from '../transport';

/**
 * Templates addressed by name, as the list shows them: "order_confirmation (en_US)", or the bare
 * name when the template exists in one language. Names travel between accounts (a workflow
 * imported elsewhere, an expression fed by a CRM) where IDs do not.
 */
export const TEMPLATE_NAME_PATTERN =
	'^\\s*[a-z0-9_]{1,512}\\s*(\\(\\s*[A-Za-z]{2,3}(_[A-Za-z0-9]{2,4})?\\s*\\))?\\s*$';
const NAME = new RegExp(TEMPLATE_NAME_PATTERN);

export interface TemplateName {
	name: string;
	language?: string;
}

export function parseTemplateName(node: INode, raw: string, itemIndex?: number): TemplateName {
	if (!NAME.test(raw)) {
		throw new NodeOperationError(node, `Template "${raw}" is not a template name`, {
			itemIndex,
			description:
				'Write the name as the list shows it, e.g. order_confirmation (en_US), or just order_confirmation when it has one language.',
		});
	}
	const [, name, language] = /^\s*([a-z0-9_]+)\s*(?:\(\s*([^)\s]+)\s*\))?\s*$/.exec(raw) ?? [];
	return { name, language };
}

/** The business account of a sender number, from the key's numbers (4.1). */
export async function accountOfNumber(
	this: Context,
	phoneNumberId: string,
	context: RequestContext = {},
): Promise<string> {
	const response = await apiRequest.call(this, { method: 'GET', path: '/getuserdetails' }, context);
	const number = ((response.data as IDataObject[] | undefined) ?? []).find(
		(n) => String(n.phone_number_id) === phoneNumberId,
	);
	if (!number) {
		throw new NodeOperationError(
			this.getNode(),
			`Sender ${phoneNumberId} is not a number of this API key`,
			{
				itemIndex: context.itemIndex,
				description: 'Pick the sender from the list: it shows the numbers the key can use.',
			},
		);
	}
	return String(number.chat_business_account_id);
}

/** The ID of the template with this name (and language) in the account; a clear error if none or several. */
export async function templateIdByName(
	this: Context,
	accountId: string,
	wanted: TemplateName,
	context: RequestContext = {},
): Promise<string> {
	const node = this.getNode();
	const page = await apiRequest.call(
		this,
		{
			method: 'GET',
			path: apiPath(node, accountId, 'message_templates'),
			qs: { name: wanted.name, fields: 'name,language,status', limit: 100 },
		},
		context,
	);
	// The name filter may match parts of names: keep the exact ones.
	const named = ((page.data as IDataObject[] | undefined) ?? []).filter(
		(t) => t.name === wanted.name,
	);
	const found = wanted.language ? named.filter((t) => t.language === wanted.language) : named;
	const label = wanted.language ? `${wanted.name} (${wanted.language})` : wanted.name;
	if (found.length === 1) return String(found[0].id);
	const languages = named.map((t) => String(t.language)).sort();
	const description =
		found.length > 1
			? `Add the language, e.g. ${wanted.name} (${languages[0]}).`
			: named.length
				? `It exists in: ${languages.join(', ')}.`
				: 'Check the name: Template › Get Many lists the account’s templates.';
	throw new NodeOperationError(
		node,
		found.length === 0
			? `There is no template ${label} in business account ${accountId}`
			: `Template ${wanted.name} exists in several languages (${languages.join(', ')})`,
		{ itemIndex: context.itemIndex, description },
	);
}
