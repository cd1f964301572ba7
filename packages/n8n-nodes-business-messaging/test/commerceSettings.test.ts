import { OTHER_API_KEY } from 'business-messaging-sandbox';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { numberSettingRunner } from './accountSupport';
import { expectFailure, useTestBed } from './harness';

/**
 * Account › Get Commerce Settings and Update Commerce Settings against the sandbox, and the sandbox's commerce settings
 * (its rules/commerceSettings.ts) sent raw: both sides of the operations in one file.
 */
const bed = useTestBed();

const { number, run } = numberSettingRunner(bed);
const update = (updateFields: IDataObject) =>
	run('updateCommerceSettings', { updateFields } as INodeParameters);
/** The settings' own ID, as the sandbox gives it (the page shows one without saying of what). */
const SETTINGS_ID = expect.stringMatching(/^\d{16}$/);
const settingsRequests = () =>
	bed.requests().filter((r) => r.url.includes('/whatsapp_commerce_settings'));

describe('Account › Get Commerce Settings', () => {
	it('asks for every field, and outputs the settings as the API returns them', async () => {
		const [[output]] = await run('getCommerceSettings');
		expect(output.json).toEqual({
			id: SETTINGS_ID,
			is_cart_enabled: true,
			is_catalog_visible: true,
			phoneNumberId: number(),
		});
		const [request] = settingsRequests();
		expect(`${request.method} ${request.url.split('?')[0]}`).toBe(
			`GET /v3/${number()}/whatsapp_commerce_settings`,
		);
		expect(new URL(request.url, 'http://x').searchParams.get('fields')).toBe(
			'id,is_cart_enabled,is_catalog_visible',
		);
	});
});

describe('Account › Update Commerce Settings', () => {
	it('sends the settings given in the query, and Get then shows them', async () => {
		const [[output]] = await update({ cartEnabled: false });
		expect(output.json).toEqual({
			success: true,
			phoneNumberId: number(),
			updated: ['is_cart_enabled'],
		});
		const [request] = settingsRequests();
		expect(request.method).toBe('POST');
		expect(new URL(request.url, 'http://x').searchParams.get('is_cart_enabled')).toBe('false');
		expect(new URL(request.url, 'http://x').searchParams.has('is_catalog_visible')).toBe(false);
		const [[settings]] = await run('getCommerceSettings');
		expect(settings.json).toMatchObject({ is_cart_enabled: false, is_catalog_visible: true });
	});

	it('takes "true" and "false" from an expression, as a sheet gives them', async () => {
		const [[output]] = await update({ cartEnabled: 'true', catalogVisible: 'false' });
		expect(output.json.updated).toEqual(['is_cart_enabled', 'is_catalog_visible']);
		const [[settings]] = await run('getCommerceSettings');
		expect(settings.json).toMatchObject({ is_cart_enabled: true, is_catalog_visible: false });
	});

	it.each([
		['no field', {}, 'Update Fields is empty: add what to change'],
		[
			'a value that is no switch',
			{ catalogVisible: 'yes' },
			'Update Fields › Catalog Visible must be true or false, not "yes"',
		],
	])('refuses %s, and sends nothing', async (_name, updateFields, message) => {
		expect((await expectFailure(update(updateFields))).message).toBe(message);
		expect(settingsRequests()).toEqual([]);
	});
});

/** A raw request to the sandbox's commerce settings, as any client sends it. */
async function api(method: 'GET' | 'POST', query = '', key = bed.sandbox.apiKey) {
	const response = await fetch(
		`${bed.sandbox.baseUrl}/${number()}/whatsapp_commerce_settings${query}`,
		{ method, headers: { apikey: key } },
	);
	return { status: response.status, body: (await response.json()) as IDataObject };
}

describe("the sandbox's commerce settings, sent raw", () => {
	it('answers every field without fields, as the page shows them', async () => {
		expect((await api('GET')).body).toEqual({
			data: [{ id: SETTINGS_ID, is_cart_enabled: true, is_catalog_visible: true }],
		});
	});

	it('answers the fields asked for, and the id', async () => {
		expect((await api('GET', '?fields=is_cart_enabled')).body).toEqual({
			data: [{ id: SETTINGS_ID, is_cart_enabled: true }],
		});
	});

	it('changes a setting given in the query, as the page sends it', async () => {
		expect((await api('POST', '?is_catalog_visible=false')).body).toEqual({ success: true });
		expect((await api('GET')).body.data).toEqual([
			{ id: SETTINGS_ID, is_cart_enabled: true, is_catalog_visible: false },
		]);
	});

	it('changes a setting given in a JSON body, as the Graph API takes its parameters', async () => {
		const response = await fetch(`${bed.sandbox.baseUrl}/${number()}/whatsapp_commerce_settings`, {
			method: 'POST',
			headers: { apikey: bed.sandbox.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ is_cart_enabled: false }),
		});
		expect(await response.json()).toEqual({ success: true });
		expect((await api('GET', '?fields=is_cart_enabled')).body.data).toEqual([
			{ id: SETTINGS_ID, is_cart_enabled: false },
		]);
	});

	it.each([
		[
			'a value other than true or false',
			'?is_cart_enabled=yes',
			'is_cart_enabled: must be true or false, not "yes"',
		],
		[
			'neither setting',
			'',
			'is_cart_enabled, is_catalog_visible: give at least one of them to change',
		],
	])('refuses %s with 100, naming the parameter', async (_name, query, message) => {
		const answer = await api('POST', query);
		expect(answer.status).toBe(400);
		expect(answer.body.error).toMatchObject({ code: 100, message });
	});

	it("answers another key's number as an unknown one", async () => {
		expect((await api('GET', '', OTHER_API_KEY)).status).toBe(404);
		expect((await api('POST', '?is_cart_enabled=false', OTHER_API_KEY)).status).toBe(404);
	});
});
