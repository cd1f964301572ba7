import { NodeOperationError } from 'n8n-workflow';
import { expectFailure, FAST_RETRIES, useTestBed } from './harness';

const bed = useTestBed();

const templateId = (name: string, language = 'en_US') => {
	for (const t of bed.sandbox.state.store.templates.values())
		if (t.name === name && t.language === language) return t.id;
	throw new Error(`no seeded template ${name}`);
};
const rl = (value: string, mode = 'list') => ({ __rl: true, mode, value });

function send(
	template: string,
	values: Record<string, string> = {},
	extra: Record<string, unknown> = {},
) {
	return {
		resource: 'message',
		operation: 'sendTemplate',
		phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		recipient: '+1 (415) 555-0100',
		template: rl(templateId(template)),
		variables: { mappingMode: 'defineBelow', value: values },
		requestOptions: FAST_RETRIES,
		...extra,
	};
}

const posts = () => bed.requests().filter((r) => r.method === 'POST');

describe('Message › Send Template: the variables form', () => {
	it('builds one field per variable, labelled with the template example where it fits', async () => {
		const { fields } = await bed
			.harness()
			.resourceMapping('getTemplateVariables', send('order_confirmation'));
		// None required: n8n would name a required one left empty by its ID; the send checks.
		expect(fields.map((f) => [f.id, f.displayName, f.required, f.type])).toEqual([
			['header_1', 'Header {{1}} (e.g. #1001)', false, 'string'],
			['body_1', 'Body {{1}} (e.g. Maria)', false, 'string'],
			// The example has no room: the template's words around {{2}} say what goes there.
			['body_2', '“…order of {{2}}. It…”', false, 'string'],
			['body_3', 'Body {{3}} (e.g. Monday)', false, 'string'],
			['button_0_url', '"Track order" URL end', false, 'string'],
			['button_1_payload', 'Button 2 payload (optional)', false, 'string'],
		]);
	});

	it('offers a copy-code field for a copy-code button, and nothing for a template without variables', async () => {
		const offer = await bed
			.harness()
			.resourceMapping('getTemplateVariables', send('welcome_offer'));
		expect(offer.fields.map((f) => f.displayName)).toEqual([
			'Body {{1}} (e.g. Maria)',
			'Coupon code',
		]);
		const hello = await bed.harness().resourceMapping('getTemplateVariables', send('hello_world'));
		expect(hello.fields).toEqual([]);
	});

	it('lists only approved templates for sending, found through the sender number', async () => {
		const { results } = await bed
			.harness()
			.listSearch('searchApprovedTemplates', { phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]) });
		expect(results.map((r) => r.name).sort()).toEqual([
			'approval_request (en_US)',
			'coffee_catalog (en_US)',
			'delivery_update (en_US)',
			'flash_sale (en_US)',
			'hello_world (en_US)',
			'invoice_ready (en_US)',
			'login_code (en_US)',
			'order_confirmation (en_US)',
			'order_confirmation (es_ES)',
			'store_pickup (en_US)',
			'welcome_offer (en_US)',
		]);
	});
});

describe('Message › Send Template', () => {
	const orderValues = {
		header_1: '#2002',
		body_1: 'Ana',
		body_2: 'a bag of Kenya Nyeri',
		body_3: 'Friday',
		button_0_url: '2002',
	};

	it('sends the variables as Cloud API component parameters and outputs the message ID', async () => {
		const [output] = await bed
			.harness()
			.execute({ parameters: send('order_confirmation', orderValues) });
		expect(output[0].json).toEqual({
			messageId: expect.stringMatching(/^wamid\./),
			recipient: '14155550100',
			waId: '14155550100',
			messageStatus: 'accepted',
			type: 'template',
			template: 'order_confirmation',
			language: 'en_US',
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
		});
		const [post] = posts();
		expect(post.url).toBe(`/v3/${bed.sandbox.phoneNumberIds[0]}/messages`);
		expect(JSON.parse(post.body!)).toEqual({
			messaging_product: 'whatsapp',
			recipient_type: 'individual',
			to: '14155550100',
			type: 'template',
			template: {
				name: 'order_confirmation',
				language: { code: 'en_US' },
				components: [
					{ type: 'header', parameters: [{ type: 'text', text: '#2002' }] },
					{
						type: 'body',
						parameters: [
							{ type: 'text', text: 'Ana' },
							{ type: 'text', text: 'a bag of Kenya Nyeri' },
							{ type: 'text', text: 'Friday' },
						],
					},
					{
						type: 'button',
						sub_type: 'url',
						index: '0',
						parameters: [{ type: 'text', text: '2002' }],
					},
				],
			},
		});
		expect([...bed.sandbox.state.store.messages.values()]).toHaveLength(1);
	});

	it('sends a copy code as a coupon_code parameter, and a template without variables without components', async () => {
		await bed
			.harness()
			.execute({ parameters: send('welcome_offer', { body_1: 'Ana', button_0_code: 'ANA15' }) });
		await bed.harness().execute({ parameters: send('hello_world') });
		const [offer, hello] = posts().map((p) => JSON.parse(p.body!).template);
		expect(offer.components).toEqual([
			{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
			{
				type: 'button',
				sub_type: 'copy_code',
				index: '0',
				parameters: [{ type: 'coupon_code', coupon_code: 'ANA15' }],
			},
		]);
		expect(hello).toEqual({ name: 'hello_world', language: { code: 'en_US' } });
	});

	it('reads the template once per run, sending one message per item', async () => {
		const [output] = await bed.harness().execute({
			items: [
				{ json: { phone: '+44 20 7946 0958', name: 'Ann' } },
				{ json: { phone: '0033 1 23 45 67 89', name: 'Bo' } },
				{ json: { phone: '14155550101', name: 'Cy' } },
			],
			parameters: send(
				'welcome_offer',
				{ body_1: '={{ $json.name }}', button_0_code: 'HELLO' },
				{ recipient: '={{ $json.phone }}' },
			),
		});
		expect(output.map((o) => o.json.recipient)).toEqual([
			'442079460958',
			'33123456789',
			'14155550101',
		]);
		expect(output.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(bed.requests().map((r) => r.method)).toEqual(['GET', 'POST', 'POST', 'POST']);
		expect(
			posts().map((p) => JSON.parse(p.body!).template.components[0].parameters[0].text),
		).toEqual(['Ann', 'Bo', 'Cy']);
	});

	it.each([
		['', 'is empty'],
		['call me', 'is neither a phone number nor a user ID'],
		['US.1349-1208', 'is not a user ID'],
		['us.13491208655302741918', 'is not a user ID'],
		['0415 555 0100', 'has no country code'],
		['+1 415', 'has 4 digits'],
		['+1 415 555 0100 1234 5678', 'has 19 digits'],
		['1+4155550100', 'has a + that is not at the start'],
	])('refuses the recipient %p before sending (%s)', async (recipient, message) => {
		const error = await expectFailure(
			bed.harness().execute({ parameters: send('hello_world', {}, { recipient }) }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(error.message).toContain('Recipient');
		expect(posts()).toHaveLength(0);
	});

	it.each(['spring_sale', 'payment_reminder', 'loyalty_update'])(
		'refuses the non-approved template %s before sending',
		async (name) => {
			const error = await expectFailure(
				bed.harness().execute({ parameters: send(name, { body_1: 'x' }) }),
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toMatch(
				new RegExp(
					`^Template ${name} \\(en_US\\) is (PENDING|REJECTED|PAUSED): only APPROVED templates can be sent$`,
				),
			);
			expect(posts()).toHaveLength(0);
		},
	);

	it('names an empty variable by its label, with the example its label had no room for, and sends nothing', async () => {
		const error = await expectFailure(
			bed
				.harness()
				.execute({ parameters: send('order_confirmation', { ...orderValues, body_2: '  ' }) }),
		);
		expect(error.message).toBe('Template Variables › “…order of {{2}}. It…” is required');
		expect(error.description).toBe('For example: 2 bags of Ethiopia Yirgacheffe');
		expect(posts()).toHaveLength(0);
	});

	it('names a variable left out of the form by its label, its example in it', async () => {
		const others: Record<string, string> = { ...orderValues };
		delete others.body_1;
		const error = await expectFailure(
			bed.harness().execute({ parameters: send('order_confirmation', others) }),
		);
		expect(error.message).toBe('Template Variables › Body {{1}} (e.g. Maria) is required');
		expect(error.message).not.toContain('body_1');
		expect(error.description).toBeUndefined();
		expect(posts()).toHaveLength(0);
	});

	it('refuses a variable with a new line, as the platform would', async () => {
		const error = await expectFailure(
			bed.harness().execute({
				parameters: send('order_confirmation', { ...orderValues, body_1: 'Ana\nMaria' }),
			}),
		);
		expect(error.message).toContain('cannot hold new lines');
		expect(posts()).toHaveLength(0);
	});

	it('retries a rate-limited send, and never repeats one that failed with a 500', async () => {
		bed.sandbox.state.faults.add({
			kind: 'status',
			status: 429,
			retryAfter: 0,
			count: 1,
			method: 'POST',
		});
		await bed.harness().execute({ parameters: send('hello_world') });
		expect(posts().map((p) => p.status)).toEqual([429, 200]);
		bed.sandbox.state.log.clear();
		bed.sandbox.state.faults.clear();
		bed.sandbox.state.faults.add({ kind: 'status', status: 500, method: 'POST' });
		const error = await expectFailure(bed.harness().execute({ parameters: send('hello_world') }));
		expect(error.description).toContain('may have taken effect');
		expect(posts()).toHaveLength(1);
		expect(bed.sandbox.state.store.messages.size).toBe(1);
	});

	it('the whole story: create with the form, review, send, receipts recorded', async () => {
		const account = rl(bed.sandbox.businessAccountId);
		const [created] = await bed.harness().execute({
			parameters: {
				resource: 'template',
				operation: 'create',
				businessAccountId: account,
				name: 'deal_closed',
				language: 'en_US',
				category: 'UTILITY',
				content: 'builder',
				body: 'Hi {{1}}, your order {{2}} is confirmed.',
				bodyExamples: { example: [{ value: 'Maria' }, { value: '#1001' }] },
			},
		});
		expect(created[0].json.status).toBe('PENDING');
		const id = String(created[0].json.id);
		// Not sendable while pending
		const pending = await expectFailure(
			bed.harness().execute({ parameters: { ...send('hello_world'), template: rl(id, 'id') } }),
		);
		expect(pending.message).toContain('is PENDING');
		bed.sandbox.state.advanceClock(bed.sandbox.state.config.reviewDelayMs);
		const [sent] = await bed.harness().execute({
			parameters: {
				...send('hello_world'),
				template: rl(id, 'id'),
				variables: { mappingMode: 'defineBelow', value: { body_1: 'Ana', body_2: '#77' } },
			},
		});
		const messageId = String(sent[0].json.messageId);
		const { receiptDelaysMs } = bed.sandbox.state.config;
		bed.sandbox.state.advanceClock(receiptDelaysMs.read);
		expect(bed.sandbox.state.store.messages.get(messageId)?.status).toBe('read');
	});
});

describe('Message › Send Text', () => {
	const customer = '14155550100';
	const sendText = (extra: Record<string, unknown> = {}) => ({
		resource: 'message',
		operation: 'sendText',
		phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		recipient: '+1 (415) 555-0100',
		text: 'Thanks, we got your photo.',
		requestOptions: FAST_RETRIES,
		...extra,
	});
	const customerWrites = async () => {
		const response = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				phone_number_id: bed.sandbox.phoneNumberIds[0],
				from: customer,
				text: 'Here is the photo',
			}),
		});
		expect(response.ok).toBe(true);
	};

	it('answers a customer inside the 24-hour window, as a reply to their message', async () => {
		await customerWrites();
		const [output] = await bed.harness().execute({
			parameters: sendText({ options: { replyTo: 'wamid.customer1', previewUrl: true } }),
		});
		expect(output[0].json).toEqual({
			messageId: expect.stringMatching(/^wamid\./),
			recipient: customer,
			waId: customer,
			messageStatus: 'accepted',
			type: 'text',
			replyTo: 'wamid.customer1',
			phoneNumberId: bed.sandbox.phoneNumberIds[0],
		});
		const [post] = posts();
		expect(JSON.parse(post.body!)).toEqual({
			messaging_product: 'whatsapp',
			recipient_type: 'individual',
			to: customer,
			type: 'text',
			text: { body: 'Thanks, we got your photo.', preview_url: true },
			context: { message_id: 'wamid.customer1' },
		});
		expect(bed.sandbox.state.store.messages.get(String(output[0].json.messageId))?.replyTo).toBe(
			'wamid.customer1',
		);
	});

	it('passes on the refusal outside the window, with the advice to send a template, and does not repeat it', async () => {
		const error = await expectFailure(bed.harness().execute({ parameters: sendText() }));
		expect(error.message).toMatch(/must start with an approved template/);
		expect(String(error.description)).toMatch(/131047[\s\S]*Send Template/);
		expect(posts()).toHaveLength(1);
		expect(bed.sandbox.state.store.messages.size).toBe(0);
	});

	it.each([
		['blank text', { text: '   ' }, 'Text is empty'],
		[
			'4097 characters',
			{ text: 'x'.repeat(4097) },
			'Text has 4097 characters; it may have at most 4096',
		],
		[
			'a reply-to that is no message ID',
			{ options: { replyTo: 'customer1' } },
			'Options › Reply To Message ID "customer1" is not a message ID',
		],
		[
			'a recipient that is no number',
			{ recipient: 'call me' },
			'Recipient "call me" is neither a phone number nor a user ID',
		],
		[
			'an expression typed as fixed text (n8n filled nothing in)',
			{ recipient: '{{ $json.sendTo }}' },
			'Recipient "{{ $json.sendTo }}" is an expression kept as fixed text, so n8n did not fill it in: switch the field from Fixed to Expression',
		],
		[
			'a country code starting with 0',
			{ recipient: '+0 415 555 0100' },
			'Recipient "+0 415 555 0100" has no country code: country codes start with 1 to 9',
		],
	])('refuses %s before sending', async (_label, extra, message) => {
		await customerWrites();
		const error = await expectFailure(bed.harness().execute({ parameters: sendText(extra) }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(message);
		expect(posts()).toHaveLength(0);
	});

	it('sends exactly 4096 characters', async () => {
		await customerWrites();
		await bed.harness().execute({ parameters: sendText({ text: 'x'.repeat(4096) }) });
		expect(JSON.parse(posts()[0].body!).text.body).toHaveLength(4096);
	});
});

describe('Message › Send Template: the template by name', () => {
	const byName = (name: string, values: Record<string, string> = {}) =>
		send('hello_world', values, { template: rl(name, 'name') });
	const gets = () => bed.requests().filter((r) => r.method === 'GET');

	it('sends "name (language)", looking the template up once per run', async () => {
		const [output] = await bed.harness().execute({
			items: [{ json: { name: 'Ann' } }, { json: { name: 'Bo' } }],
			parameters: byName('welcome_offer (en_US)', {
				body_1: '={{ $json.name }}',
				button_0_code: 'HELLO',
			}),
		});
		expect(output.map((o) => [o.json.template, o.json.language])).toEqual([
			['welcome_offer', 'en_US'],
			['welcome_offer', 'en_US'],
		]);
		expect(gets().map((r) => r.url.split('?')[0])).toEqual([
			'/v3/getuserdetails',
			`/v3/${bed.sandbox.businessAccountId}/message_templates`,
			`/v3/${templateId('welcome_offer')}`,
		]);
		expect(posts()).toHaveLength(2);
	});

	it('takes the bare name of a template with one language', async () => {
		const [output] = await bed.harness().execute({ parameters: byName('hello_world') });
		expect(output[0].json.template).toBe('hello_world');
	});

	it.each([
		[
			'order_confirmation',
			'Template order_confirmation exists in several languages (en_US, es_ES)',
			'Add the language, e.g. order_confirmation (en_US).',
		],
		[
			'order_confirmation (fr_FR)',
			`There is no template order_confirmation (fr_FR) in business account 102290129340398`,
			'It exists in: en_US, es_ES.',
		],
		[
			'no_such_template',
			'There is no template no_such_template in business account 102290129340398',
			'Check the name: Template › Get Many lists the account’s templates.',
		],
	])('refuses %s with the reason, sending nothing', async (name, message, description) => {
		const error = await expectFailure(bed.harness().execute({ parameters: byName(name) }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(message);
		expect(error.description).toBe(description);
		expect(posts()).toHaveLength(0);
	});

	it('refuses what is not a template name before any request', async () => {
		const error = await expectFailure(
			bed.harness().execute({ parameters: byName('Order Confirmation') }),
		);
		expect(error.message).toBe('Template "Order Confirmation" is not a template name');
		expect(bed.requests()).toHaveLength(0);
	});

	it('builds the variables form for a template given by name', async () => {
		const { fields } = await bed
			.harness()
			.resourceMapping('getTemplateVariables', byName('order_confirmation (es_ES)'));
		const byId = await bed
			.harness()
			.resourceMapping(
				'getTemplateVariables',
				send('hello_world', {}, { template: rl(templateId('order_confirmation', 'es_ES'), 'id') }),
			);
		expect(fields.length).toBeGreaterThan(0);
		expect(fields).toEqual(byId.fields);
	});

	it('Template › Get finds a template by name in the chosen account', async () => {
		const [output] = await bed.harness().execute({
			parameters: {
				resource: 'template',
				operation: 'get',
				businessAccountId: rl(bed.sandbox.businessAccountId),
				template: rl('order_confirmation (es_ES)', 'name'),
			},
		});
		expect([output[0].json.name, output[0].json.language, output[0].json.id]).toEqual([
			'order_confirmation',
			'es_ES',
			templateId('order_confirmation', 'es_ES'),
		]);
	});
});

describe('IDs the user left empty or made into a path', () => {
	it.each([
		// Empty answers from the number the customer wrote to: there is none without the trigger.
		['', 'Sender is empty, and the item does not come from a Business Messaging Trigger'],
		['..', 'Sender ".." is not an ID'],
		['.', 'Sender "." is not an ID'],
	])('refuses the sender %j by its label, sending nothing', async (value, message) => {
		const error = await expectFailure(
			bed
				.harness()
				.execute({ parameters: send('hello_world', {}, { phoneNumberId: rl(value, 'id') }) }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(message);
		expect(bed.requests()).toHaveLength(0);
	});
});
