import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { apiPath, apiRequest } from '../transport';

interface NumberEntry {
	chat_business_account_id: string;
	wanumber: string;
	phone_number_id: string;
}

async function numbersOfKey(this: ILoadOptionsFunctions): Promise<NumberEntry[]> {
	const response = await apiRequest.call(this, { method: 'GET', path: '/getuserdetails' });
	return (response.data as NumberEntry[] | undefined) ?? [];
}

function matches(filter: string | undefined, ...texts: string[]): boolean {
	if (!filter) return true;
	const wanted = filter.toLowerCase().replace(/[\s()+-]/g, '');
	return texts.some((t) => t.toLowerCase().replace(/[\s()+-]/g, '').includes(wanted));
}

/** The numbers of the API key, shown as the number itself, valued by phone number ID. */
export async function searchPhoneNumbers(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const results: INodeListSearchItems[] = (await numbersOfKey.call(this))
		.filter((n) => matches(filter, n.wanumber, n.phone_number_id))
		.map((n) => ({ name: `${n.wanumber} (ID ${n.phone_number_id})`, value: n.phone_number_id }));
	return { results };
}

/** The business accounts behind the key's numbers, with their names. */
export async function searchBusinessAccounts(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const ids = [...new Set((await numbersOfKey.call(this)).map((n) => n.chat_business_account_id))];
	const results: INodeListSearchItems[] = [];
	for (const id of ids) {
		let name = id;
		try {
			const account = await apiRequest.call(this, { method: 'GET', path: apiPath(this.getNode(), id), qs: { fields: 'name' } });
			name = `${String((account as IDataObject).name ?? id)} (ID ${id})`;
		} catch {
			// The ID alone still lets the user pick the account.
		}
		if (matches(filter, name, id)) results.push({ name, value: id });
	}
	return { results };
}
