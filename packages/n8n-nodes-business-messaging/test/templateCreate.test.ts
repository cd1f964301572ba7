import { NodeOperationError } from 'n8n-workflow';
import { expectFailure, useTestBed } from './harness';
import {
	templatesPath,
	stored,
	sentJson,
	run,
	createParameters,
	getTemplate,
	useTemplateTestBed,
} from './templateSupport';

const bed = useTemplateTestBed(useTestBed());

describe('Template › Create with the form', () => {
	it('builds header, body, footer and a URL button with their examples; the review approves it', async () => {
		const output = await run(
			createParameters({
				headerType: 'text',
				headerText: 'Order {{1}} shipped',
				headerExample: '#1001',
				footer: 'Acme Coffee Roasters',
				buttons: {
					button: [
						{
							type: 'URL',
							text: 'Track parcel',
							url: 'https://shop.example.com/track/{{1}}',
							urlExample: 'ZX81',
						},
					],
				},
			}),
		);
		expect(output).toHaveLength(1);
		expect(output[0].json).toEqual({
			id: expect.stringMatching(/^\d+$/),
			status: 'PENDING',
			category: 'UTILITY',
			name: 'shipping_update',
			language: 'en_US',
		});
		expect(output[0].pairedItem).toEqual({ item: 0 });

		const requests = bed.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('POST');
		expect(requests[0].url).toBe(templatesPath());
		expect(requests[0].status).toBe(200);
		const components = [
			{
				type: 'HEADER',
				format: 'TEXT',
				text: 'Order {{1}} shipped',
				example: { header_text: ['#1001'] },
			},
			{
				type: 'BODY',
				text: 'Hi {{1}}, your parcel with {{2}} is on its way.',
				example: { body_text: [['Maria', '2 bags of coffee']] },
			},
			{ type: 'FOOTER', text: 'Acme Coffee Roasters' },
			{
				type: 'BUTTONS',
				buttons: [
					{
						type: 'URL',
						text: 'Track parcel',
						url: 'https://shop.example.com/track/{{1}}',
						example: ['https://shop.example.com/track/ZX81'],
					},
				],
			},
		];
		expect(sentJson(requests[0])).toEqual({
			name: 'shipping_update',
			language: 'en_US',
			category: 'UTILITY',
			components,
		});

		const id = String(output[0].json.id);
		expect(await getTemplate(id)).toMatchObject({ id, status: 'PENDING' });
		bed.sandbox.state.advanceClock(bed.sandbox.state.config.reviewDelayMs - 2000);
		expect((await getTemplate(id)).status).toBe('PENDING');
		bed.sandbox.state.advanceClock(2000);
		expect(await getTemplate(id)).toEqual({
			id,
			name: 'shipping_update',
			language: 'en_US',
			status: 'APPROVED',
			category: 'UTILITY',
			components,
		});
	});

	it('sends no example for a header without a variable, and none for a body without one', async () => {
		await run(
			createParameters({
				headerType: 'text',
				headerText: 'Your order',
				body: 'Thanks for your order.',
				bodyExamples: {},
			}),
		);
		expect(sentJson(bed.requests()[0]).components).toEqual([
			{ type: 'HEADER', format: 'TEXT', text: 'Your order' },
			{ type: 'BODY', text: 'Thanks for your order.' },
		]);
	});

	it('sends a footer holding a lone "{{" as text: only a whole {{…}} is a variable, as for the API', async () => {
		// Found by the 10,000-case property run: the node refused this footer, the API takes it.
		const output = await run(createParameters({ footer: 'Reply STOP {{ to opt out' }));
		expect(output[0].json).toMatchObject({ status: 'PENDING' });
		expect(bed.requests()[0].status).toBe(200);
		expect(sentJson(bed.requests()[0]).components).toContainEqual({
			type: 'FOOTER',
			text: 'Reply STOP {{ to opt out',
		});
	});

	it('derives the example of a copy-code button from its code', async () => {
		const output = await run(
			createParameters({
				name: 'spring_code',
				category: 'MARKETING',
				body: 'Welcome {{1}}! Use your code at checkout.',
				bodyExamples: { example: [{ value: 'Maria' }] },
				buttons: {
					button: [
						{ type: 'COPY_CODE', code: ' SPRING15 ' },
						{ type: 'QUICK_REPLY', text: 'Stop promotions' },
					],
				},
			}),
		);
		expect(output[0].json).toMatchObject({ status: 'PENDING', category: 'MARKETING' });
		expect(sentJson(bed.requests()[0]).components).toEqual([
			{
				type: 'BODY',
				text: 'Welcome {{1}}! Use your code at checkout.',
				example: { body_text: [['Maria']] },
			},
			{
				type: 'BUTTONS',
				buttons: [
					{ type: 'COPY_CODE', example: 'SPRING15' },
					{ type: 'QUICK_REPLY', text: 'Stop promotions' },
				],
			},
		]);
		expect(stored('spring_code').components).toEqual(sentJson(bed.requests()[0]).components);
	});

	it('adds a limited-time offer to a Marketing template', async () => {
		const output = await run(
			createParameters({
				name: 'weekend_offer',
				category: 'MARKETING',
				body: 'Fresh beans this weekend, {{1}}.',
				bodyExamples: { example: [{ value: 'Maria' }] },
				limitedTimeOffer: { text: 'Expiring offer!', hasExpiration: true },
			}),
		);
		expect(output[0].json).toMatchObject({
			status: 'PENDING',
			category: 'MARKETING',
			name: 'weekend_offer',
		});
		expect(sentJson(bed.requests()[0]).components).toEqual([
			{
				type: 'BODY',
				text: 'Fresh beans this weekend, {{1}}.',
				example: { body_text: [['Maria']] },
			},
			{
				type: 'LIMITED_TIME_OFFER',
				limited_time_offer: { text: 'Expiring offer!', has_expiration: true },
			},
		]);
	});
});

describe('Template › Create as JSON', () => {
	const components = [
		{ type: 'HEADER', format: 'TEXT', text: 'Welcome' },
		{ type: 'BODY', text: 'Hello {{1}}, good to see you.', example: { body_text: [['Maria']] } },
		{
			type: 'BUTTONS',
			buttons: [{ type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+14155550100' }],
		},
	];

	it.each([
		['an array', components],
		['a JSON string', JSON.stringify(components, null, 2)],
	])('sends the components given as %s unchanged', async (_kind, componentsJson) => {
		const output = await run(
			createParameters({
				name: 'json_welcome',
				content: 'json',
				componentsJson: componentsJson as unknown as string,
			}),
		);
		expect(output[0].json).toMatchObject({ status: 'PENDING', name: 'json_welcome' });
		const requests = bed.requests();
		expect(requests).toHaveLength(1);
		expect(sentJson(requests[0])).toEqual({
			name: 'json_welcome',
			language: 'en_US',
			category: 'UTILITY',
			components,
		});
	});

	it('refuses invalid JSON with a clear message, sending nothing', async () => {
		const error = await expectFailure(
			run(
				createParameters({
					content: 'json',
					componentsJson: '[{"type": "BODY", "text": "Hi"',
				}),
			),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain('Components (JSON) is not valid JSON');
		expect(bed.requests()).toHaveLength(0);
	});

	it('refuses JSON that is not an array, sending nothing', async () => {
		const error = await expectFailure(
			run(
				createParameters({
					content: 'json',
					componentsJson: '{"type": "BODY", "text": "Hi"}',
				}),
			),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Components (JSON): must be an array of components');
		expect(bed.requests()).toHaveLength(0);
	});
});

describe('Template › Create with named variables', () => {
	const named = (extra = {}) =>
		createParameters({
			parameterFormat: 'NAMED',
			headerType: 'text',
			headerText: 'Order {{order_id}} shipped',
			headerExample: '#1001',
			body: 'Hi {{first_name}}, your parcel with {{items}} is on its way.',
			...extra,
		});

	it('sends parameter_format NAMED and the examples paired with the names; GET returns the format', async () => {
		const output = await run(named());
		const [request] = bed.requests();
		expect(sentJson(request)).toEqual({
			name: 'shipping_update',
			language: 'en_US',
			category: 'UTILITY',
			parameter_format: 'NAMED',
			components: [
				{
					type: 'HEADER',
					format: 'TEXT',
					text: 'Order {{order_id}} shipped',
					example: { header_text_named_params: [{ param_name: 'order_id', example: '#1001' }] },
				},
				{
					type: 'BODY',
					text: 'Hi {{first_name}}, your parcel with {{items}} is on its way.',
					example: {
						body_text_named_params: [
							{ param_name: 'first_name', example: 'Maria' },
							{ param_name: 'items', example: '2 bags of coffee' },
						],
					},
				},
			],
		});
		expect(stored('shipping_update').parameter_format).toBe('NAMED');
		expect(await getTemplate(String(output[0].json.id))).toMatchObject({
			parameter_format: 'NAMED',
		});
	});

	it.each([
		['a number', { body: 'Hi {{1}}' }, 'Body', 'is a number'],
		['an uppercase name', { body: 'Hi {{First}}' }, 'Body', 'lowercase letters'],
		['a name used twice', { body: '{{a}} and {{a}}' }, 'Body', 'names must be unique'],
		[
			'a missing example',
			{ bodyExamples: { example: [{ value: 'Maria' }] } },
			'Body Variable Examples',
			'{{first_name}}, {{items}}',
		],
		['no header example', { headerExample: '' }, 'Header Variable Example', '{{order_id}}'],
	])('refuses %s before sending', async (_case, extra, field, rule) => {
		const error = await expectFailure(run(named(extra)));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toContain(field);
		expect(error.message).toContain(rule);
		expect(bed.requests()).toHaveLength(0);
	});

	it('sends no parameter_format for Positional, the API default', async () => {
		await run(createParameters({ parameterFormat: 'POSITIONAL' }));
		expect(sentJson(bed.requests()[0])).not.toHaveProperty('parameter_format');
	});
});

describe('Template › Create › Time-to-Live (Seconds)', () => {
	it('sends message_send_ttl_seconds when set, and nothing for 0 (the platform’s default)', async () => {
		await run(createParameters({ category: 'MARKETING', ttlSeconds: 86_400 }));
		expect(sentJson(bed.requests()[0]).message_send_ttl_seconds).toBe(86_400);
		expect(stored('shipping_update').message_send_ttl_seconds).toBe(86_400);
		bed.reset();
		await run(createParameters());
		expect(sentJson(bed.requests()[0])).not.toHaveProperty('message_send_ttl_seconds');
	});

	it.each([
		['AUTHENTICATION', 29, '30 to 900'],
		['AUTHENTICATION', 901, '30 to 900'],
		['UTILITY', 43_201, '30 to 43,200'],
		['MARKETING', 43_199, '43,200 to 2,592,000'],
		['MARKETING', 2_592_001, '43,200 to 2,592,000'],
		['UTILITY', 60.5, '30 to 43,200'],
	])(
		'refuses a %s template with %d seconds before any request',
		async (category, ttlSeconds, range) => {
			const error = await expectFailure(run(createParameters({ category, ttlSeconds })));
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toContain(
				`Time-to-Live (Seconds): must be a whole number from ${range} for a ${category} template`,
			);
			expect(bed.requests()).toEqual([]);
		},
	);

	it.each([
		['AUTHENTICATION', 901],
		['UTILITY', 29],
		['MARKETING', 43_199],
		['UTILITY', '600'],
	])('the sandbox, sent raw: a %s template with %p seconds is refused', async (category, ttl) => {
		const response = await fetch(
			`${bed.sandbox.baseUrl}/${bed.sandbox.businessAccountId}/message_templates`,
			{
				method: 'POST',
				headers: { apikey: bed.sandbox.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({
					name: 'ttl_check',
					language: 'en_US',
					category,
					components: [{ type: 'BODY', text: 'Hello' }],
					message_send_ttl_seconds: ttl,
				}),
			},
		);
		const answer = (await response.json()) as { error?: { message?: string } };
		expect(response.status).toBe(400);
		expect(answer.error?.message).toContain('message_send_ttl_seconds');
	});
});
