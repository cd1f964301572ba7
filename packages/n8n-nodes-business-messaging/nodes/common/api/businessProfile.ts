import type { IDataObject } from 'n8n-workflow';
import { apiPath, requestJson, type Context, type RequestContext } from '../transport';

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

const path = (context: Context, phoneNumberId: string) =>
	apiPath(context.getNode(), { 'Phone number ID': phoneNumberId }, 'whatsapp_business_profile');

/** GET /{phone_number_id}/whatsapp_business_profile: the profile (the answer's `data[0]`). */
export async function getBusinessProfile(
	this: Context,
	phoneNumberId: string,
	request: RequestContext = {},
): Promise<IDataObject> {
	const answer = await requestJson<{ data?: IDataObject[] }>(
		this,
		{
			method: 'GET',
			path: path(this, phoneNumberId),
			qs: { fields: PROFILE_FIELDS.join(',') },
		},
		request,
	);
	return answer.data?.[0] ?? {};
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
	const body: IDataObject = {
		messaging_product: 'whatsapp',
		about: changes.about,
		address: changes.address,
		description: changes.description,
		email: changes.email,
		vertical: changes.vertical,
		websites: changes.websites,
		profile_picture_handle: changes.profile_picture_handle,
	};
	for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
	const answer = await requestJson<{ success?: unknown }>(
		this,
		{ method: 'POST', path: path(this, phoneNumberId), body, idempotent: true },
		request,
	);
	return { success: answer.success !== false };
}
