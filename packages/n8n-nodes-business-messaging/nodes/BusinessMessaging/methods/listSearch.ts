import {
	NodeOperationError,
	type IDataObject,
	type ILoadOptionsFunctions,
	type INodeListSearchItems,
	type INodeListSearchResult,
} from 'n8n-workflow';
import { getBusinessAccount, listNumbers } from '../../common/api/account';
import { FLOW_PAGE_SIZE, listFlowPage } from '../../common/api/flows';
import { listConnectedCatalogs, listProductPage } from '../../common/api/catalog';
import {
	listTemplatePage,
	TEMPLATE_PAGE_SIZE,
	type TemplateField,
} from '../../common/api/templates';
import {
	answerOptions,
	type AnswerOption,
	type ParameterReader,
} from '../../common/waiting/question';
import { quickReplyButtons } from '../../common/waiting/templateQuestion';

function matches(filter: string | undefined, ...texts: string[]): boolean {
	if (!filter) return true;
	const wanted = filter.toLowerCase().replace(/[\s()+-]/g, '');
	return texts.some((t) =>
		t
			.toLowerCase()
			.replace(/[\s()+-]/g, '')
			.includes(wanted),
	);
}

/** The numbers of the API key, shown as the number itself, valued by phone number ID. */
export async function searchPhoneNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const results: INodeListSearchItems[] = (await listNumbers.call(this))
		.filter((n) => matches(filter, n.wanumber, n.phone_number_id))
		.map((n) => ({ name: `${n.wanumber} (ID ${n.phone_number_id})`, value: n.phone_number_id }));
	return { results };
}

/** The business accounts behind the key's numbers, with their names. */
export async function searchBusinessAccounts(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const ids = [...new Set((await listNumbers.call(this)).map((n) => n.chat_business_account_id))];
	const results: INodeListSearchItems[] = [];
	for (const id of ids) {
		let name = id;
		try {
			const account = await getBusinessAccount.call(this, id, ['name']);
			name = `${String(account.name ?? id)} (ID ${id})`;
		} catch {
			// The ID alone still lets the user pick the account.
		}
		if (matches(filter, name, id)) results.push({ name, value: id });
	}
	return { results };
}

/** The value of a resource locator on the form, or '' when the operation has no such field. */
function currentLocatorValue(this: ILoadOptionsFunctions, name: string): string {
	const raw = this.getCurrentNodeParameter(name) as { value?: unknown } | string | undefined;
	const value = typeof raw === 'object' && raw !== null ? raw.value : raw;
	return typeof value === 'string' ? value.trim() : '';
}

/** The business account the template list is for: the chosen account, or the sender's. */
export async function accountForTemplates(this: ILoadOptionsFunctions): Promise<string> {
	const chosen = currentLocatorValue.call(this, 'businessAccountId');
	if (chosen) return chosen;
	const phoneNumberId = currentLocatorValue.call(this, 'phoneNumberId');
	const numbers = await listNumbers.call(this);
	const number = numbers.find((n) => n.phone_number_id === phoneNumberId) ?? numbers[0];
	if (!number)
		throw new NodeOperationError(
			this.getNode(),
			'This API key has no phone number, so it has no templates',
		);
	return number.chat_business_account_id;
}

/** Pages read at most for one answer of the search while none match. */
const SEARCH_PAGES = 10;

/**
 * One page of templates; the editor asks for the next with the cursor. The search text is
 * matched here, not by the API's `name` filter, which the spec does not show (a server may
 * ignore it, or match whole names only): pages are read on until some template matches.
 */
async function templatePage(
	this: ILoadOptionsFunctions,
	filter: string | undefined,
	after: string | undefined,
	status?: string,
	/**
	 * What to add to a template's name in the list (read from its components), and whether the
	 * template fits where it is picked: those that do come first in each page.
	 */
	note?: (components: IDataObject[]) => { text: string; fits: boolean },
): Promise<INodeListSearchResult> {
	const accountId = await accountForTemplates.call(this);
	const results: Array<INodeListSearchItems & { fits: boolean }> = [];
	let cursor = after;
	for (let read = 0; read < SEARCH_PAGES; read++) {
		const page = await listTemplatePage.call(
			this,
			accountId,
			// Every field read below is asked for: a server may return only those.
			{
				fields: [
					'id',
					'name',
					'language',
					'status',
					...(note ? (['components'] as TemplateField[]) : []),
				],
				...(status ? { status } : {}),
			},
			{ limit: TEMPLATE_PAGE_SIZE, after: cursor },
		);
		for (const t of page.templates) {
			// A template without its ID could not be chosen; a status filter the server ignored is applied here.
			if (typeof t.id !== 'string' && typeof t.id !== 'number') continue;
			if (status && t.status !== status) continue;
			if (!matches(filter, String(t.name))) continue;
			const said = note?.(Array.isArray(t.components) ? (t.components as IDataObject[]) : []);
			results.push({
				name: `${String(t.name)} (${String(t.language)})${status ? '' : ` — ${String(t.status)}`}${said ? ` — ${said.text}` : ''}`,
				value: String(t.id),
				fits: said?.fits ?? true,
			});
		}
		cursor = page.after === cursor ? undefined : page.after;
		if (results.length > 0 || !cursor) break;
	}
	// A stable sort: the list's own order within those that fit, and within those that do not.
	const ordered = [...results.filter((r) => r.fits), ...results.filter((r) => !r.fits)];
	return { results: ordered.map(({ name, value }) => ({ name, value })), paginationToken: cursor };
}

export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return templatePage.call(this, filter, paginationToken);
}

/**
 * Send and Wait's Question Template: approved templates, each saying what its quick-reply
 * buttons answer for the chosen Response Type, or that it has none to answer with. The run
 * refuses such a template anyway; the list says so before it is picked.
 */
export async function searchQuestionTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const responseType = String(this.getCurrentNodeParameter('responseType') ?? 'approval');
	// The answers as the run counts them; unknown while the form is half filled in (the run
	// would name the field then).
	const read: ParameterReader = (name, fallback) => this.getCurrentNodeParameter(name) ?? fallback;
	let answers: AnswerOption[] | undefined;
	try {
		answers = answerOptions(this.getNode(), read);
	} catch {
		answers = undefined;
	}
	return templatePage.call(this, filter, paginationToken, 'APPROVED', (components) =>
		questionNote(
			quickReplyButtons(components).map((b) => b.title),
			responseType,
			answers,
		),
	);
}

/**
 * What a template's quick replies answer for the question, and whether they fit it: the run
 * takes a template only with one quick reply per answer (Approve and Decline two, Approve Only
 * one, a Choice one per choice).
 */
function questionNote(
	titles: string[],
	responseType: string,
	answers: AnswerOption[] | undefined,
): { text: string; fits: boolean } {
	if (responseType === 'freeText') return { text: 'the next message answers', fits: true };
	// The verdict first: the editor's list is narrow and cuts the end of a long entry.
	if (titles.length === 0) return { text: 'cannot ask: no quick replies', fits: false };
	if (answers !== undefined && answers.length !== titles.length)
		return {
			text: `cannot ask: ${titles.length} quick repl${titles.length === 1 ? 'y' : 'ies'}, ${answerCount(responseType, answers.length)}`,
			fits: false,
		};
	if (responseType === 'choice') return { text: `choices: ${titles.join(', ')}`, fits: true };
	return {
		text: `"${titles[0]}" approves${titles[1] !== undefined ? `, "${titles[1]}" declines` : ''}`,
		fits: true,
	};
}

/** What the question needs, said the way its form says it. */
function answerCount(responseType: string, count: number): string {
	if (responseType === 'choice') return `${count} choices need ${count}`;
	return count === 1 ? 'Approve Only needs 1' : 'Approve and Decline need 2';
}

/** Only APPROVED templates: the only ones that can be sent. */
export async function searchApprovedTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return templatePage.call(this, filter, paginationToken, 'APPROVED');
}

/** Flows in these states cannot be sent (API.md, "WhatsApp Flows"): the list leaves them out. */
const UNSENDABLE_FLOWS = ['DEPRECATED', 'BLOCKED'];

/**
 * The flows of the sender's business account (as the template lists find it), with their
 * status; one page at a time, read on while none match the search text.
 */
export async function searchFlows(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const accountId = await accountForTemplates.call(this);
	const results: INodeListSearchItems[] = [];
	let cursor = paginationToken;
	for (let read = 0; read < SEARCH_PAGES; read++) {
		const page = await listFlowPage.call(this, accountId, { limit: FLOW_PAGE_SIZE, after: cursor });
		for (const flow of page.flows) {
			if (typeof flow.id !== 'string' && typeof flow.id !== 'number') continue;
			if (UNSENDABLE_FLOWS.includes(String(flow.status))) continue;
			if (!matches(filter, String(flow.name ?? ''))) continue;
			results.push({
				name: `${String(flow.name ?? flow.id)} — ${String(flow.status ?? 'status unknown')}`,
				value: String(flow.id),
			});
		}
		cursor = page.after === cursor ? undefined : page.after;
		if (results.length > 0 || !cursor) break;
	}
	return { results, paginationToken: cursor };
}

/** Products shown a page at a time by the product search. */
const PRODUCT_SEARCH_PAGE = 20;

/**
 * The catalogs connected to the sender's business account (as the template lists find it), for
 * the Catalog pickers: name first, then the ID that is sent.
 */
export async function searchCatalogs(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const catalogs = await listConnectedCatalogs.call(this, await accountForTemplates.call(this));
	return {
		results: catalogs
			.filter((c) => typeof c.id === 'string' || typeof c.id === 'number')
			.filter((c) => matches(filter, String(c.name ?? ''), String(c.id)))
			.map((c) => ({
				name: c.name ? `${String(c.name)} (${String(c.id)})` : String(c.id),
				value: String(c.id),
			})),
	};
}

/**
 * The products of the form's Catalog for the product pickers: a page of the catalog's listing
 * at a time, valued by retailer ID (what product messages name). The Catalog is read from the
 * whole form (getCurrentNodeParameter takes a path from the node's top), so the search also
 * serves a Product field inside Send Product List's Sections. The API filters (4.4); the text is
 * matched here too, for a server that ignores the filter.
 */
export async function searchProducts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const catalogId = currentLocatorValue.call(this, 'catalogId');
	if (!catalogId)
		throw new NodeOperationError(
			this.getNode(),
			'Choose the Catalog first: its products are listed',
		);
	// The editor hands over an expression unresolved: there is no catalog to search yet.
	if (catalogId.startsWith('='))
		throw new NodeOperationError(
			this.getNode(),
			'The Catalog is an expression, known only when the node runs: give the product’s Retailer ID instead',
		);
	return await productPage.call(this, catalogId, filter, paginationToken);
}

/**
 * The products of the catalog connected to the sender's business account, which a catalog
 * message shows (Send Catalog's Thumbnail Product).
 */
export async function searchConnectedCatalogProducts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const [catalog] = await listConnectedCatalogs.call(this, await accountForTemplates.call(this));
	if (catalog?.id === undefined)
		throw new NodeOperationError(
			this.getNode(),
			'The sender’s business account has no connected catalog: connect one in the provider’s commerce settings',
		);
	return await productPage.call(this, String(catalog.id), filter, paginationToken);
}

/**
 * One page of a catalog's products, matching the search text. Named by retailer ID first: the
 * editor cuts a long entry, and the SKU is what tells two sizes of a product apart.
 */
async function productPage(
	this: ILoadOptionsFunctions,
	catalogId: string,
	filter: string | undefined,
	paginationToken: string | undefined,
): Promise<INodeListSearchResult> {
	const text = filter?.trim();
	const { products, after } = await listProductPage.call(
		this,
		catalogId,
		{
			fields: ['retailer_id', 'name'],
			...(text
				? {
						filter: {
							or: [{ retailer_id: { i_contains: text } }, { name: { i_contains: text } }],
						},
					}
				: {}),
		},
		{ limit: PRODUCT_SEARCH_PAGE, after: paginationToken },
	);
	const wanted = text?.toLowerCase();
	const results: INodeListSearchItems[] = products
		.filter((p) => typeof p.retailer_id === 'string' && p.retailer_id !== '')
		.filter(
			(p) =>
				!wanted ||
				[p.retailer_id, p.name].some(
					(t) => typeof t === 'string' && t.toLowerCase().includes(wanted),
				),
		)
		.map((p) => ({
			name:
				typeof p.name === 'string' && p.name
					? `${String(p.retailer_id)} · ${p.name}`
					: String(p.retailer_id),
			value: String(p.retailer_id),
		}));
	return { results, paginationToken: after === paginationToken ? undefined : after };
}

/** Every picker of the node, as its `methods.listSearch`: a new one is added here only. */
export const listSearchMethods = {
	searchApprovedTemplates,
	searchBusinessAccounts,
	searchCatalogs,
	searchConnectedCatalogProducts,
	searchFlows,
	searchPhoneNumbers,
	searchProducts,
	searchQuestionTemplates,
	searchTemplates,
};
