import type { ChatOwner, Customer } from './model';
import type { Store } from './store';

/**
 * Meta's conversation routing (2026), as the sandbox plays it. When a number has a second
 * responder (Meta's Business Agent, a helpdesk), the business names a primary for each entry
 * point; each chat then has one owner at a time. The sandbox plays that second app ("the other
 * app"):
 * - a customer's message goes to the chat's owner. When the owner is the other app, this app
 *   gets a `standby` copy if it has standby visibility, and nothing otherwise;
 * - `control_passed` goes to the app a chat is passed to, `control_taken` to the app it is taken
 *   from; a release sends nothing (Meta's messaging_handovers page);
 * - a service message this app sends takes the chat back (Meta's standby page);
 * - the Routing Roles API reports this app's own roles only (`roles`, `is_standby`).
 *
 * Meta's pages do not show every name here: the entry-point roles ("messages", "calls") and the
 * handover's fields are the sandbox's reading, and the node reads them widely.
 */

/** The role this app is named by in handovers. */
export const OUR_ROLE = 'primary';

export const ENTRY_POINT_ROLES = ['messages', 'calls'] as const;

const chatKey = (phoneNumberId: string, customer: Customer) => `${phoneNumberId}:${customer.id}`;

/** Who owns the chat: its owner, or when idle the primary of the messages entry point. */
export function ownerOf(store: Store, phoneNumberId: string, customer: Customer): ChatOwner {
	const routing = store.routing.get(phoneNumberId);
	if (!routing) return 'us';
	return (
		store.chatOwners.get(chatKey(phoneNumberId, customer)) ??
		(routing.roles.includes('messages') ? 'us' : 'other')
	);
}

export function setOwner(
	store: Store,
	phoneNumberId: string,
	customer: Customer,
	owner: ChatOwner | undefined,
): void {
	const key = chatKey(phoneNumberId, customer);
	if (owner === undefined) store.chatOwners.delete(key);
	else store.chatOwners.set(key, owner);
}

/** Where a customer's message reaches this app: the `messages` field, a `standby` copy, or not. */
export function incomingField(
	store: Store,
	phoneNumberId: string,
	customer: Customer,
): 'messages' | 'standby' | undefined {
	if (ownerOf(store, phoneNumberId, customer) === 'us') return 'messages';
	return store.routing.get(phoneNumberId)?.isStandby ? 'standby' : undefined;
}

/** This app's roles as the Routing Roles API answers them; every role when it is alone. */
export function rolesOf(store: Store, phoneNumberId: string) {
	const routing = store.routing.get(phoneNumberId);
	return {
		roles: routing ? [...routing.roles] : [...ENTRY_POINT_ROLES],
		is_standby: routing?.isStandby ?? false,
	};
}

/** A service message this app sends: the chat is ours again, and its owner is told nothing here. */
export function takenBack(store: Store, phoneNumberId: string, customer: Customer): void {
	if (store.routing.has(phoneNumberId)) setOwner(store, phoneNumberId, customer, 'us');
}
