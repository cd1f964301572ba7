import { ErrorCode, invalid, refused } from '../errors';
import type { BusinessProfile, UploadHandle } from '../model';
import { characterCount } from '../characters';
import { onlyKeys, oneOf, type Json } from '../validate';

/**
 * The Business Profile API on a number (GET and POST /{phone_number_id}/whatsapp_business_profile;
 * docs/API.md, "Business profile"), the rules of Meta's "Business profiles" page, one function
 * each.
 */

export const PROFILE_FIELDS = [
	'about',
	'address',
	'description',
	'email',
	'profile_picture_url',
	'websites',
	'vertical',
] as const;

/** Meta's page: About is 1 to 139 characters. */
export const ABOUT_MAX = 139;
export const ADDRESS_MAX = 256;
export const DESCRIPTION_MAX = 512;
export const EMAIL_MAX = 128;
export const WEBSITES_MAX = 2;
export const WEBSITE_MAX = 256;

/** The industries Meta's page lists for `vertical`. */
export const VERTICALS = [
	'UNDEFINED',
	'OTHER',
	'AUTO',
	'BEAUTY',
	'APPAREL',
	'EDU',
	'ENTERTAIN',
	'EVENT_PLAN',
	'FINANCE',
	'GROCERY',
	'GOVT',
	'HOTEL',
	'HEALTH',
	'NONPROFIT',
	'PROF_SERVICES',
	'RETAIL',
	'TRAVEL',
	'RESTAURANT',
	'ALCOHOL',
	'ONLINE_GAMBLING',
	'PHYSICAL_GAMBLING',
	'OTC_DRUGS',
] as const;

/** The picture types the page takes for a profile photo. */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png'];

/** An address with one @, no spaces, and a dot in its domain: the form the page asks for. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What an update changes: the fields given, and the photo's handle if one was given. */
export interface ProfileUpdate {
	fields: Partial<BusinessProfile>;
	pictureHandle?: string;
}

/** The body of an update, every rule checked before anything changes. */
export function profileUpdate(
	body: Json,
	handleOf: (h: string) => UploadHandle | undefined,
): ProfileUpdate {
	if (body.messaging_product !== 'whatsapp')
		throw invalid('messaging_product', 'must be "whatsapp"');
	onlyKeys(
		body,
		[
			'messaging_product',
			'about',
			'address',
			'description',
			'email',
			'websites',
			'vertical',
			'profile_picture_handle',
		],
		'body',
	);
	const fields: Partial<BusinessProfile> = {};
	if (body.about !== undefined) fields.about = about(body.about);
	if (body.address !== undefined) fields.address = limited(body.address, 'address', ADDRESS_MAX);
	if (body.description !== undefined)
		fields.description = limited(body.description, 'description', DESCRIPTION_MAX);
	if (body.email !== undefined) fields.email = email(body.email);
	if (body.websites !== undefined) fields.websites = websites(body.websites);
	if (body.vertical !== undefined) fields.vertical = oneOf(body.vertical, VERTICALS, 'vertical');
	const pictureHandle =
		body.profile_picture_handle === undefined
			? undefined
			: pictureOf(body.profile_picture_handle, handleOf);
	return { fields, ...(pictureHandle ? { pictureHandle } : {}) };
}

/** About: 1 to 139 characters; it cannot be emptied. */
function about(value: unknown): string {
	if (typeof value !== 'string') throw invalid('about', 'must be a string');
	if (value.trim() === '') throw invalid('about', 'cannot be empty');
	return limited(value, 'about', ABOUT_MAX);
}

/** Address, description: a string of at most `max` characters ("" clears it). */
function limited(value: unknown, field: string, max: number): string {
	if (typeof value !== 'string') throw invalid(field, 'must be a string');
	if (characterCount(value) > max)
		throw invalid(field, `must be at most ${max} characters (it has ${characterCount(value)})`);
	return value;
}

/** Email: at most 128 characters, in the form of an address ("" clears it). */
function email(value: unknown): string {
	const text = limited(value, 'email', EMAIL_MAX);
	if (text !== '' && !EMAIL.test(text)) throw invalid('email', 'must be a valid email address');
	return text;
}

/** Websites: at most 2, each at most 256 characters, starting with http:// or https://. */
function websites(value: unknown): string[] {
	if (!Array.isArray(value)) throw invalid('websites', 'must be a list of addresses');
	if (value.length > WEBSITES_MAX)
		throw invalid('websites', `takes at most ${WEBSITES_MAX} addresses (it has ${value.length})`);
	return value.map((site, index) => {
		const path = `websites[${index}]`;
		const text = limited(site, path, WEBSITE_MAX);
		if (!/^https?:\/\/\S+$/i.test(text)) throw invalid(path, 'must start with http:// or https://');
		return text;
	});
}

/** The photo: a handle of the resumable upload, of a JPEG or PNG file, uploaded with this key. */
function pictureOf(value: unknown, handleOf: (h: string) => UploadHandle | undefined): string {
	if (typeof value !== 'string' || value.trim() === '')
		throw invalid('profile_picture_handle', 'must be the handle (h) of a resumable upload');
	const upload = handleOf(value);
	if (!upload)
		throw invalid('profile_picture_handle', 'is not the handle of an upload made with this key');
	if (!PROFILE_PICTURE_TYPES.includes(upload.fileType))
		throw refused(
			ErrorCode.mediaUpload,
			`(#${ErrorCode.mediaUpload}) profile_picture_handle: the file is ${upload.fileType}; a profile photo must be image/jpeg or image/png`,
			'profile_picture_handle',
		);
	return value;
}

/** The answer of a GET: `messaging_product` and the fields asked for that the profile has. */
export function profileAnswer(profile: BusinessProfile, asked: readonly string[]): Json {
	const answer: Json = { messaging_product: 'whatsapp' };
	for (const name of asked) {
		const value = (profile as unknown as Json)[name];
		// A field not set is left out, as the platform leaves it out.
		const unset = value === undefined || value === '' || (Array.isArray(value) && !value.length);
		if (!unset) answer[name] = value;
	}
	return answer;
}
