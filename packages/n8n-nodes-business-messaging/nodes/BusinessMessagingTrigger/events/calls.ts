import type { IDataObject } from 'n8n-workflow';
import {
	compact,
	dateOf,
	errorFields,
	isObject,
	listOf,
	numberOf,
	objectsOf,
	textOf,
	timestamps,
	type TriggerEvent,
} from './common';
import { customerFields } from './customer';

/**
 * The `calls` field (WhatsApp Business Calling): one Call event per call event the platform
 * reports. A call connecting (`connect`, with the SDP offer to answer it) or ending
 * (`terminate`, with its status and duration) comes in `calls`; a business-initiated call
 * ringing, accepted or rejected comes in `statuses`. The customer is `from` on a call they
 * started, `to` on one the business started, `recipient_id` on a status.
 */
export function callEvents(value: IDataObject, where: IDataObject): TriggerEvent[] {
	const contacts = objectsOf(value.contacts);
	const events: TriggerEvent[] = [];
	for (const call of objectsOf(value.calls)) {
		const businessStarted = textOf(call.direction) === 'BUSINESS_INITIATED';
		const customer = businessStarted
			? { phone: call.to, userId: call.to_user_id, parentUserId: call.to_parent_user_id }
			: { phone: call.from, userId: call.from_user_id, parentUserId: call.from_parent_user_id };
		const session = isObject(call.session) ? call.session : undefined;
		events.push(
			compact({
				eventType: 'call',
				callId: textOf(call.id),
				callEvent: textOf(call.event),
				direction: textOf(call.direction),
				status: textOf(call.status),
				...customerFields(customer, contacts, {
					phone: businessStarted ? 'to' : 'from',
					userId: 'userId',
				}),
				...timestamps(call.timestamp),
				...where,
				startedAt: dateOf(call.start_time),
				endedAt: dateOf(call.end_time),
				durationSeconds: numberOf(call.duration),
				session:
					session && compact({ sdpType: textOf(session.sdp_type), sdp: textOf(session.sdp) }),
				bizOpaqueCallbackData: textOf(call.biz_opaque_callback_data),
				...errorFields(call.errors),
				errors: listOf(call.errors),
				raw: call,
			}) as TriggerEvent,
		);
	}
	for (const status of objectsOf(value.statuses)) {
		events.push(
			compact({
				eventType: 'call',
				callId: textOf(status.id),
				callEvent: 'status',
				direction: 'BUSINESS_INITIATED',
				status: textOf(status.status),
				...customerFields(
					{
						phone: status.recipient_id,
						userId: status.recipient_user_id,
						parentUserId: status.recipient_parent_user_id,
					},
					contacts,
					{ phone: 'to', userId: 'userId' },
				),
				...timestamps(status.timestamp),
				...where,
				bizOpaqueCallbackData: textOf(status.biz_opaque_callback_data),
				...errorFields(status.errors),
				errors: listOf(status.errors),
				raw: status,
			}) as TriggerEvent,
		);
	}
	return events;
}
