import { ErrorCode, invalid, refused } from '../errors';
import type { Template } from '../model';
import { oneOf, type Json } from '../validate';

/**
 * The Marketing Messages API for WhatsApp (POST /{phone_number_id}/marketing_messages; docs/API.md,
 * "Marketing messages"): a template message as on /messages, for MARKETING templates, with
 * `product_policy` and `message_activity_sharing` beside it. And the Cloud API's side: a business
 * that turned marketing off on Cloud API has MARKETING templates refused there with 131063.
 */

export const MARKETING_KEYS = ['product_policy', 'message_activity_sharing'] as const;
export const PRODUCT_POLICIES = ['CLOUD_API_FALLBACK', 'STRICT'] as const;

export interface MarketingOptions {
	productPolicy?: (typeof PRODUCT_POLICIES)[number];
	activitySharing?: boolean;
}

/** The endpoint's own fields, checked; only templates go through it. */
export function marketingOptions(body: Json): MarketingOptions {
	if (body.type !== 'template')
		throw invalid('type', 'the Marketing Messages API sends templates only (type "template")');
	const options: MarketingOptions = {};
	if (body.product_policy !== undefined)
		options.productPolicy = oneOf(body.product_policy, PRODUCT_POLICIES, 'product_policy');
	if (body.message_activity_sharing !== undefined) {
		if (typeof body.message_activity_sharing !== 'boolean')
			throw invalid('message_activity_sharing', 'must be true or false');
		options.activitySharing = body.message_activity_sharing;
	}
	return options;
}

/** The Marketing Messages API sends MARKETING templates only. */
export function marketingTemplateOnly(template: Template): void {
	if (template.category !== 'MARKETING')
		throw invalid(
			'template',
			`${template.name} (${template.language}) is a ${template.category} template; the Marketing Messages API sends MARKETING templates only`,
		);
}

/** /messages refuses a MARKETING template when marketing is off on Cloud API (131063). */
export function cloudApiTakesMarketing(enabled: boolean, template: Template): void {
	if (!enabled && template.category === 'MARKETING')
		throw refused(
			ErrorCode.marketingOffOnCloudApi,
			`(#${ErrorCode.marketingOffOnCloudApi}) Marketing messages are turned off on Cloud API for this business: send MARKETING templates through the Marketing Messages API`,
			'template',
		);
}
