import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox } from './helpers';
import { expectSent, send, templateMessage } from './msgWebhookSupport';
import { expectRefusedSend } from './messagesSupport';

const sandbox = useSandbox();

const text = (value: string, name?: string) =>
	name === undefined
		? { type: 'text', text: value }
		: { type: 'text', parameter_name: name, text: value };

/** delivery_update (NAMED): header {{order_id}}, body {{first_name}} {{delivery_date}}. */
function deliveryUpdate(
	extra: unknown[] = [],
	body = [text('Jessica', 'first_name'), text('Monday', 'delivery_date')],
) {
	return templateMessage('delivery_update', 'en_US', [
		{ type: 'header', parameters: [text('#1001', 'order_id')] },
		{ type: 'body', parameters: body },
		...extra,
	]);
}

const button = (sub_type: string, index: number, parameter: unknown) => ({
	type: 'button',
	sub_type,
	index: String(index),
	parameters: [parameter],
});

const pickup = (header: unknown, extra: unknown[] = []) =>
	templateMessage('store_pickup', 'en_US', [
		{ type: 'header', parameters: [header] },
		{ type: 'body', parameters: [text('#1001')] },
		...extra,
	]);
const PLACE = {
	type: 'location',
	location: {
		latitude: '37.483307',
		longitude: 122.148981,
		name: 'Roastery',
		address: '1 Bean St',
	},
};

describe('template sends: named parameters', () => {
	it('accepts each name once, in any order', async () => {
		const s = sandbox.current;
		expectSent(await send(s, deliveryUpdate()));
		expectSent(
			await send(
				s,
				deliveryUpdate([], [text('Monday', 'delivery_date'), text('Jessica', 'first_name')]),
			),
		);
	});

	it('refuses an unknown, missing, repeated or absent parameter_name (132000, naming it)', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			deliveryUpdate([], [text('Jessica', 'name'), text('Monday', 'delivery_date')]),
			400,
			132000,
			/body\.parameters\[0\]\.parameter_name.*first_name/,
		);
		await expectRefusedSend(
			s,
			deliveryUpdate([], [text('Jessica', 'first_name')]),
			400,
			132000,
			/body\.parameters.*missing \{\{delivery_date\}\}/,
		);
		await expectRefusedSend(
			s,
			deliveryUpdate([], [text('Jessica', 'first_name'), text('Ana', 'first_name')]),
			400,
			132000,
			/body\.parameters\[1\]\.parameter_name.*twice/,
		);
		await expectRefusedSend(
			s,
			deliveryUpdate([], [text('Jessica'), text('Monday')]),
			400,
			132000,
			'body.parameters[0].parameter_name',
		);
		await expectRefusedSend(
			s,
			deliveryUpdate(
				[],
				[text('Jessica', 'first_name'), text('Monday', 'delivery_date'), text('x', 'extra')],
			),
			400,
			132000,
			/body\.parameters.*expects 2.*got 3/,
		);
	});

	it('refuses a parameter_name in a POSITIONAL template', async () => {
		const s = sandbox.current;
		await expectRefusedSend(
			s,
			templateMessage('invoice_ready', 'en_US', [
				{
					type: 'header',
					parameters: [{ type: 'document', document: { link: 'https://example.com/i.pdf' } }],
				},
				{ type: 'body', parameters: [text('Maria', 'first_name')] },
			]),
			400,
			132000,
			'body.parameters[0].parameter_name',
		);
	});
});

describe('template sends: button parameters of every kind', () => {
	it('quick reply payloads are optional, and must be payloads when given', async () => {
		const s = sandbox.current;
		expectSent(
			await send(
				s,
				deliveryUpdate([
					button('quick_reply', 0, { type: 'payload', payload: 'home-1001' }),
					button('quick_reply', 1, { type: 'payload', payload: 'reschedule-1001' }),
				]),
			),
		);
		expectSent(
			await send(s, deliveryUpdate([button('quick_reply', 1, { type: 'payload', payload: 'x' })])),
		);
		await expectRefusedSend(
			s,
			deliveryUpdate([button('quick_reply', 0, { type: 'text', text: 'home' })]),
			400,
			132000,
			/button\[0\]\.parameters\[0\].*payload/,
		);
		await expectRefusedSend(
			s,
			deliveryUpdate([button('quick_reply', 0, { type: 'payload', payload: '' })]),
			400,
			132000,
			'button[0].parameters[0]',
		);
		await expectRefusedSend(
			s,
			deliveryUpdate([button('url', 1, { type: 'payload', payload: 'x' })]),
			400,
			132000,
			/sub_type.*quick_reply/,
		);
	});

	it('flow: token and action data optional, checked when given', async () => {
		const s = sandbox.current;
		expectSent(await send(s, pickup(PLACE)));
		expectSent(
			await send(
				s,
				pickup(PLACE, [
					button('flow', 0, {
						type: 'action',
						action: { flow_token: 'pickup-1001', flow_action_data: { order: '1001' } },
					}),
				]),
			),
		);
		await expectRefusedSend(
			s,
			pickup(PLACE, [button('flow', 0, { type: 'action', action: { flow_token: '' } })]),
			400,
			132000,
			'button[0].parameters[0].action.flow_token',
		);
		await expectRefusedSend(
			s,
			pickup(PLACE, [button('flow', 0, { type: 'action', action: { flow_action_data: 'x' } })]),
			400,
			132000,
			'button[0].parameters[0].action.flow_action_data',
		);
		await expectRefusedSend(
			s,
			pickup(PLACE, [button('flow', 0, { type: 'action', action: { token: 'x' } })]),
			400,
			132000,
			'button[0].parameters[0].action.token',
		);
	});

	it('catalog: the thumbnail product is optional (the first product otherwise), a retailer ID when given', async () => {
		const s = sandbox.current;
		const catalog = (extra: unknown[] = []) =>
			templateMessage('coffee_catalog', 'en_US', [
				{ type: 'body', parameters: [text('Maria')] },
				...extra,
			]);
		expectSent(await send(s, catalog()));
		expectSent(
			await send(
				s,
				catalog([
					button('CATALOG', 0, {
						type: 'action',
						action: { thumbnail_product_retailer_id: 'SKU-00001' },
					}),
				]),
			),
		);
		await expectRefusedSend(
			s,
			catalog([button('catalog', 0, { type: 'action', action: {} })]),
			400,
			132000,
			'button[0].parameters[0].action.thumbnail_product_retailer_id',
		);
		await expectRefusedSend(
			s,
			catalog([button('catalog', 0, { type: 'text', text: 'SKU-00001' })]),
			400,
			132000,
			'button[0].parameters[0]',
		);
	});

	it('OTP: the code goes in the body and, required, as the url button text (at most 15 characters)', async () => {
		const s = sandbox.current;
		const login = (extra: unknown[]) =>
			templateMessage('login_code', 'en_US', [
				{ type: 'body', parameters: [text('482913')] },
				...extra,
			]);
		expectSent(await send(s, login([button('url', 0, text('482913'))])));
		await expectRefusedSend(s, login([]), 400, 132000, /button\[0\]\.parameters.*expects 1/);
		await expectRefusedSend(
			s,
			login([button('url', 0, text('1234567890123456'))]),
			400,
			132000,
			'button[0].parameters[0].text',
		);
		await expectRefusedSend(
			s,
			login([button('copy_code', 0, { type: 'coupon_code', coupon_code: '482913' })]),
			400,
			132000,
			/sub_type.*url/,
		);
	});
});

describe('template sends: location and document headers, limited-time offers', () => {
	it('a LOCATION header needs a place with latitude and longitude', async () => {
		const s = sandbox.current;
		expectSent(
			await send(s, pickup({ type: 'location', location: { latitude: -33.9, longitude: 18.4 } })),
		);
		await expectRefusedSend(
			s,
			templateMessage('store_pickup', 'en_US', [{ type: 'body', parameters: [text('#1001')] }]),
			400,
			132000,
			/header\.parameters.*expects 1/,
		);
		await expectRefusedSend(
			s,
			pickup({ type: 'location', location: { latitude: 91, longitude: 0 } }),
			400,
			132000,
			'header.parameters[0].location.latitude',
		);
		await expectRefusedSend(
			s,
			pickup({ type: 'location', location: { latitude: 1, longitude: 'east' } }),
			400,
			132000,
			'header.parameters[0].location.longitude',
		);
		await expectRefusedSend(
			s,
			pickup({ type: 'location', location: { latitude: 1, longitude: 2, name: '' } }),
			400,
			132000,
			'header.parameters[0].location.name',
		);
		await expectRefusedSend(s, pickup(text('Roastery')), 400, 132000, 'header.parameters[0]');
	});

	it('a document header may carry a file name', async () => {
		const s = sandbox.current;
		const invoice = (document: unknown) =>
			templateMessage('invoice_ready', 'en_US', [
				{ type: 'header', parameters: [{ type: 'document', document }] },
				{ type: 'body', parameters: [text('Maria')] },
			]);
		expectSent(
			await send(s, invoice({ link: 'https://example.com/i.pdf', filename: 'Invoice 1001.pdf' })),
		);
		await expectRefusedSend(
			s,
			invoice({ link: 'https://example.com/i.pdf', filename: '' }),
			400,
			132000,
			'header.parameters[0].document.filename',
		);
		await expectRefusedSend(
			s,
			invoice({ link: 'https://example.com/i.pdf', caption: 'x' }),
			400,
			132000,
			'header.parameters[0].document.caption',
		);
	});

	it('an offer with a countdown needs its expiry in the future, in milliseconds', async () => {
		const s = sandbox.current;
		const now = (await s.control<{ now: number }>('GET', '/clock')).body.now;
		const sale = (offer?: unknown) =>
			templateMessage('flash_sale', 'en_US', [
				{ type: 'body', parameters: [text('Maria')] },
				button('copy_code', 0, { type: 'coupon_code', coupon_code: 'FLASH20' }),
				button('url', 1, text('flash20')),
				...(offer === undefined
					? []
					: [
							{
								type: 'limited_time_offer',
								parameters: [{ type: 'limited_time_offer', limited_time_offer: offer }],
							},
						]),
			]);
		expectSent(await send(s, sale({ expiration_time_ms: now + 86_400_000 })));
		await expectRefusedSend(s, sale(), 400, 132000, /limited_time_offer\.parameters.*expects 1/);
		const past = await expectRefusedSend(
			s,
			sale({ expiration_time_ms: now - 1 }),
			400,
			132000,
			'limited_time_offer.parameters[0].limited_time_offer.expiration_time_ms',
		);
		assert.match(past.message, /future/);
		await expectRefusedSend(
			s,
			sale({ expiration_time_ms: new Date(now + 86_400_000).toISOString() }),
			400,
			132000,
			'limited_time_offer.parameters[0].limited_time_offer.expiration_time_ms',
		);
	});
});
