import type { IDataObject } from 'n8n-workflow';
import {
	apiPath,
	nextCursor,
	requestJson,
	type Context,
	type Page,
	type RequestContext,
} from '../transport';

/**
 * WhatsApp Flows of a business account, as the Cloud API's Flows API lists them (GET
 * /{WABA-ID}/flows; API.md, "WhatsApp Flows"). The node lists them for the Flow field; it does
 * not create or publish flows.
 */

/** A flow: only the fields asked for when a list names `fields`. */
export interface Flow extends IDataObject {
	id?: string;
	name?: string;
	/** DRAFT, PUBLISHED, DEPRECATED, BLOCKED or THROTTLED. */
	status?: string;
	categories?: string[];
	validation_errors?: IDataObject[];
}

export interface FlowPage {
	flows: Flow[];
	/** The next page's cursor; absent on the last page. */
	after?: string;
}

/** The largest page the node asks for (the Flows API states none; the template list's is 100). */
export const FLOW_PAGE_SIZE = 100;

/** GET /{business_account_id}/flows: one page, with the flows' ID, name and status. */
export async function listFlowPage(
	this: Context,
	businessAccountId: string,
	page: { limit: number; after?: string },
	request: RequestContext = {},
): Promise<FlowPage> {
	const response = await requestJson<Page<Flow>>(
		this,
		{
			method: 'GET',
			path: apiPath(this.getNode(), { 'Business account ID': businessAccountId }, 'flows'),
			qs: {
				// Every field the node reads is asked for: a server may return only those.
				fields: 'id,name,status',
				limit: page.limit,
				...(page.after ? { after: page.after } : {}),
			},
		},
		request,
	);
	return { flows: response.data ?? [], after: nextCursor(response) };
}
