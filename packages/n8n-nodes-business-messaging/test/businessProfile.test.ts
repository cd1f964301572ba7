import { OTHER_API_KEY } from 'business-messaging-sandbox';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { fileItem, PNG_BASE64 } from './conversationSupport';
import { numberSettingRunner } from './accountSupport';
import { expectFailure, useTestBed } from './harness';

/**
 * Account › Get Business Profile and Update Business Profile against the sandbox, and the
 * sandbox's Business Profile API sent raw, one check per rule of Meta's page (its
 * rules/businessProfile.ts): both sides of the operations in one file.
 */
const bed = useTestBed();

const { number, run } = numberSettingRunner(bed);
const update = (updateFields: IDataObject, items?: INodeExecutionData[]) =>
	run('updateBusinessProfile', { updateFields } as INodeParameters, items);

const profileRequests = () =>
	bed.requests().filter((r) => r.url.includes('/whatsapp_business_profile'));

describe('Account › Get Business Profile', () => {
	it('asks for every field, and outputs the profile as the API returns it', async () => {
		const [[output]] = await run('getBusinessProfile');
		expect(output.json).toEqual({
			messaging_product: 'whatsapp',
			about: 'Hey there! I am using WhatsApp.',
			vertical: 'UNDEFINED',
			phoneNumberId: number(),
		});
		const [request] = profileRequests();
		expect(new URL(request.url, 'http://x').searchParams.get('fields')).toBe(
			'about,address,description,email,profile_picture_url,websites,vertical',
		);
	});
});

describe('Account › Update Business Profile', () => {
	it('sends the fields given, and Get then shows them', async () => {
		const [[output]] = await update({
			about: 'Specialty coffee, roasted weekly ☕',
			address: 'Rua das Flores 12, Lisboa',
			description: 'Beans from small farms, roasted every Monday.',
			email: 'hello@example.com',
			vertical: 'RETAIL',
			websites: { website: [{ url: 'https://example.com' }, { url: 'https://shop.example.com' }] },
		});
		expect(output.json).toEqual({
			success: true,
			phoneNumberId: number(),
			updated: ['about', 'address', 'description', 'email', 'vertical', 'websites'],
		});
		expect(JSON.parse(profileRequests()[0].body!)).toMatchObject({
			messaging_product: 'whatsapp',
			websites: ['https://example.com', 'https://shop.example.com'],
		});
		const [[profile]] = await run('getBusinessProfile');
		expect(profile.json).toMatchObject({
			about: 'Specialty coffee, roasted weekly ☕',
			email: 'hello@example.com',
			vertical: 'RETAIL',
			websites: ['https://example.com', 'https://shop.example.com'],
		});
	});

	it('uploads the profile photo from an input binary (the resumable upload), then sets it', async () => {
		const [[output]] = await update(
			{ profilePhoto: 'data' },
			fileItem(PNG_BASE64, 'image/png', 'logo.png'),
		);
		expect(output.json).toMatchObject({
			updated: ['profile_picture_handle'],
			profilePhoto: { fileName: 'logo.png', mimeType: 'image/png', fileSize: 68 },
		});
		expect(bed.requests().map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
			'POST /v3/app/uploads',
			expect.stringMatching(/^POST \/v3\/upload:/),
			`POST /v3/${number()}/whatsapp_business_profile`,
		]);
		const [[profile]] = await run('getBusinessProfile');
		expect(profile.json.profile_picture_url).toMatch(/^https:\/\//);
	});

	it.each([
		['an empty About', { about: ' ' }, 'Update Fields › About cannot be empty'],
		[
			'a 140-character About',
			{ about: 'a'.repeat(140) },
			'Update Fields › About has 140 characters; it may have at most 139',
		],
		[
			'an About of 70 emoji (140 as counted)',
			{ about: '😀'.repeat(70) },
			'it may have at most 139',
		],
		[
			'a 257-character Address',
			{ address: 'a'.repeat(257) },
			'Update Fields › Address has 257 characters; it may have at most 256',
		],
		[
			'a 513-character Description',
			{ description: 'a'.repeat(513) },
			'Update Fields › Description has 513 characters; it may have at most 512',
		],
		[
			'an Email that is none',
			{ email: 'hello at example' },
			'Update Fields › Email "hello at example" is not an email address',
		],
		[
			'a 129-character Email',
			{ email: `${'a'.repeat(117)}@example.com` },
			'Update Fields › Email has 129 characters',
		],
		[
			'three websites',
			{
				websites: {
					website: [
						{ url: 'https://a.example' },
						{ url: 'https://b.example' },
						{ url: 'https://c.example' },
					],
				},
			},
			'Update Fields › Websites has 3 addresses; the profile takes at most 2',
		],
		[
			'a website without its scheme',
			{ websites: { website: [{ url: 'example.com' }] } },
			'must start with http:// or https://',
		],
		[
			'a 257-character website',
			{ websites: { website: [{ url: `https://${'a'.repeat(249)}` }] } },
			'has 257 characters; it may have at most 256',
		],
		['nothing to change', {}, 'Update Fields is empty: add the fields to change'],
	])('refuses %s before any request, naming the field', async (_, fields, message) => {
		const error = await expectFailure(update(fields));
		expect(error.message).toContain(message);
		expect(bed.requests()).toEqual([]);
	});

	it('refuses a photo that is no JPEG or PNG before uploading anything', async () => {
		const error = await expectFailure(
			update({ profilePhoto: 'data' }, fileItem('R0lGODlhAQABAAAAACw=', 'image/gif', 'logo.gif')),
		);
		expect(error.message).toContain('is image/gif; a profile photo must be image/jpeg, image/png');
		expect(bed.requests()).toEqual([]);
	});

	it('takes each limit exactly, counted as the platform counts', async () => {
		await update({
			about: `${'😀'.repeat(69)}a`,
			address: 'é'.repeat(256),
			description: '日'.repeat(512),
			email: `${'a'.repeat(116)}@example.com`,
			websites: { website: [{ url: `https://${'a'.repeat(248)}` }] },
		});
		expect(profileRequests()[0].status).toBe(200);
	});
});

/** A raw request to the sandbox's profile endpoint, as any client sends it. */
async function api(method: 'GET' | 'POST', body?: IDataObject, key = bed.sandbox.apiKey) {
	const response = await fetch(
		`${bed.sandbox.baseUrl}/${number()}/whatsapp_business_profile${method === 'GET' ? '?fields=about,email' : ''}`,
		{
			method,
			headers: { apikey: key, ...(body ? { 'content-type': 'application/json' } : {}) },
			...(body ? { body: JSON.stringify({ messaging_product: 'whatsapp', ...body }) } : {}),
		},
	);
	return { status: response.status, body: (await response.json()) as IDataObject };
}

const refusal = (answer: { body: IDataObject }) =>
	String((answer.body.error as IDataObject)?.message);

describe("the sandbox's Business Profile API, sent raw", () => {
	it('answers only the fields asked for, beside messaging_product', async () => {
		expect((await api('GET')).body).toEqual({
			data: [{ messaging_product: 'whatsapp', about: 'Hey there! I am using WhatsApp.' }],
		});
	});

	it.each([
		[
			'about: 1 to 139 characters',
			{ about: 'a'.repeat(140) },
			'about: must be at most 139 characters',
		],
		['about cannot be emptied', { about: '' }, 'about: cannot be empty'],
		[
			'address: at most 256',
			{ address: 'a'.repeat(257) },
			'address: must be at most 256 characters',
		],
		[
			'description: at most 512',
			{ description: 'a'.repeat(513) },
			'description: must be at most 512',
		],
		[
			'email: at most 128',
			{ email: `${'a'.repeat(117)}@example.com` },
			'email: must be at most 128',
		],
		['email: an address', { email: 'nobody' }, 'email: must be a valid email address'],
		[
			'websites: at most 2',
			{ websites: ['https://a.x', 'https://b.x', 'https://c.x'] },
			'websites: takes at most 2',
		],
		[
			'websites: http or https',
			{ websites: ['ftp://a.x'] },
			'websites[0]: must start with http:// or https://',
		],
		[
			'websites: 256 each',
			{ websites: [`https://${'a'.repeat(249)}`] },
			'websites[0]: must be at most 256',
		],
		['vertical: one of the list', { vertical: 'SPACESHIPS' }, 'vertical'],
		['no other fields', { name: 'Coffee' }, 'name'],
		[
			'the photo: a handle of an upload',
			{ profile_picture_handle: '4::bm90:aGFuZGxl' },
			'is not the handle of an upload made with this key',
		],
	])('%s', async (_, body, message) => {
		const answer = await api('POST', body);
		expect(answer.status).toBe(400);
		expect(refusal(answer)).toContain(message);
	});

	it('refuses a photo of another kind than JPEG or PNG (131053)', async () => {
		const session = await fetch(
			`${bed.sandbox.baseUrl}/app/uploads?file_length=4&file_type=application/pdf`,
			{
				method: 'POST',
				headers: { apikey: bed.sandbox.apiKey },
			},
		);
		const { id } = (await session.json()) as { id: string };
		const uploaded = await fetch(`${bed.sandbox.baseUrl}/${id}`, {
			method: 'POST',
			headers: { apikey: bed.sandbox.apiKey, 'content-type': 'application/octet-stream' },
			body: Buffer.from('%PDF'),
		});
		const { h } = (await uploaded.json()) as { h: string };
		const answer = await api('POST', { profile_picture_handle: h });
		expect((answer.body.error as IDataObject).code).toBe(131053);
		expect(refusal(answer)).toContain('a profile photo must be image/jpeg or image/png');
	});

	it("answers another key's number as unknown", async () => {
		expect((await api('POST', { about: 'x' }, OTHER_API_KEY)).status).toBe(404);
	});
});
