import type { IDataObject } from 'n8n-workflow';
import { compact, isObject, objectsOf, textOf, timestamps, type TriggerEvent } from './common';
import { customerFields } from './customer';

/**
 * Meta's conversation routing (2026): when several apps answer on one number, each chat has one
 * owner. The `messaging_handovers` field tells an app that a chat's ownership changed:
 * `control_passed` goes to the app that now owns it, `control_taken` to the app it was taken from
 * (a release names no new owner and sends nothing). Meta's page names the owners by role, never
 * by app; the envelope's `type` says which of the two objects sits beside it.
 *
 * Meta's page shows the envelope only in part, so the reading is wide: the object may sit in the
 * value or in a list of it, and the owners may be named as roles or as app IDs.
 */

const KINDS = { control_passed: 'controlPassed', control_taken: 'controlTaken' } as const;
type HandoverKind = keyof typeof KINDS;

function kindOf(notice: IDataObject): HandoverKind | undefined {
	const named = textOf(notice.type);
	if (named !== undefined && named in KINDS) return named as HandoverKind;
	return (Object.keys(KINDS) as HandoverKind[]).find((kind) => isObject(notice[kind]));
}

/** The first of `keys` that holds text, in the handover's object and then in its notice. */
function firstText(places: IDataObject[], keys: string[]): string | undefined {
	for (const place of places)
		for (const key of keys) {
			const text = textOf(place[key]);
			if (text !== undefined) return text;
		}
	return undefined;
}

/** `messaging_handovers`: one Chat Control Passed or Taken item per notice. */
export function handoverEvents(value: IDataObject, where: IDataObject): TriggerEvent[] {
	const notices = [value, ...objectsOf(value.messaging_handovers), ...objectsOf(value.handovers)];
	const contacts = objectsOf(value.contacts);
	const events: TriggerEvent[] = [];
	for (const notice of notices) {
		const kind = kindOf(notice);
		if (kind === undefined) continue;
		const detail = isObject(notice[kind]) ? (notice[kind] as IDataObject) : {};
		const places = [detail, notice];
		events.push(
			compact({
				eventType: KINDS[kind],
				...customerFields(
					{
						phone: firstText(places, ['wa_id', 'from', 'user', 'recipient', 'to']),
						userId: firstText(places, ['user_id', 'bsuid']),
						parentUserId: firstText(places, ['parent_user_id']),
					},
					contacts,
				),
				previousOwner: firstText(places, [
					'previous_owner_role',
					'previous_owner',
					'previous_owner_app_id',
				]),
				newOwner: firstText(places, ['new_owner_role', 'new_owner', 'new_owner_app_id']),
				// The text the app that passed or took the chat sent with it (a string; the value's own
				// `metadata` is the number's).
				note: textOf(detail.metadata),
				...timestamps(detail.timestamp ?? notice.timestamp),
				...where,
				raw: notice,
			}) as TriggerEvent,
		);
	}
	return events;
}

/** A standby copy: what the chat's owner, another app, receives and sends, passed on to us. */
export function markedStandby(events: TriggerEvent[]): TriggerEvent[] {
	return events.map((event) => ({ ...event, standby: true }));
}
