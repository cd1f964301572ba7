import type { IDataObject } from 'n8n-workflow';
import {
	compact,
	errorFields,
	isObject,
	objectsOf,
	textOf,
	timestamps,
	type TriggerEvent,
} from './common';
import { customerFields } from './customer';

/**
 * Events about the account and its customers rather than one message: errors the platform
 * reports outside a message, marketing opt-outs, user ID changes, account updates and alerts,
 * and a template's components changing.
 */

/**
 * Errors in a change's value, outside any message or status (a rate limit, an app that cannot
 * be reached): one Error per error, with the platform's code, title, message and details.
 */
export function errorEvents(errors: unknown, where: IDataObject): TriggerEvent[] {
	return objectsOf(errors).map(
		(error) =>
			compact({
				eventType: 'error',
				...errorFields([error]),
				href: textOf(error.href),
				...where,
				raw: error,
			}) as TriggerEvent,
	);
}

/**
 * `user_preferences`: one Marketing Preference per customer who stopped or resumed marketing
 * messages (the platform stops delivering marketing templates to a customer who said stop).
 */
export function marketingPreferences(value: IDataObject, where: IDataObject): TriggerEvent[] {
	const contacts = objectsOf(value.contacts);
	return objectsOf(value.user_preferences).map(
		(preference) =>
			compact({
				eventType: 'marketingPreference',
				...customerFields(
					{
						phone: preference.wa_id,
						userId: preference.user_id,
						parentUserId: preference.parent_user_id,
					},
					contacts,
					{ phone: 'waId', userId: 'userId' },
				),
				category: textOf(preference.category),
				preference: textOf(preference.value),
				detail: textOf(preference.detail),
				...timestamps(preference.timestamp),
				...where,
				raw: preference,
			}) as TriggerEvent,
	);
}

/**
 * `user_id_update`: a customer's user ID changed (it changes with their number): the previous
 * and the current one, so that a workflow can update its records.
 */
export function userIdUpdates(value: IDataObject, where: IDataObject): TriggerEvent[] {
	const contacts = objectsOf(value.contacts);
	return objectsOf(value.user_id_update).map((update) => {
		const userId = isObject(update.user_id) ? update.user_id : {};
		const parent = isObject(update.parent_user_id) ? update.parent_user_id : {};
		return compact({
			eventType: 'userIdUpdate',
			...customerFields(
				{ phone: update.wa_id, userId: userId.current, parentUserId: parent.current },
				contacts,
				{ phone: 'waId', userId: 'userId' },
			),
			previousUserId: textOf(userId.previous),
			previousParentUserId: textOf(parent.previous),
			detail: textOf(update.detail),
			...timestamps(update.timestamp),
			...where,
			raw: update,
		}) as TriggerEvent;
	});
}

/** `account_update`: the account was verified, restricted, banned, or a partner was added. */
export function accountUpdate(value: IDataObject, where: IDataObject): TriggerEvent {
	const ban = isObject(value.ban_info) ? value.ban_info : {};
	const violation = isObject(value.violation_info) ? value.violation_info : {};
	const waba = isObject(value.waba_info) ? value.waba_info : {};
	return compact({
		eventType: 'accountUpdate',
		update: textOf(value.event),
		phoneNumber: textOf(value.phone_number),
		banState: textOf(ban.waba_ban_state),
		banDate: textOf(ban.waba_ban_date),
		violationType: textOf(violation.violation_type),
		restrictions: Array.isArray(value.restriction_info) ? value.restriction_info : undefined,
		partnerBusinessAccountId: textOf(waba.waba_id),
		ownerBusinessId: textOf(waba.owner_business_id),
		...where,
		raw: value,
	}) as TriggerEvent;
}

/** `account_alerts`: an alert about the account or a number (e.g. a messaging limit). */
export function accountAlert(value: IDataObject, where: IDataObject): TriggerEvent {
	const alert = isObject(value.alert_info) ? value.alert_info : {};
	return compact({
		eventType: 'accountAlert',
		entityType: textOf(value.entity_type),
		entityId: textOf(value.entity_id),
		severity: textOf(alert.alert_severity),
		alertStatus: textOf(alert.alert_status),
		alertType: textOf(alert.alert_type),
		description: textOf(alert.alert_description),
		...where,
		raw: value,
	}) as TriggerEvent;
}

/** `message_template_components_update`: a template's text or buttons changed. */
export function templateComponents(value: IDataObject, where: IDataObject): TriggerEvent {
	return compact({
		eventType: 'templateComponents',
		templateId: textOf(value.message_template_id),
		templateName: textOf(value.message_template_name),
		language: textOf(value.message_template_language),
		header: textOf(value.message_template_title),
		body: textOf(value.message_template_element),
		footer: textOf(value.message_template_footer),
		buttons: Array.isArray(value.message_template_buttons)
			? objectsOf(value.message_template_buttons).map((button) =>
					compact({
						type: textOf(button.message_template_button_type),
						text: textOf(button.message_template_button_text),
						url: textOf(button.message_template_button_url),
						phoneNumber: textOf(button.message_template_button_phone_number),
					}),
				)
			: undefined,
		...where,
		raw: value,
	}) as TriggerEvent;
}
