import {
	NodeOperationError,
	type ILoadOptionsFunctions,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { listNumbers } from '../common/api/account';

/** Only These Numbers: the API key's numbers, shown as the number, valued by phone number ID. */
export async function phoneNumbers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	try {
		await this.getCredentials('businessMessagingApi');
	} catch {
		throw new NodeOperationError(
			this.getNode(),
			'Choose a credential to list the numbers, or give the phone number IDs as an expression',
		);
	}
	return (await listNumbers.call(this)).map((n) => ({
		name: `${n.wanumber} (ID ${n.phone_number_id})`,
		value: n.phone_number_id,
	}));
}

/** Only These Numbers: the IDs picked, or given by an expression as a list or a comma-separated text. */
export function numberList(value: unknown): Set<string> {
	const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	return new Set(list.map((v) => String(v).trim()).filter((v) => v !== ''));
}
