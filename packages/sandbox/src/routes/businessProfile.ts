import { createHash } from 'node:crypto';
import { jsonBody, param, query, type Endpoint, type SandboxPlugin } from '../http';
import { PROFILE_FIELDS, profileAnswer, profileUpdate } from '../rules/businessProfile';
import { commaFields } from '../validate';

/**
 * The Business Profile API on a number (rules/businessProfile.ts): GET answers the fields asked
 * for (`fields`; without it, all of them, or none in the minimal dialect), POST changes the
 * fields given and answers `{success: true}`.
 */
export const businessProfileRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/:id/whatsapp_business_profile', async (request) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const asked =
			commaFields(query(request, 'fields'), PROFILE_FIELDS) ??
			(sandbox.dialect.accountDefaultFields === 'minimal' ? [] : PROFILE_FIELDS);
		const profile = sandbox.store.businessProfile(number.phone_number_id);
		return { data: [profileAnswer(profile, asked)] };
	});

	app.post('/:id/whatsapp_business_profile', async (request) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const { fields, pictureHandle } = profileUpdate(jsonBody(request), (h) => {
			const upload = sandbox.store.uploadHandles.get(h);
			return upload && upload.apiKey === request.apiKey ? upload : undefined;
		});
		const profile = sandbox.store.businessProfile(number.phone_number_id);
		Object.assign(profile, fields);
		// The platform answers a CDN address of the picture; the sandbox serves no file there.
		if (pictureHandle)
			profile.profile_picture_url = `https://pps.whatsapp.net/v/sandbox/${createHash('sha256')
				.update(pictureHandle)
				.digest('hex')
				.slice(0, 32)}.jpg`;
		return { success: true };
	});
};

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route: '`GET`/`POST /{phone_number_id}/whatsapp_business_profile`',
		notes:
			"Meta's Business Profile API: GET answers the `fields` asked for (without them, all, or none in the minimal dialect); POST takes `about` (1–139), `address` (256), `description` (512), `email` (128, an address), `websites` (2, 256 each, http(s)), `vertical` (Meta's list) and `profile_picture_handle` (a resumable upload's handle of a JPEG or PNG, else 131053)",
	},
];
