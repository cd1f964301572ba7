import { NodeOperationError } from 'n8n-workflow';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';

const bed = useTestBed();

const templateId = (name: string) => {
	for (const t of bed.sandbox.state.store.templates.values())
		if (t.name === name && t.language === 'en_US') return t.id;
	throw new Error(`no seeded template ${name}`);
};
const rl = (value: string) => ({ __rl: true, mode: 'list', value });

function send(template: string, values: Record<string, string | number> = {}) {
	return {
		resource: 'message',
		operation: 'sendTemplate',
		phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		recipient: '+1 415 555 0100',
		template: rl(templateId(template)),
		variables: { mappingMode: 'defineBelow', value: values },
		requestOptions: FAST_RETRIES,
	};
}

const form = async (template: string) =>
	(await bed.harness().resourceMapping('getTemplateVariables', send(template))).fields.map((f) => [
		f.id,
		f.displayName,
		f.required,
		f.type,
	]);

/** Sends and returns the template's components as sent. */
async function sent(template: string, values: Record<string, string | number>) {
	await bed.harness().execute({ parameters: send(template, values) });
	const post = bed.requests().find((r) => r.method === 'POST');
	return JSON.parse(post!.body!).template.components as unknown[];
}

/** Expects the item refused before the send, the error naming the field and the rule. */
async function refused(
	template: string,
	values: Record<string, string | number>,
	...parts: string[]
) {
	const posts = () => bed.requests().filter((r) => r.method === 'POST').length;
	const before = posts();
	const error = await expectFailure(bed.harness().execute({ parameters: send(template, values) }));
	expect(error).toBeInstanceOf(NodeOperationError);
	for (const part of parts) expect(error.message).toContain(part);
	expect(posts()).toBe(before);
	return error;
}

const NAMED = {
	header_param_order_id: '#2002',
	body_param_first_name: 'Jessica',
	body_param_delivery_date: 'Friday',
};

describe('Message › Send Template: named parameters and quick replies', () => {
	it('offers one field per name, and optional quick-reply payloads named by their button', async () => {
		// The names leave no room for the examples ('Body {{first_name}} (e.g. Jessica)' is cut):
		// the template's own words around a placeholder say what goes there, where they fit.
		expect(await form('delivery_update')).toEqual([
			['header_param_order_id', 'Header {{order_id}}', false, 'string'],
			['body_param_first_name', '“Hi {{first_name}},…”', false, 'string'],
			['body_param_delivery_date', 'Body {{delivery_date}}', false, 'string'],
			['button_0_payload', '"Yes" payload (optional)', false, 'string'],
			['button_1_payload', 'Button 2 payload (optional)', false, 'string'],
		]);
	});

	it('sends each value with its parameter_name, and a payload only where one is given', async () => {
		expect(
			await sent('delivery_update', { ...NAMED, button_1_payload: 'reschedule-2002' }),
		).toEqual([
			{ type: 'header', parameters: [{ type: 'text', parameter_name: 'order_id', text: '#2002' }] },
			{
				type: 'body',
				parameters: [
					{ type: 'text', parameter_name: 'first_name', text: 'Jessica' },
					{ type: 'text', parameter_name: 'delivery_date', text: 'Friday' },
				],
			},
			{
				type: 'button',
				sub_type: 'quick_reply',
				index: '1',
				parameters: [{ type: 'payload', payload: 'reschedule-2002' }],
			},
		]);
	});

	it('refuses an empty named variable before sending, with the example its label had no room for', async () => {
		const error = await refused(
			'delivery_update',
			{ ...NAMED, body_param_first_name: ' ' },
			'Template Variables › “Hi {{first_name}},…” is required',
		);
		expect(error.description).toBe('For example: Jessica');
	});
});

describe('Message › Send Template: location and document headers, Flow, catalog, one-time codes, offers', () => {
	it('a location header: latitude and longitude required, name and address optional', async () => {
		expect(await form('store_pickup')).toEqual([
			['header_location_latitude', 'Latitude (e.g. 37.4833)', false, 'number'],
			['header_location_longitude', 'Longitude (e.g. -122.1489)', false, 'number'],
			['header_location_name', 'Place name (optional)', false, 'string'],
			['header_location_address', 'Address (optional)', false, 'string'],
			['body_1', 'Body {{1}} (e.g. #1001)', false, 'string'],
			['button_0_flow_token', 'Flow token (optional)', false, 'string'],
			['button_0_flow_data', 'Flow data (optional)', false, 'string'],
		]);
		const components = await sent('store_pickup', {
			header_location_latitude: 52.37,
			header_location_longitude: '4.89',
			header_location_name: 'Roastery',
			body_1: '#2002',
			button_0_flow_token: 'pickup-2002',
			button_0_flow_data: '{"order_id":"2002"}',
		});
		expect(components).toEqual([
			{
				type: 'header',
				parameters: [
					{ type: 'location', location: { latitude: 52.37, longitude: 4.89, name: 'Roastery' } },
				],
			},
			{ type: 'body', parameters: [{ type: 'text', text: '#2002' }] },
			{
				type: 'button',
				sub_type: 'flow',
				index: '0',
				parameters: [
					{
						type: 'action',
						action: { flow_token: 'pickup-2002', flow_action_data: { order_id: '2002' } },
					},
				],
			},
		]);
	});

	it('refuses a latitude out of range and flow data that is not a JSON object', async () => {
		const values = { header_location_latitude: 91, header_location_longitude: 4, body_1: 'x' };
		await refused('store_pickup', values, 'Template Variables › Latitude', 'from -90 to 90');
		await refused(
			'store_pickup',
			{ ...values, header_location_latitude: 52, button_0_flow_data: '[1]' },
			'Flow data',
			'JSON object',
		);
	});

	it('a document header carries its file name when given', async () => {
		const [header] = await sent('invoice_ready', {
			header_document: 'https://files.example.com/invoice-2002.pdf',
			header_document_filename: 'Invoice 2002.pdf',
			body_1: 'Ana',
		});
		expect(header).toEqual({
			type: 'header',
			parameters: [
				{
					type: 'document',
					document: {
						link: 'https://files.example.com/invoice-2002.pdf',
						filename: 'Invoice 2002.pdf',
					},
				},
			],
		});
	});

	it('a catalog thumbnail, optional', async () => {
		expect(await form('coffee_catalog')).toContainEqual([
			'button_0_thumbnail',
			'Thumbnail SKU (optional)',
			false,
			'string',
		]);
		const components = await sent('coffee_catalog', {
			body_1: 'Ana',
			button_0_thumbnail: 'SKU-00002',
		});
		expect(components[1]).toEqual({
			type: 'button',
			sub_type: 'catalog',
			index: '0',
			parameters: [{ type: 'action', action: { thumbnail_product_retailer_id: 'SKU-00002' } }],
		});
	});

	it('a one-time code is asked once and goes in the body and the OTP button', async () => {
		expect(await form('login_code')).toEqual([['body_1', 'One-time code', false, 'string']]);
		expect(await sent('login_code', { body_1: '482913' })).toEqual([
			{ type: 'body', parameters: [{ type: 'text', text: '482913' }] },
			{
				type: 'button',
				sub_type: 'url',
				index: '0',
				parameters: [{ type: 'text', text: '482913' }],
			},
		]);
	});

	it('refuses a one-time code over 15 characters before sending', async () => {
		await refused('login_code', { body_1: '1234567890123456' }, 'One-time code', 'at most 15');
	});

	it('an offer’s expiry: a date-time field, sent in milliseconds, refused in the past', async () => {
		expect(await form('flash_sale')).toContainEqual([
			'offer_expiration',
			'Offer expires at',
			false,
			'dateTime',
		]);
		const values = { body_1: 'Ana', button_0_code: 'ANA20', button_1_url: 'ana20' };
		const expires = Date.now() + 86_400_000;
		const components = await sent('flash_sale', {
			...values,
			offer_expiration: new Date(expires).toISOString(),
		});
		expect(components.at(-1)).toEqual({
			type: 'limited_time_offer',
			parameters: [
				{
					type: 'limited_time_offer',
					limited_time_offer: { expiration_time_ms: expires },
				},
			],
		});
		await refused(
			'flash_sale',
			{ ...values, offer_expiration: '2020-01-01T00:00:00Z' },
			'Offer expires at',
			'in the future',
		);
		await refused(
			'flash_sale',
			{ ...values, offer_expiration: 'next week' },
			'Offer expires at',
			'date and time',
		);
		const error = await refused('flash_sale', values, 'Offer expires at is required');
		expect(error.description).toBe('For example: 2030-12-31T23:59:00Z');
	});
});
