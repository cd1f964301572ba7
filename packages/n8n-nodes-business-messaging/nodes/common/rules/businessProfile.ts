import { characterCount } from '../characters';

/**
 * The business profile's limits, as Meta's page "Business profiles" gives them: About 1 to 139
 * characters (it cannot be emptied), Address 256, Description 512, Email 128 in the form of an
 * address, at most 2 websites of 256 characters each starting with http:// or https://, and a
 * profile photo of JPEG or PNG. Each returns what is wrong, or undefined.
 */
export const PROFILE_LIMITS = {
	about: 139,
	address: 256,
	description: 512,
	email: 128,
	websites: 2,
	website: 256,
} as const;

export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png'];

/** The industries Meta's page lists for `vertical`, with the names WhatsApp shows. */
export const VERTICALS: Array<{ name: string; value: string }> = [
	{ name: 'Alcoholic Beverages', value: 'ALCOHOL' },
	{ name: 'Automotive', value: 'AUTO' },
	{ name: 'Beauty, Spa and Salon', value: 'BEAUTY' },
	{ name: 'Clothing and Apparel', value: 'APPAREL' },
	{ name: 'Education', value: 'EDU' },
	{ name: 'Entertainment', value: 'ENTERTAIN' },
	{ name: 'Event Planning and Service', value: 'EVENT_PLAN' },
	{ name: 'Finance and Banking', value: 'FINANCE' },
	{ name: 'Food and Grocery', value: 'GROCERY' },
	{ name: 'Hotel and Lodging', value: 'HOTEL' },
	{ name: 'Medical and Health', value: 'HEALTH' },
	{ name: 'Non-Online Gambling and Gaming', value: 'PHYSICAL_GAMBLING' },
	{ name: 'Non-Profit', value: 'NONPROFIT' },
	{ name: 'Online Gambling and Gaming', value: 'ONLINE_GAMBLING' },
	{ name: 'Other', value: 'OTHER' },
	{ name: 'Over-the-Counter Drugs', value: 'OTC_DRUGS' },
	{ name: 'Professional Services', value: 'PROF_SERVICES' },
	{ name: 'Public Service', value: 'GOVT' },
	{ name: 'Restaurant', value: 'RESTAURANT' },
	{ name: 'Shopping and Retail', value: 'RETAIL' },
	{ name: 'Travel and Transportation', value: 'TRAVEL' },
];

/** An address with one @, no spaces, and a dot in its domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why a text field breaks its limit (About also when empty), or undefined. */
export function profileTextProblem(
	field: 'about' | 'address' | 'description' | 'email',
	value: string,
): string | undefined {
	const max = PROFILE_LIMITS[field];
	if (field === 'about' && value.trim() === '') return 'cannot be empty';
	if (characterCount(value) > max)
		return `has ${characterCount(value)} characters; it may have at most ${max}`;
	if (field === 'email' && value !== '' && !EMAIL.test(value))
		return `"${value}" is not an email address`;
	return undefined;
}

/** Why a website breaks its rule, or undefined. */
export function websiteProblem(value: string): string | undefined {
	if (!/^https?:\/\/\S+$/i.test(value)) return `"${value}" must start with http:// or https://`;
	if (characterCount(value) > PROFILE_LIMITS.website)
		return `has ${characterCount(value)} characters; it may have at most ${PROFILE_LIMITS.website}`;
	return undefined;
}
