import type { IDataObject } from 'n8n-workflow';
import {
	compact,
	dateOf,
	errorFields,
	isObject,
	listOf,
	textOf,
	timestamps,
	type TriggerEvent,
} from './common';
import { customerFields } from './customer';

/** What became of a message the business sent: sent, delivered, read, played, or failed. */

/** The statuses the Message Statuses option names; any other is chosen by its Other option. */
export const MESSAGE_STATUSES = ['delivered', 'failed', 'played', 'read', 'sent'];

export function messageStatus(
	status: IDataObject,
	contacts: IDataObject[],
	where: IDataObject,
): TriggerEvent {
	const pricing = isObject(status.pricing) ? status.pricing : {};
	const conversation = isObject(status.conversation) ? status.conversation : {};
	const origin = isObject(conversation.origin) ? conversation.origin : {};
	return compact({
		eventType: 'messageStatus',
		messageId: textOf(status.id),
		status: textOf(status.status),
		// Sent to a user ID, or to a customer with a username, the number may be left out.
		...customerFields(
			{
				phone: status.recipient_id,
				userId: status.recipient_user_id,
				// Meta renamed it in May 2026; receipts under the old name still arrive.
				parentUserId: status.recipient_parent_user_id ?? status.parent_recipient_user_id,
			},
			contacts,
			{ phone: 'recipient', userId: 'recipientUserId' },
		),
		...timestamps(status.timestamp),
		...where,
		billable: typeof pricing.billable === 'boolean' ? pricing.billable : undefined,
		pricingCategory: textOf(pricing.category),
		pricingType: textOf(pricing.type),
		pricingModel: textOf(pricing.pricing_model),
		conversationId: textOf(conversation.id),
		conversationCategory: textOf(origin.type),
		conversationExpiresAt: dateOf(conversation.expiration_timestamp),
		bizOpaqueCallbackData: textOf(status.biz_opaque_callback_data),
		...errorFields(status.errors),
		errors: listOf(status.errors),
		raw: status,
	}) as TriggerEvent;
}

/** Whether the Message Statuses option takes this status. */
export function statusChosen(chosen: Set<string>, status: unknown): boolean {
	const name = textOf(status);
	return name !== undefined && MESSAGE_STATUSES.includes(name)
		? chosen.has(name)
		: chosen.has('other');
}
