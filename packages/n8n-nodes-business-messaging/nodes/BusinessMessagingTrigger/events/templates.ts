import type { IDataObject } from 'n8n-workflow';
import { compact, dateOf, isObject, textOf, timestamps, type TriggerEvent } from './common';

/**
 * What the platform says about a template: its status (review, pause, disable), its category
 * and its quality score. These come once per account (entry), with the entry's time.
 */

export interface TemplateChange {
	value: IDataObject;
	businessAccountId: string | undefined;
	time: unknown;
}

function templateOf({ value, businessAccountId, time }: TemplateChange): IDataObject {
	return compact({
		templateId: textOf(value.message_template_id),
		templateName: textOf(value.message_template_name),
		language: textOf(value.message_template_language),
		businessAccountId,
		...timestamps(time),
	});
}

/** field `message_template_status_update` */
export function templateStatus(change: TemplateChange): TriggerEvent {
	const { value } = change;
	const info = isObject(value.other_info) ? value.other_info : {};
	const disabled = isObject(value.disable_info) ? value.disable_info : {};
	const rejection = isObject(value.rejection_info) ? value.rejection_info : {};
	return compact({
		eventType: 'templateStatus',
		status: textOf(value.event),
		...templateOf(change),
		// As sent: the platform sends null for a template scheduled for deletion.
		reason: value.reason,
		category: textOf(value.message_template_category),
		// A pause, an unpause or a lock says why in other_info.
		title: textOf(info.title),
		description: textOf(info.description),
		disableDate: dateOf(disabled.disable_date),
		rejectionDetail: textOf(rejection.reason),
		recommendation: textOf(rejection.recommendation),
		raw: value,
	}) as TriggerEvent;
}

/** field `template_category_update`: recategorized, or (with correct_category) about to be. */
export function templateCategory(change: TemplateChange): TriggerEvent {
	const { value } = change;
	return compact({
		eventType: 'templateCategory',
		...templateOf(change),
		previousCategory: textOf(value.previous_category),
		newCategory: textOf(value.new_category),
		correctCategory: textOf(value.correct_category),
		categoryUpdateDate: dateOf(value.category_update_timestamp),
		raw: value,
	}) as TriggerEvent;
}

/** field `message_template_quality_update` */
export function templateQuality(change: TemplateChange): TriggerEvent {
	const { value } = change;
	return compact({
		eventType: 'templateQuality',
		...templateOf(change),
		previousQualityScore: textOf(value.previous_quality_score),
		newQualityScore: textOf(value.new_quality_score),
		raw: value,
	}) as TriggerEvent;
}
