import {
	NodeOperationError,
	type IExecuteFunctions,
	type INode,
	type INodeParameterResourceLocator,
} from 'n8n-workflow';
import { listTemplatePage, TEMPLATE_PAGE_SIZE, type Template } from '../api/templates';
import type { ItemContext } from '../context';
import { TEMPLATE_NAME_PATTERN } from '../fields/locators';
import { locatorValue } from '../parameters';
import type { Context, RequestContext } from '../transport';

/**
 * Templates addressed by name, as the list shows them: "order_confirmation (en_US)", or the bare
 * name when the template exists in one language. Names travel between accounts (a workflow
 * imported elsewhere, an expression fed by a CRM) where IDs do not.
 */
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

/** The ID of the template with this name (and language) in the account; a clear error if none or several. */
export async function templateIdByName(
	this: Context,
	accountId: string,
	wanted: TemplateName,
	context: RequestContext = {},
): Promise<string> {
	const node = this.getNode();
	// `name` narrows the list on the platform, but the spec does not show the filter: a server
	// that ignores it lists everything, so the pages are read on until the name is settled.
	const named: Template[] = [];
	const seen = new Set<string>();
	let after: string | undefined;
	do {
		const page = await listTemplatePage.call(
			this,
			accountId,
			// Every field read below is asked for: a server may return only those.
			{ name: wanted.name, fields: ['id', 'name', 'language', 'status'] },
			{ limit: TEMPLATE_PAGE_SIZE, after },
			context,
		);
		named.push(...page.templates.filter((t) => t.name === wanted.name));
		// A name and language is one template: found, the rest need not be read.
		if (wanted.language && named.some((t) => t.language === wanted.language)) break;
		// A cursor seen before would read the same pages forever.
		after = page.after === undefined || seen.has(page.after) ? undefined : page.after;
		if (after !== undefined) seen.add(after);
	} while (after);
	const found = wanted.language ? named.filter((t) => t.language === wanted.language) : named;
	const label = wanted.language ? `${wanted.name} (${wanted.language})` : wanted.name;
	if (found.length === 1) {
		const { id } = found[0];
		if (typeof id === 'string' || typeof id === 'number') return String(id);
		throw new NodeOperationError(
			node,
			`Template ID is missing: the API listed ${label} without its id, although it was asked for`,
			{ itemIndex: context.itemIndex },
		);
	}
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

/**
 * The template ID the Template field points at: as chosen from the list or typed, or looked up
 * by name in the account that `accountId` gives (asked only in that mode).
 */
export async function templateIdOf(
	this: IExecuteFunctions,
	item: ItemContext,
	accountId: () => Promise<string>,
	parameter = 'template',
): Promise<string> {
	const { itemIndex } = item;
	const locator = this.getNodeParameter(parameter, itemIndex) as INodeParameterResourceLocator;
	if (locator.mode !== 'name') return locatorValue.call(this, parameter, itemIndex);
	const value = String(locator.value ?? '').trim();
	const wanted = parseTemplateName(this.getNode(), value, itemIndex);
	const account = await accountId();
	return await item.once(
		`templateName:${account}:${value}`,
		async () => await templateIdByName.call(this, account, wanted, item.request),
	);
}
