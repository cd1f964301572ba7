import { OTHER_API_KEY } from 'business-messaging-sandbox';
import type { IDataObject } from 'n8n-workflow';
import { useTestBed } from './harness';

/**
 * Account › Get Commerce Settings against the sandbox, and the sandbox's commerce settings
 * (its rules/commerceSettings.ts) sent raw: both sides of the operations in one file.
 */
const bed = useTestBed();

const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const number = () => bed.sandbox.phoneNumberIds[0];
const run = (operation: string) =>
	bed.harness().execute({
		parameters: { resource: 'account', operation, phoneNumberId: rl(number()) },
	});
const settingsRequests = () =>
	bed.requests().filter((r) => r.url.includes('/whatsapp_commerce_settings'));

describe('Account › Get Commerce Settings', () => {
	it('asks for every field, and outputs the settings as the API returns them', async () => {
		const [[output]] = await run('getCommerceSettings');
		expect(output.json).toEqual({
			id: bed.sandbox.catalogId,
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
			data: [{ id: bed.sandbox.catalogId, is_cart_enabled: true, is_catalog_visible: true }],
		});
	});

	it('answers the fields asked for, and the id', async () => {
		expect((await api('GET', '?fields=is_cart_enabled')).body).toEqual({
			data: [{ id: bed.sandbox.catalogId, is_cart_enabled: true }],
		});
	});

	it("answers another key's number as an unknown one", async () => {
		expect((await api('GET', '', OTHER_API_KEY)).status).toBe(404);
	});
});
