import type { IDataObject } from 'n8n-workflow';
import { compact, contactOf, profileOf, textOf } from './common';

/**
 * Who a customer is, the same way on every event: their number when the platform gives one,
 * their business-scoped user ID (customers with a WhatsApp username may have no number in a
 * delivery: Meta's "Business-scoped user IDs"), the parent user ID, and their profile.
 *
 * `sendTo` is the customer's key everywhere the package recognises a customer (bursts,
 * redeliveries, free-text Send and Wait answers): the number, else the user ID. It is also what
 * every Recipient field takes as it is.
 */
export interface CustomerIds {
	/** The number, as the delivery gives it (`from`, `wa_id`, `recipient_id`, `to`). */
	phone: unknown;
	/** The user ID the part itself names (`from_user_id`, `recipient_user_id`, `to_user_id`). */
	userId: unknown;
	parentUserId?: unknown;
}

export function customerFields(
	ids: CustomerIds,
	contacts: IDataObject[],
	names: { phone: string; userId: string } = { phone: 'from', userId: 'userId' },
): IDataObject {
	const phone = textOf(ids.phone);
	const contact = contactOf(contacts, phone, textOf(ids.userId));
	const userId = textOf(ids.userId) ?? textOf(contact?.user_id);
	return compact({
		[names.phone]: phone,
		[names.userId]: userId,
		parentUserId: textOf(ids.parentUserId) ?? textOf(contact?.parent_user_id),
		sendTo: phone ?? userId,
		...profileOf(contact),
	});
}

/**
 * Every identity an event names for its customer (number and user ID): a free-text question
 * opened by a receipt that named only the user ID is answered by a message that names both.
 */
export function customerIdsOf(event: Record<string, unknown>): string[] {
	const ids = [event.sendTo, event.from, event.recipient, event.userId, event.recipientUserId]
		.map(textOf)
		.filter((id): id is string => id !== undefined);
	return [...new Set(ids)];
}
