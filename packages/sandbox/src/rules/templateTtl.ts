import { invalid } from '../errors';
import type { TemplateCategory } from '../model';

/**
 * A template's time-to-live (`message_send_ttl_seconds`), Meta's "Configure message time-to-live"
 * page: whole seconds, 30 to 900 for an authentication template, 30 to 43,200 for a utility one,
 * 43,200 to 2,592,000 for a marketing one (which applies through the Marketing Messages API).
 */
export const TTL_RANGES: Record<TemplateCategory, { min: number; max: number }> = {
	AUTHENTICATION: { min: 30, max: 900 },
	UTILITY: { min: 30, max: 43_200 },
	MARKETING: { min: 43_200, max: 2_592_000 },
};

export function timeToLive(value: unknown, category: TemplateCategory): number {
	const { min, max } = TTL_RANGES[category];
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
		throw invalid(
			'message_send_ttl_seconds',
			`must be a whole number of seconds from ${min} to ${max} for a ${category} template (got ${JSON.stringify(value)})`,
		);
	return value;
}
