import type { WithheldNumber } from './config';
import { invalid } from './errors';
import type { Customer, Message } from './model';
import type { Store } from './store';
import type { Json } from './validate';

/**
 * Customers and their identities: a number (`wa_id`), a business-scoped user ID (BSUID,
 * `user_id`) with an optional parent BSUID, and a username. Meta's 2026 "business-scoped user
 * IDs": a customer who adopted a username may write without sharing their number, and a business
 * can answer them by user ID (`recipient` in a send).
 */

/** A BSUID (`US.13491208655302741918`) or a parent BSUID (`US.ENT.11815799212886844830`). */
export const BSUID_PATTERN = /^[A-Z]{2}\.(ENT\.)?[A-Za-z0-9]{1,128}$/;
const BSUID_RULE =
	'must be a business-scoped user ID: a two-letter country code, a period and up to 128 letters or digits (US.13491208655302741918; a parent user ID has ENT. after the country code)';
/**
 * A customer's number, as the platform writes it: international format (E.164) in digits only,
 * 7 to 15 of them, starting with the country code, which never starts with 0. A number starting
 * with 0 is a national one (its trunk prefix) or has an international prefix (00) left on.
 */
export const CUSTOMER_NUMBER = /^[1-9]\d{6,14}$/;
/** What CUSTOMER_NUMBER asks, for the errors of the fields that hold a customer's number. */
export const CUSTOMER_NUMBER_RULE =
	'digits only (7 to 15), starting with the country code (1 to 9, never 0)';

export function isUserId(value: unknown): value is string {
	return typeof value === 'string' && BSUID_PATTERN.test(value);
}

/**
 * A customer as a control request names them, checked but not yet stored: `view` is the customer
 * with the request's changes, `save()` stores them. `numberKey` is the field of the number
 * (`from` for a customer who writes or calls, `to` for the recipient of an echo).
 */
export interface CustomerDraft {
	view: Customer;
	save(): Customer;
}

export function customerDraft(store: Store, body: Json, numberKey = 'from'): CustomerDraft {
	const number = optionalText(body, numberKey);
	if (number !== undefined && !CUSTOMER_NUMBER.test(number))
		throw invalid(numberKey, `must be the customer number, ${CUSTOMER_NUMBER_RULE}`);
	const userId = optionalText(body, 'user_id');
	if (userId !== undefined && !BSUID_PATTERN.test(userId)) throw invalid('user_id', BSUID_RULE);
	const parentUserId = optionalText(body, 'parent_user_id');
	if (parentUserId !== undefined && !BSUID_PATTERN.test(parentUserId))
		throw invalid('parent_user_id', BSUID_RULE);
	const username = optionalText(body, 'username');
	const name = optionalText(body, 'name');
	if (number === undefined && userId === undefined)
		throw invalid(
			numberKey,
			`give ${numberKey} (the customer's number), user_id (their business-scoped user ID), or both`,
		);

	const byNumber = number === undefined ? undefined : store.customerByNumber(number);
	const byUserId = userId === undefined ? undefined : store.customerByUserId(userId, false);
	if (byNumber && byUserId && byNumber !== byUserId)
		throw invalid(
			'user_id',
			`is the user ID of another customer (${byUserId.wa_id ?? 'one without a number'}), not of ${number}`,
		);
	if (byNumber?.user_id !== undefined && userId !== undefined && byNumber.user_id !== userId)
		throw invalid(
			'user_id',
			`customer ${number} has the user ID ${byNumber.user_id} (POST /_sandbox/user-id-change changes it)`,
		);
	if (byUserId?.wa_id !== undefined && number !== undefined && byUserId.wa_id !== number)
		throw invalid(
			numberKey,
			`the customer with user ID ${userId} has the number ${byUserId.wa_id}`,
		);
	const known = byNumber ?? byUserId;
	if (parentUserId !== undefined) {
		const owner = store.customerByUserId(parentUserId);
		if (owner && owner !== known)
			throw invalid('parent_user_id', 'is the (parent) user ID of another customer');
		if (userId === undefined && known?.user_id === undefined)
			throw invalid('parent_user_id', 'needs user_id: only a customer with a user ID has a parent');
	}
	const view: Customer = {
		...(known ?? { id: '', name: 'Customer' }),
		...(number !== undefined ? { wa_id: number } : {}),
		...(userId !== undefined ? { user_id: userId } : {}),
		...(parentUserId !== undefined ? { parent_user_id: parentUserId } : {}),
		...(username !== undefined ? { username } : {}),
		...(name !== undefined ? { name } : {}),
	};
	return { view, save: () => store.saveCustomer({ ...view }) };
}

function optionalText(body: Json, key: string): string | undefined {
	const value = body[key];
	if (value === undefined) return undefined;
	if (typeof value !== 'string' || value.length === 0)
		throw invalid(key, 'must be a non-empty string');
	return value;
}

/** The customer a send addressed (a number or a user ID), if the sandbox knows them. */
export function customerOfAddress(
	store: Store,
	address: { to?: string; recipient?: string },
): Customer | undefined {
	if (address.to !== undefined) return store.customerByNumber(address.to);
	return address.recipient === undefined ? undefined : store.customerByUserId(address.recipient);
}

/** Whether `message` was sent to this customer (by their number or one of their user IDs). */
export function sentTo(message: Message, customer: Customer): boolean {
	if (message.customerId !== undefined && customer.id !== '')
		return message.customerId === customer.id;
	if (message.to !== undefined) return message.to === customer.wa_id;
	return (
		message.recipient !== undefined &&
		(message.recipient === customer.user_id || message.recipient === customer.parent_user_id)
	);
}

/** How a customer is named in a message: their number, else their user ID. */
export function customerLabel(customer: Pick<Customer, 'wa_id' | 'user_id'>): string {
	return customer.wa_id ?? customer.user_id ?? 'the customer';
}

/**
 * A number field of a delivery: the number, or for a customer without one nothing (`omit`) or an
 * empty string (`empty`), as the setting `withheldNumber` says.
 */
export function numberField(
	key: string,
	number: string | undefined,
	withheld: WithheldNumber,
): Json {
	if (number !== undefined) return { [key]: number };
	return withheld === 'empty' ? { [key]: '' } : {};
}

/** The `contacts[]` entry of a customer: `{profile:{name, username?}, wa_id, user_id?, parent_user_id?}`. */
export function contactOf(customer: Customer, withheld: WithheldNumber): Json {
	return {
		profile: {
			name: customer.name,
			...(customer.username !== undefined ? { username: customer.username } : {}),
		},
		...numberField('wa_id', customer.wa_id, withheld),
		...(customer.user_id !== undefined ? { user_id: customer.user_id } : {}),
		...(customer.parent_user_id !== undefined ? { parent_user_id: customer.parent_user_id } : {}),
	};
}

/**
 * A customer as the sender of a message or call: `from` (their number), `from_user_id`,
 * `from_parent_user_id`; `prefix` `to` gives the recipient's fields of an echo.
 */
export function addressOf(
	customer: Customer,
	withheld: WithheldNumber,
	prefix: 'from' | 'to' = 'from',
): Json {
	return {
		...numberField(prefix, customer.wa_id, withheld),
		...(customer.user_id !== undefined ? { [`${prefix}_user_id`]: customer.user_id } : {}),
		...(customer.parent_user_id !== undefined
			? { [`${prefix}_parent_user_id`]: customer.parent_user_id }
			: {}),
	};
}
