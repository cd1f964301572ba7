import { NodeOperationError } from 'n8n-workflow';
import { LABEL_WIDTH, labelWidth, templateVariables } from '../nodes/common/templates/variables';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';
import {
	createParameters,
	run,
	sentJson,
	useTemplateTestBed,
	type Params,
} from './templateSupport';

/**
 * Every template button kind built in the form (Template › Create), then sent with its
 * parameters filled in Send Template's variables form, against the sandbox; each rule refused
 * before any request, naming the field.
 */

const bed = useTemplateTestBed(useTestBed());
const rl = (value: string, mode = 'list') => ({ __rl: true, mode, value });

const FLOW_BUTTON = {
	type: 'FLOW',
	text: 'Book a table',
	flowBy: 'id',
	flowId: '1234567890',
	flowAction: 'navigate',
	navigateScreen: 'BOOKING',
};
const MPM_FORM: Params = {
	name: 'our_picks',
	category: 'MARKETING',
	headerType: 'text',
	headerText: 'Our picks for you',
	body: 'Hi {{1}}, these are back in stock.',
	bodyExamples: { example: [{ value: 'Maria' }] },
	buttons: { button: [{ type: 'MPM', text: 'View items' }] },
};

/** Creates the template from the form, returns what was sent, and approves it. */
async function createdAndApproved(extra: Params) {
	const [created] = await run(createParameters(extra));
	const [request] = bed.requests();
	expect(request.status).toBe(200);
	const template = bed.sandbox.state.store.templates.get(String(created.json.id))!;
	template.status = 'APPROVED';
	bed.sandbox.state.log.clear();
	return { id: template.id, sent: sentJson(request) };
}

function sendParameters(templateId: string, values: Record<string, string>) {
	return {
		resource: 'message',
		operation: 'sendTemplate',
		phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		recipient: '+1 415 555 0100',
		template: rl(templateId),
		variables: { mappingMode: 'defineBelow', value: values },
		requestOptions: FAST_RETRIES,
	};
}

async function sentComponents(templateId: string, values: Record<string, string>) {
	bed.sandbox.state.log.clear();
	await bed.harness().execute({ parameters: sendParameters(templateId, values) });
	const post = bed.requests().find((r) => r.method === 'POST')!;
	expect(post.status).toBe(200);
	return sentJson(post).template as { components: unknown[] };
}

async function refusedSend(templateId: string, values: Record<string, string>, ...parts: string[]) {
	bed.sandbox.state.log.clear();
	const error = await expectFailure(
		bed.harness().execute({ parameters: sendParameters(templateId, values) }),
	);
	expect(error).toBeInstanceOf(NodeOperationError);
	for (const part of parts) expect(error.message).toContain(part);
	expect(bed.requests().filter((r) => r.method === 'POST')).toHaveLength(0);
}

describe('Template › Create: Flow, Catalog, Multi-Product and One-Time Password buttons', () => {
	it('a Flow button by ID, then sent with its token and data', async () => {
		const { id, sent } = await createdAndApproved({
			buttons: { button: [FLOW_BUTTON, { type: 'QUICK_REPLY', text: 'Not now' }] },
		});
		expect(sent.components).toContainEqual({
			type: 'BUTTONS',
			buttons: [
				{
					type: 'FLOW',
					text: 'Book a table',
					flow_id: '1234567890',
					flow_action: 'navigate',
					navigate_screen: 'BOOKING',
				},
				{ type: 'QUICK_REPLY', text: 'Not now' },
			],
		});
		const template = await sentComponents(id, {
			body_1: 'Ana',
			body_2: 'a table',
			button_0_flow_token: 'booking-7',
			button_0_flow_data: '{"party":"4"}',
		});
		expect(template.components).toContainEqual({
			type: 'button',
			sub_type: 'flow',
			index: '0',
			parameters: [
				{ type: 'action', action: { flow_token: 'booking-7', flow_action_data: { party: '4' } } },
			],
		});
	});

	it('a Flow button by name with data exchange has no first screen', async () => {
		await run(
			createParameters({
				buttons: {
					button: [
						{
							...FLOW_BUTTON,
							flowBy: 'name',
							flowName: 'table_booking',
							flowAction: 'data_exchange',
						},
					],
				},
			}),
		);
		expect(sentJson(bed.requests()[0]).components).toContainEqual({
			type: 'BUTTONS',
			buttons: [
				{
					type: 'FLOW',
					text: 'Book a table',
					flow_name: 'table_booking',
					flow_action: 'data_exchange',
				},
			],
		});
		expect(bed.requests()[0].status).toBe(200);
	});

	it('a Catalog button on a Marketing template', async () => {
		await run(
			createParameters({
				category: 'MARKETING',
				buttons: { button: [{ type: 'CATALOG', text: 'View catalog' }] },
			}),
		);
		expect(bed.requests()[0].status).toBe(200);
		expect(sentJson(bed.requests()[0]).components).toContainEqual({
			type: 'BUTTONS',
			buttons: [{ type: 'CATALOG', text: 'View catalog' }],
		});
	});

	it('One-Time Password buttons: the platform writes the body and footer', async () => {
		const otp = (button: Params) =>
			run(
				createParameters({
					name: `login_${String(button.otpType).toLowerCase()}`,
					category: 'AUTHENTICATION',
					buttons: { button: [{ type: 'OTP', ...button }] },
				}),
			);
		await otp({
			otpType: 'COPY_CODE',
			text: 'Copy code',
			addSecurityRecommendation: true,
			codeExpirationMinutes: 10,
		});
		await otp({
			otpType: 'ONE_TAP',
			autofillText: 'Autofill',
			packageName: 'com.example.app',
			signatureHash: 'K8a/AINcGX7',
		});
		await otp({
			otpType: 'ZERO_TAP',
			packageName: 'com.example.app',
			signatureHash: 'K8a/AINcGX7',
			zeroTapTermsAccepted: true,
		});
		const requests = bed.requests();
		expect(requests.map((r) => r.status)).toEqual([200, 200, 200]);
		expect(requests.map((r) => sentJson(r).components)).toEqual([
			[
				{ type: 'BODY', add_security_recommendation: true },
				{ type: 'FOOTER', code_expiration_minutes: 10 },
				{ type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
			],
			[
				{ type: 'BODY' },
				{
					type: 'BUTTONS',
					buttons: [
						{
							type: 'OTP',
							otp_type: 'ONE_TAP',
							autofill_text: 'Autofill',
							package_name: 'com.example.app',
							signature_hash: 'K8a/AINcGX7',
						},
					],
				},
			],
			[
				{ type: 'BODY' },
				{
					type: 'BUTTONS',
					buttons: [
						{
							type: 'OTP',
							otp_type: 'ZERO_TAP',
							package_name: 'com.example.app',
							signature_hash: 'K8a/AINcGX7',
							zero_tap_terms_accepted: true,
						},
					],
				},
			],
		]);
	});

	it.each<[string, Params, string]>([
		[
			'a Flow button without its ID',
			{ buttons: { button: [{ ...FLOW_BUTTON, flowId: ' ' }] } },
			'Buttons[1] Flow ID: is required',
		],
		[
			'a Flow button without its name',
			{ buttons: { button: [{ ...FLOW_BUTTON, flowBy: 'name', flowName: '' }] } },
			'Buttons[1] Flow Name: is required',
		],
		[
			'two Flow buttons',
			{ buttons: { button: [FLOW_BUTTON, FLOW_BUTTON] } },
			'Buttons: at most one Flow button',
		],
		[
			'a Flow button text over 25 characters',
			{ buttons: { button: [{ ...FLOW_BUTTON, text: 'b'.repeat(26) }] } },
			'Buttons[1] Text: at most 25 characters (it has 26)',
		],
		[
			'a Catalog button on a Utility template',
			{ buttons: { button: [{ type: 'CATALOG', text: 'View catalog' }] } },
			'Buttons[1] Type: a Catalog button needs the category Marketing',
		],
		[
			'a Multi-Product button on a Utility template',
			{ ...MPM_FORM, category: 'UTILITY' },
			'Buttons[1] Type: a Multi-Product button needs the category Marketing',
		],
		[
			'a Multi-Product button without a text header',
			{ ...MPM_FORM, headerType: 'none' },
			'Header: a template with a Multi-Product button needs a text header',
		],
		[
			'a Multi-Product button beside another',
			{
				...MPM_FORM,
				buttons: {
					button: [
						{ type: 'MPM', text: 'View items' },
						{ type: 'QUICK_REPLY', text: 'Stop' },
					],
				},
			},
			'Buttons: A Multi-Product button is the template’s only button',
		],
		[
			'a Multi-Product button without text',
			{ ...MPM_FORM, buttons: { button: [{ type: 'MPM', text: '' }] } },
			'Buttons[1] Text: is required',
		],
		[
			'a One-Time Password button on a Utility template',
			{ buttons: { button: [{ type: 'OTP', otpType: 'COPY_CODE' }] } },
			'Buttons[1] Type: a One-Time Password button needs the category Authentication',
		],
		[
			'an Authentication template without a One-Time Password button',
			{ category: 'AUTHENTICATION', buttons: { button: [{ type: 'QUICK_REPLY', text: 'Hi' }] } },
			'Buttons: an Authentication template holds one button, of type One-Time Password',
		],
		[
			'a one-tap button without its app',
			{
				category: 'AUTHENTICATION',
				buttons: { button: [{ type: 'OTP', otpType: 'ONE_TAP', signatureHash: 'K8a/AINcGX7' }] },
			},
			'Buttons[1] App Package Name: is required for one-tap and zero-tap',
		],
		[
			'a one-tap button with a bad signature hash',
			{
				category: 'AUTHENTICATION',
				buttons: {
					button: [
						{
							type: 'OTP',
							otpType: 'ONE_TAP',
							packageName: 'com.example.app',
							signatureHash: 'short',
						},
					],
				},
			},
			'Buttons[1] App Signature Hash: must be the app’s 11-character signature hash',
		],
		[
			'a zero-tap button without its terms accepted',
			{
				category: 'AUTHENTICATION',
				buttons: {
					button: [
						{
							type: 'OTP',
							otpType: 'ZERO_TAP',
							packageName: 'com.example.app',
							signatureHash: 'K8a/AINcGX7',
						},
					],
				},
			},
			'Buttons[1] Zero-Tap Terms Accepted: must be on',
		],
		[
			'an autofill text over 25 characters',
			{
				category: 'AUTHENTICATION',
				buttons: {
					button: [
						{
							type: 'OTP',
							otpType: 'ONE_TAP',
							autofillText: 'a'.repeat(26),
							packageName: 'com.example.app',
							signatureHash: 'K8a/AINcGX7',
						},
					],
				},
			},
			'Buttons[1] Autofill Button Text: at most 25 characters (it has 26)',
		],
		[
			'a code lifetime over 90 minutes',
			{
				category: 'AUTHENTICATION',
				buttons: { button: [{ type: 'OTP', otpType: 'COPY_CODE', codeExpirationMinutes: 91 }] },
			},
			'Code Expires In (Minutes): must be a whole number from 1 to 90 (it is 91)',
		],
	])('refuses %s, naming the field and rule, with no request', async (_case, extra, message) => {
		const error = await expectFailure(run(createParameters(extra)));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(bed.requests()).toHaveLength(0);
	});
});

describe('Message › Send Template: a Multi-Product button’s sections', () => {
	const FIRST = {
		body_1: 'Ana',
		button_0_thumbnail: 'SKU-00001',
		button_0_section_1_title: 'Beans',
		button_0_section_1_products: 'SKU-00001, SKU-00002',
	};

	it('offers the thumbnail and the first section, the other nine on Add Field', async () => {
		const { id, sent } = await createdAndApproved(MPM_FORM);
		expect(sent.components).toContainEqual({
			type: 'BUTTONS',
			buttons: [{ type: 'MPM', text: 'View items' }],
		});
		const { fields } = await bed
			.harness()
			.resourceMapping('getTemplateVariables', sendParameters(id, {}));
		expect(fields.filter((f) => !f.removed).map((f) => f.displayName)).toEqual([
			'Body {{1}} (e.g. Maria)',
			'Thumbnail retailer ID',
			'Section 1 title (e.g. Coffee)',
			'Section 1 retailer IDs',
		]);
		expect(fields.filter((f) => f.removed).map((f) => f.displayName)).toHaveLength(18);
		expect(fields.find((f) => f.id === 'button_0_section_10_products')?.displayName).toBe(
			'Section 10 SKUs (optional)',
		);
	});

	it('labels every field so that n8n shows it whole', () => {
		const labels = templateVariables({
			components: [{ type: 'BUTTONS', buttons: [{ type: 'MPM', text: 'W'.repeat(25) }] }],
		}).map((v) => v.label);
		expect(labels).toHaveLength(21);
		expect(labels.filter((label) => labelWidth(label) > LABEL_WIDTH)).toEqual([]);
	});

	it('sends the sections as the Cloud API’s mpm action, products of the connected catalog', async () => {
		const { id } = await createdAndApproved(MPM_FORM);
		const template = await sentComponents(id, {
			...FIRST,
			button_0_section_2_title: 'Gear',
			button_0_section_2_products: 'SKU-00010\nSKU-00011,',
		});
		expect(template.components).toEqual([
			{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
			{
				type: 'button',
				sub_type: 'mpm',
				index: '0',
				parameters: [
					{
						type: 'action',
						action: {
							thumbnail_product_retailer_id: 'SKU-00001',
							sections: [
								{
									title: 'Beans',
									product_items: [
										{ product_retailer_id: 'SKU-00001' },
										{ product_retailer_id: 'SKU-00002' },
									],
								},
								{
									title: 'Gear',
									product_items: [
										{ product_retailer_id: 'SKU-00010' },
										{ product_retailer_id: 'SKU-00011' },
									],
								},
							],
						},
					},
				],
			},
		]);
	});

	it('30 products in all are sent; a 31st, a long title or a half section is refused before sending', async () => {
		const { id } = await createdAndApproved(MPM_FORM);
		const skus = (from: number, count: number) =>
			Array.from({ length: count }, (_, i) => `SKU-${String(from + i).padStart(5, '0')}`).join(',');
		const thirty = {
			...FIRST,
			button_0_section_1_title: 'T'.repeat(24),
			button_0_section_1_products: skus(1, 15),
			button_0_section_2_title: 'More',
			button_0_section_2_products: skus(16, 15),
		};
		await sentComponents(id, thirty);
		await refusedSend(
			id,
			{ ...thirty, button_0_section_3_title: 'One more', button_0_section_3_products: skus(31, 1) },
			'Template Variables › Section 3 SKUs (optional)',
			'at most 30 in all sections',
		);
		await refusedSend(
			id,
			{ ...FIRST, button_0_section_1_title: 'T'.repeat(25) },
			'Section 1 title',
			'at most 24 characters (it has 25)',
		);
		await refusedSend(
			id,
			{ ...FIRST, button_0_section_2_title: 'Gear' },
			'Section 2 SKUs (optional)',
			'is required: its section has a title',
		);
		await refusedSend(
			id,
			{ ...FIRST, button_0_section_2_products: 'SKU-00003' },
			'Section 2 title',
			'is required: its section has products',
		);
		await refusedSend(
			id,
			{ ...FIRST, button_0_thumbnail: '' },
			'Thumbnail retailer ID',
			'is required',
		);
		await refusedSend(
			id,
			{ ...FIRST, button_0_section_1_products: ' , ' },
			'Section 1 retailer IDs',
			'is required',
		);
	});

	it('a product the catalog does not have: the platform’s refusal, with its message', async () => {
		const { id } = await createdAndApproved(MPM_FORM);
		const error = await expectFailure(
			bed.harness().execute({
				parameters: sendParameters(id, { ...FIRST, button_0_section_1_products: 'NOPE-1' }),
			}),
		);
		expect(error.message).toContain('product_retailer_id');
		expect(JSON.stringify(error)).toContain('131009');
	});
});

describe('Template › Update: an Authentication template rebuilt in the form', () => {
	it('sends its One-Time Password button and the platform’s body and footer settings', async () => {
		const login = [...bed.sandbox.state.store.templates.values()].find(
			(t) => t.name === 'login_code',
		)!;
		await run({
			resource: 'template',
			operation: 'update',
			businessAccountId: { __rl: true, mode: 'id', value: bed.sandbox.businessAccountId },
			template: rl(login.id),
			content: 'builder',
			body: 'not used',
			buttons: {
				button: [{ type: 'OTP', otpType: 'COPY_CODE', text: 'Copy', codeExpirationMinutes: 5 }],
			},
		});
		const [request] = bed.requests().filter((r) => r.method === 'POST');
		expect(request.status).toBe(200);
		expect(sentJson(request).components).toEqual([
			{ type: 'BODY' },
			{ type: 'FOOTER', code_expiration_minutes: 5 },
			{ type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy' }] },
		]);
	});
});

describe('Message › Send Template: a copy code', () => {
	const seeded = (name: string) =>
		[...bed.sandbox.state.store.templates.values()].find((t) => t.name === name)!.id;

	it('sends 15 characters as the coupon_code parameter, and refuses 16 before sending', async () => {
		const id = seeded('welcome_offer');
		const template = await sentComponents(id, { body_1: 'Ana', button_0_code: 'C'.repeat(15) });
		expect(template.components).toContainEqual({
			type: 'button',
			sub_type: 'copy_code',
			index: '0',
			parameters: [{ type: 'coupon_code', coupon_code: 'C'.repeat(15) }],
		});
		await refusedSend(
			id,
			{ body_1: 'Ana', button_0_code: 'C'.repeat(16) },
			'Template Variables › Coupon code',
			'is at most 15 characters (it has 16)',
		);
	});
});
