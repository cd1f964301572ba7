import { CUSTOMER_NUMBER, isUserId } from '../customers';
import { ErrorCode, invalid, refused } from '../errors';
import type { Customer } from '../model';
import type { Store } from '../store';
import { isObject, onlyKeys, requireString, type Json } from '../validate';

/**
 * The Cloud API's Block Users API (POST, DELETE and GET /{phone_number_id}/block_users; docs/API.md,
 * "Blocking users"): a number blocks customers who wrote to it in the last 24 hours, at most 1,000
 * per request and 64,000 in all. Each user is answered on their own (`added_users` or
 * `removed_users`, `failed_users` with their errors), since some may fail where others pass.
 */
export const MAX_USERS_PER_REQUEST = 1000;
export const BLOCKLIST_LIMIT = 64_000;

/** One user of a request, as the answer names them: the input as sent, and who it is. */
export interface UserResult extends Json {
	input: string;
	wa_id?: string;
	user_id?: string;
}

export interface BlockOutcome {
	done: UserResult[];
	failed: Array<UserResult & { errors: Json[] }>;
}

/** The users a block or unblock request names (`{messaging_product, block_users: [{user}]}`). */
export function usersOf(body: Json): string[] {
	if (body.messaging_product !== 'whatsapp')
		throw invalid('messaging_product', 'must be "whatsapp"');
	onlyKeys(body, ['messaging_product', 'block_users'], 'body');
	const list = body.block_users;
	if (!Array.isArray(list) || list.length === 0)
		throw invalid('block_users', 'must be a non-empty list of {user}');
	if (list.length > MAX_USERS_PER_REQUEST)
		throw invalid('block_users', `takes at most ${MAX_USERS_PER_REQUEST} users per request`);
	return list.map((entry, i) => {
		if (!isObject(entry)) throw invalid(`block_users[${i}]`, 'must be an object {user}');
		onlyKeys(entry, ['user'], `block_users[${i}]`);
		return requireString(entry, 'user', `block_users[${i}].user`);
	});
}

/** The customer a `user` names: a phone number (with or without +), a WhatsApp ID or a user ID. */
function customerNamed(store: Store, user: string): Customer | undefined | 'invalid' {
	const digits = user.replace(/^\+/, '').replace(/[\s\-()]/g, '');
	if (isUserId(user)) return store.customerByUserId(user);
	if (!CUSTOMER_NUMBER.test(digits)) return 'invalid';
	return store.customerByNumber(digits);
}

function resultOf(input: string, customer?: Customer): UserResult {
	return {
		input,
		...(customer?.wa_id !== undefined ? { wa_id: customer.wa_id } : {}),
		...(customer?.wa_id === undefined && customer?.user_id !== undefined
			? { user_id: customer.user_id }
			: {}),
	};
}

function failure(
	input: string,
	customer: Customer | undefined,
	code: number,
	message: string,
	details: string,
) {
	return { ...resultOf(input, customer), errors: [{ message, code, error_data: { details } }] };
}

const INVALID_USER = (input: string) =>
	failure(
		input,
		undefined,
		ErrorCode.invalidParameter,
		'Invalid parameter',
		'user is neither a phone number nor a WhatsApp ID',
	);

/** Blocks each user who wrote in the last 24 hours; one already blocked stays blocked. */
export function blockUsers(
	store: Store,
	phoneNumberId: string,
	users: string[],
	now: number,
): BlockOutcome {
	const list = store.blockedUsers.get(phoneNumberId) ?? new Map<string, number>();
	const outcome: BlockOutcome = { done: [], failed: [] };
	const adding: Customer[] = [];
	for (const input of users) {
		const customer = customerNamed(store, input);
		if (customer === 'invalid') outcome.failed.push(INVALID_USER(input));
		else if (!customer || !store.windowOpen(phoneNumberId, customer, now))
			outcome.failed.push(
				failure(
					input,
					customer,
					ErrorCode.outsideCustomerWindow,
					'Re-engagement required',
					'User has not messaged in the last 24 hours',
				),
			);
		else {
			outcome.done.push(resultOf(input, customer));
			if (!list.has(customer.id)) adding.push(customer);
		}
	}
	const newOnes = new Set(adding.map((c) => c.id));
	if (list.size + newOnes.size > BLOCKLIST_LIMIT)
		throw refused(
			ErrorCode.blocklistFull,
			`Blocklist limit reached: a number blocks at most ${BLOCKLIST_LIMIT} users (${list.size} now)`,
		);
	for (const customer of adding) if (!list.has(customer.id)) list.set(customer.id, store.nextSeq());
	store.blockedUsers.set(phoneNumberId, list);
	return outcome;
}

/** Unblocks each user; one not blocked is unblocked already (a delete, repeatable). */
export function unblockUsers(store: Store, phoneNumberId: string, users: string[]): BlockOutcome {
	const list = store.blockedUsers.get(phoneNumberId);
	const outcome: BlockOutcome = { done: [], failed: [] };
	for (const input of users) {
		const customer = customerNamed(store, input);
		if (customer === 'invalid') outcome.failed.push(INVALID_USER(input));
		else {
			if (customer) list?.delete(customer.id);
			outcome.done.push(resultOf(input, customer));
		}
	}
	return outcome;
}

/** The number's blocked customers, in the order they were blocked, with their place. */
export function blockedList(
	store: Store,
	phoneNumberId: string,
): Array<{ customer: Customer; seq: number }> {
	const list = store.blockedUsers.get(phoneNumberId) ?? new Map<string, number>();
	return [...list]
		.map(([id, seq]) => ({ customer: store.customers.get(id), seq }))
		.filter((entry): entry is { customer: Customer; seq: number } => entry.customer !== undefined)
		.sort((a, b) => a.seq - b.seq);
}
