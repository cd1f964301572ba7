import type { IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { listNumbers } from '../../common/api/account';
import type { ItemContext } from '../../common/context';
import { DEFAULT_RETRY } from '../../common/transport';

const NO_RETRY = { ...DEFAULT_RETRY, maxRetries: 0, timeoutMs: 10_000 };

/**
 * A phone number typed where the phone number ID belongs is a common slip. It is no reason to
 * refuse the value (an ID may look like anything), but when the request then fails, the error
 * says so: with the number's ID when the value is one of the key's numbers.
 */
export async function phoneNumberIdHint(
	context: IExecuteFunctions,
	item: ItemContext,
): Promise<string | undefined> {
	const { itemIndex } = item;
	let locator: INodeParameterResourceLocator | undefined;
	try {
		locator = context.getNodeParameter('phoneNumberId', itemIndex) as INodeParameterResourceLocator;
	} catch {
		return undefined; // the operation has no Phone Number field
	}
	if (typeof locator !== 'object' || locator === null || locator.mode !== 'id') return undefined;
	const value = String(locator.value ?? '').trim();
	const digits = value.replace(/[\s().+-]/g, '');
	if (!/^\d{7,15}$/.test(digits)) return undefined;
	let numbers: Awaited<ReturnType<typeof listNumbers>> = [];
	try {
		// Once per run, without retries: it only words an error that has happened already.
		numbers = await item.once(
			'hint:numbers',
			async () => await listNumbers.call(context, { itemIndex, retry: NO_RETRY }),
		);
	} catch {
		// Without the list, the shape of the value still tells.
	}
	if (numbers.some((n) => n.phone_number_id === value)) return undefined;
	const same = numbers.find((n) => String(n.wanumber).replace(/\D/g, '') === digits);
	if (same)
		return `"${value}" is the phone number ${same.wanumber}: the Phone Number field wants its ID, ${same.phone_number_id} (or pick the number from the list).`;
	if (/^\+|[\s().-]/.test(value))
		return `"${value}" looks like a phone number: the Phone Number field wants the phone number ID (pick the number from the list, or see Account › List Numbers).`;
	return undefined;
}
