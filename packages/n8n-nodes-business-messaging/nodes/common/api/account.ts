import { NodeOperationError, type IDataObject } from 'n8n-workflow';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';

/** One number of the API key (2.7). */
export interface NumberEntry extends IDataObject {
	chat_business_account_id: string;
	wanumber: string;
	phone_number_id: string;
}

/** A business account (2.6): only the fields asked for, or the API's default set. */
export interface BusinessAccount extends IDataObject {
	id?: string;
	name?: string;
	currency?: string;
	timezone_id?: string;
	message_template_namespace?: string;
}

export type BusinessAccountField =
	| 'id'
	| 'name'
	| 'currency'
	| 'timezone_id'
	| 'message_template_namespace';

/** GET /getuserdetails (4.1): the numbers this API key can use. */
export async function listNumbers(
	this: Context,
	request: RequestContext = {},
): Promise<NumberEntry[]> {
	const response = await requestJson<{ data?: NumberEntry[] }>(
		this,
		{ method: 'GET', path: '/getuserdetails' },
		request,
	);
	return response.data ?? [];
}

/** GET /{business_account_id} (4.7); every field of the default set when `fields` is empty. */
export async function getBusinessAccount(
	this: Context,
	businessAccountId: string,
	fields: BusinessAccountField[] = [],
	request: RequestContext = {},
): Promise<BusinessAccount> {
	return await requestJson<BusinessAccount>(
		this,
		{
			method: 'GET',
			path: apiPath(this.getNode(), { 'Business account ID': businessAccountId }),
			qs: fields.length ? { fields: fields.join(',') } : undefined,
		},
		request,
	);
}

/** The business account of one of the key's numbers (from 4.1); a clear error if it is not one. */
export async function businessAccountOfNumber(
	this: Context,
	phoneNumberId: string,
	request: RequestContext = {},
): Promise<string> {
	const number = (await listNumbers.call(this, request)).find(
		(entry) => String(entry.phone_number_id) === phoneNumberId,
	);
	if (!number) {
		throw new NodeOperationError(
			this.getNode(),
			`Sender ${phoneNumberId} is not a number of this API key`,
			{
				itemIndex: request.itemIndex,
				description: 'Pick the sender from the list: it shows the numbers the key can use.',
			},
		);
	}
	return String(number.chat_business_account_id);
}
