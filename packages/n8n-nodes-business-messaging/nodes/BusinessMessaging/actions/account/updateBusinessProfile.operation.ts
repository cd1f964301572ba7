import type { INodeProperties } from 'n8n-workflow';
import { updateBusinessProfile, type ProfileChanges } from '../../../common/api/businessProfile';
import {
	PROFILE_LIMITS,
	PROFILE_PHOTO_TYPES,
	profileTextProblem,
	VERTICALS,
	websiteProblem,
} from '../../../common/rules/businessProfile';
import { uploadForHandle } from '../../../common/handleUpload';
import { isObject } from '../../../common/isObject';
import { listEntriesOf, numberSettingUpdate, updateFieldsOf, type Refuse } from './numberSettings';
import type { ItemExecute } from '../types';

const updateFields: INodeProperties[] = [
	{
		displayName: 'About',
		name: 'about',
		type: 'string',
		default: '',
		description: `The line under the name in the profile, 1 to ${PROFILE_LIMITS.about} characters`,
	},
	{
		displayName: 'Address',
		name: 'address',
		type: 'string',
		default: '',
		description: `Up to ${PROFILE_LIMITS.address} characters; empty removes it`,
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		description: `What the business does, up to ${PROFILE_LIMITS.description} characters; empty removes it`,
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'e.g. hello@example.com',
		default: '',
		description: `Up to ${PROFILE_LIMITS.email} characters; empty removes it`,
	},
	{
		displayName: 'Industry',
		name: 'vertical',
		type: 'options',
		default: 'OTHER',
		options: VERTICALS,
		description: 'The business category the profile shows',
	},
	{
		displayName: 'Profile Photo (Input Binary Field)',
		name: 'profilePhoto',
		type: 'string',
		default: 'data',
		description:
			'The input binary field with the new photo, a JPEG or PNG file (square pictures show best). It is uploaded first, then set.',
	},
	{
		displayName: 'Websites',
		name: 'websites',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, maxAllowedFields: PROFILE_LIMITS.websites },
		// One row to fill when added; an empty list ({}) is dropped by n8n's editor as soon as
		// another field changes (test/noCodeForms.test.ts). A row left empty is no address.
		default: { website: [{ url: '' }] },
		placeholder: 'Add Website',
		description: `Up to ${PROFILE_LIMITS.websites} addresses, replacing the ones there; none removes them`,
		options: [
			{
				displayName: 'Website',
				name: 'website',
				values: [
					{
						displayName: 'URL',
						name: 'url',
						type: 'string',
						default: '',
						placeholder: 'e.g. https://example.com',
					},
				],
			},
		],
	},
];

export const description = numberSettingUpdate('updateBusinessProfile', updateFields);

const TEXT_FIELDS = [
	['about', 'About'],
	['address', 'Address'],
	['description', 'Description'],
	['email', 'Email'],
] as const;

/**
 * Changes the fields given, each checked against Meta's limits before anything is sent; a photo
 * is uploaded (the resumable upload) once every field passed.
 */
export const execute: ItemExecute = async function (item) {
	const { phoneNumberId, fields, refuse } = updateFieldsOf.call(this, item);
	const body: ProfileChanges = {};
	for (const [name, label] of TEXT_FIELDS) {
		if (fields[name] === undefined) continue;
		const text = String(fields[name]);
		const problem = profileTextProblem(name, text);
		if (problem) throw refuse(`Update Fields › ${label} ${problem}`);
		body[name] = text;
	}
	if (fields.vertical !== undefined) {
		const vertical = String(fields.vertical);
		// The list's values, and UNDEFINED, which the platform answers for a profile without one.
		if (vertical !== 'UNDEFINED' && !VERTICALS.some((v) => v.value === vertical))
			throw refuse(
				`Update Fields › Industry "${vertical}" is not one of ${VERTICALS.map((v) => v.value).join(', ')}`,
			);
		body.vertical = vertical;
	}
	if (fields.websites !== undefined) body.websites = websitesOf(fields.websites, refuse);
	const photo = fields.profilePhoto === undefined ? undefined : String(fields.profilePhoto).trim();
	if (photo === '') throw refuse('Update Fields › Profile Photo (Input Binary Field) is empty');
	if (Object.keys(body).length === 0 && photo === undefined)
		throw refuse('Update Fields is empty: add the fields to change');
	const uploaded = photo
		? await uploadForHandle.call(this, item, photo, {
				types: PROFILE_PHOTO_TYPES,
				what: 'a profile photo',
			})
		: undefined;
	if (uploaded) body.profile_picture_handle = uploaded.h;
	const { success } = await updateBusinessProfile.call(this, phoneNumberId, body, item.request);
	return [
		{
			json: {
				success,
				phoneNumberId,
				updated: Object.keys(body),
				...(uploaded
					? {
							profilePhoto: {
								...(uploaded.fileName ? { fileName: uploaded.fileName } : {}),
								mimeType: uploaded.mimeType,
								fileSize: uploaded.fileSize,
							},
						}
					: {}),
			},
		},
	];
};

/** The Websites field (`{website: [{url}]}`, or a list from an expression), checked. */
function websitesOf(raw: unknown, refuse: Refuse): string[] {
	const sites = listEntriesOf(raw, 'website')
		.map((entry) => String((isObject(entry) ? entry.url : entry) ?? '').trim())
		.filter((site) => site !== '');
	if (sites.length > PROFILE_LIMITS.websites)
		throw refuse(
			`Update Fields › Websites has ${sites.length} addresses; the profile takes at most ${PROFILE_LIMITS.websites}`,
		);
	for (const site of sites) {
		const problem = websiteProblem(site);
		if (problem) throw refuse(`Update Fields › Websites › ${problem}`);
	}
	return sites;
}
