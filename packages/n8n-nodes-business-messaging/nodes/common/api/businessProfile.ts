import type { IDataObject } from 'n8n-workflow';
import type { Context, RequestContext } from '../transport';
import { changeNumberSetting, readNumberSetting } from './numberSetting';

/**
 * The Cloud API's Business Profile API on a number (docs/API.md, "Business profile"): GET reads
 * the fields asked for, POST changes the fields given.
 */

/** Every field of the profile, all asked for: an API answers only what is asked. */
export const PROFILE_FIELDS = [
	'about',
	'address',
	'description',
	'email',
	'profile_picture_url',
	'websites',
	'vertical',
];

/** GET /{phone_number_id}/whatsapp_business_profile: the profile (the answer's `data[0]`). */
export async function getBusinessProfile(
	this: Context,
	phoneNumberId: string,
	request: RequestContext = {},
): Promise<IDataObject> {
	return readNumberSetting(
		this,
		phoneNumberId,
		'whatsapp_business_profile',
		PROFILE_FIELDS,
		request,
	);
}

/** The fields an update changes; one left undefined is not sent. */
export interface ProfileChanges {
	about?: string;
	address?: string;
	description?: string;
	email?: string;
	vertical?: string;
	websites?: string[];
	/** The handle of the photo's resumable upload. */
	profile_picture_handle?: string;
}

/**
 * POST /{phone_number_id}/whatsapp_business_profile with the fields to change. The same update
 * twice leaves the same profile, so it may be repeated after an unclear failure.
 */
export async function updateBusinessProfile(
	this: Context,
	phoneNumberId: string,
	changes: ProfileChanges,
	request: RequestContext = {},
): Promise<{ success: boolean }> {
	// Each field by name: a spread could carry a recipient into a body that is no message.
	const body = {
		messaging_product: 'whatsapp',
		about: changes.about,
		address: changes.address,
		description: changes.description,
		email: changes.email,
		vertical: changes.vertical,
		websites: changes.websites,
		profile_picture_handle: changes.profile_picture_handle,
	};
	return changeNumberSetting(this, phoneNumberId, 'whatsapp_business_profile', { body }, request);
}
