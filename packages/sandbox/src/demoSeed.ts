import { styledId, type IdStyle } from './dialect';
import { demoPdf, demoPng } from './demoFiles';
import type { Seed, SeedTenant } from './seed';

/** The demo the sandbox starts with: two keys, the second to prove that keys see only their own. */

export const DEMO_API_KEY = 'sandbox-demo-key';
export const OTHER_API_KEY = 'sandbox-other-key';

/** The demo; with `idStyle` opaque its IDs are opaque too (the same ones on every start). */
export function demoSeed(apiKey = DEMO_API_KEY, idStyle: IdStyle = 'digits'): Seed {
	const account = (digits: string) => styledId(idStyle, 'account', digits);
	const number = (digits: string) => styledId(idStyle, 'number', digits);
	const catalog = (digits: string) => styledId(idStyle, 'catalog', digits);
	const media = (digits: string) => styledId(idStyle, 'media', digits);
	const flow = (digits: string) => styledId(idStyle, 'flow', digits);
	return {
		tenants: [
			{
				apiKey,
				label: 'demo',
				businessAccounts: [
					{
						id: account('102290129340398'),
						name: 'Acme Coffee Roasters',
						currency: 'USD',
						timezone_id: '1',
						message_template_namespace: 'c8ae5f90_307a_ca4c_b8f6_d1e2a2573574',
						numbers: [
							{ phone_number_id: number('106540352242922'), wanumber: '+15550123401' },
							{ phone_number_id: number('106540352242923'), wanumber: '+15550123402' },
						],
						templates: demoTemplates(),
						flows: demoFlows(flow),
					},
				],
				catalogs: [
					{ id: catalog('215347871556718'), name: 'Acme Coffee Shop', generateProducts: 50 },
				],
				media: [
					{
						id: media('1037543291543636'),
						phone_number_id: number('106540352242922'),
						mime_type: 'image/png',
						file_name: 'latte-art.png',
						base64: demoPng().toString('base64'),
					},
					{
						id: media('1037543291543637'),
						phone_number_id: number('106540352242922'),
						mime_type: 'application/pdf',
						file_name: 'invoice-1001.pdf',
						base64: demoPdf('Invoice 1001 - Acme Coffee Roasters').toString('base64'),
					},
					{
						id: media('1037543291543638'),
						phone_number_id: number('106540352242923'),
						mime_type: 'text/plain',
						file_name: 'delivery-note.txt',
						text: 'Please leave the parcel at the back door.\n',
					},
				],
				payments: [
					{
						reference_id: 'order-1001',
						payment_config_id: 'acme-payments',
						phone_number_id: number('106540352242922'),
						currency: 'USD',
						amount: 4599,
					},
					{
						reference_id: 'order-1002',
						payment_config_id: 'acme-payments',
						phone_number_id: number('106540352242922'),
						currency: 'EUR',
						amount: 1999,
					},
					// Over 100: a refund an approval workflow asks a manager for.
					{
						reference_id: 'order-1004',
						payment_config_id: 'acme-payments',
						phone_number_id: number('106540352242922'),
						currency: 'USD',
						amount: 24900,
					},
					{
						reference_id: 'order-1003',
						payment_config_id: 'acme-payments',
						phone_number_id: number('106540352242923'),
						currency: 'JPY',
						amount: 3200,
					},
				],
			},
			{
				apiKey: OTHER_API_KEY,
				label: 'other',
				businessAccounts: [
					{
						id: account('102290129340999'),
						name: 'Other Business',
						numbers: [{ phone_number_id: number('106540352249999'), wanumber: '+15550199999' }],
						templates: [
							{
								name: 'other_hello',
								language: 'en_US',
								category: 'UTILITY',
								status: 'APPROVED',
								components: [{ type: 'BODY', text: 'Hello from another business' }],
							},
						],
						flows: [
							{
								id: flow('1208871900009999'),
								name: 'other_signup',
								status: 'PUBLISHED',
								categories: ['SIGN_UP'],
								screens: ['SIGN_UP'],
							},
						],
					},
				],
				catalogs: [{ id: catalog('215347871556999'), name: 'Other Catalog', generateProducts: 3 }],
				media: [
					{
						id: media('1037543291549999'),
						phone_number_id: number('106540352249999'),
						mime_type: 'text/plain',
						text: 'not yours',
					},
				],
			},
		],
	};
}

/**
 * The demo's WhatsApp Flows, one of each state a send treats apart: the booking form (published;
 * its fields are date, time and name), a survey still in draft, a retired sign-up, a blocked
 * offer and a throttled support form.
 */
function demoFlows(
	flow: (digits: string) => string,
): NonNullable<SeedTenant['businessAccounts'][number]['flows']> {
	return [
		{
			id: flow('1208871900000001'),
			name: 'book_appointment',
			status: 'PUBLISHED',
			categories: ['APPOINTMENT_BOOKING'],
			screens: ['APPOINTMENT', 'DETAILS', 'SUMMARY'],
		},
		{
			id: flow('1208871900000002'),
			name: 'feedback_survey',
			status: 'DRAFT',
			categories: ['SURVEY'],
			screens: ['RATING', 'COMMENTS'],
			validation_errors: [],
		},
		{
			id: flow('1208871900000003'),
			name: 'old_signup',
			status: 'DEPRECATED',
			categories: ['SIGN_UP'],
			screens: ['SIGN_UP'],
		},
		{
			id: flow('1208871900000004'),
			name: 'spring_offer',
			status: 'BLOCKED',
			categories: ['LEAD_GENERATION'],
			screens: ['OFFER'],
		},
		{
			id: flow('1208871900000005'),
			name: 'support_request',
			status: 'THROTTLED',
			categories: ['CUSTOMER_SUPPORT'],
			screens: ['REQUEST'],
		},
	];
}

function demoTemplates(): NonNullable<SeedTenant['businessAccounts'][number]['templates']> {
	return [
		{
			name: 'hello_world',
			language: 'en_US',
			category: 'UTILITY',
			status: 'APPROVED',
			components: [
				{ type: 'HEADER', format: 'TEXT', text: 'Hello World' },
				{
					type: 'BODY',
					text: 'Welcome and congratulations!! This message demonstrates your ability to send a message.',
				},
				{ type: 'FOOTER', text: 'Acme Coffee Roasters' },
			],
		},
		{
			name: 'order_confirmation',
			language: 'en_US',
			category: 'UTILITY',
			status: 'APPROVED',
			components: [
				{
					type: 'HEADER',
					format: 'TEXT',
					text: 'Order {{1}} confirmed',
					example: { header_text: ['#1001'] },
				},
				{
					type: 'BODY',
					text: 'Hi {{1}}, thanks for your order of {{2}}. It ships on {{3}}.',
					example: { body_text: [['Maria', '2 bags of Ethiopia Yirgacheffe', 'Monday']] },
				},
				{ type: 'FOOTER', text: 'Reply STOP to opt out' },
				{
					type: 'BUTTONS',
					buttons: [
						{
							type: 'URL',
							text: 'Track order',
							url: 'https://shop.example.com/orders/{{1}}',
							example: ['https://shop.example.com/orders/1001'],
						},
						{ type: 'QUICK_REPLY', text: 'Talk to us' },
					],
				},
			],
		},
		{
			name: 'order_confirmation',
			language: 'es_ES',
			category: 'UTILITY',
			status: 'APPROVED',
			components: [
				{
					type: 'BODY',
					text: 'Hola {{1}}, gracias por tu pedido de {{2}}.',
					example: { body_text: [['María', '2 bolsas de café']] },
				},
			],
		},
		{
			name: 'welcome_offer',
			language: 'en_US',
			category: 'MARKETING',
			status: 'APPROVED',
			components: [
				{
					type: 'BODY',
					text: 'Welcome {{1}}! Enjoy 15% off your first bag with this code.',
					example: { body_text: [['Maria']] },
				},
				{ type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'WELCOME15' }] },
			],
		},
		{
			name: 'spring_sale',
			language: 'en_US',
			category: 'MARKETING',
			status: 'PENDING',
			components: [
				{
					type: 'BODY',
					text: 'Our spring sale starts {{1}}!',
					example: { body_text: [['tomorrow']] },
				},
			],
		},
		{
			name: 'payment_reminder',
			language: 'en_US',
			category: 'UTILITY',
			status: 'REJECTED',
			rejected_reason: 'INCORRECT_CATEGORY',
			components: [
				{
					type: 'BODY',
					text: 'Hi {{1}}, your invoice is due. Get 10% off if you pay today!',
					example: { body_text: [['Maria']] },
				},
			],
		},
		...sendFormTemplates(),
		{
			name: 'loyalty_update',
			language: 'en_US',
			category: 'MARKETING',
			status: 'PAUSED',
			components: [
				{ type: 'BODY', text: 'You have {{1}} loyalty points.', example: { body_text: [['120']] } },
			],
		},
	];
}

/** Approved templates that show every kind of send parameter (named, location, buttons, offer). */
function sendFormTemplates(): NonNullable<SeedTenant['businessAccounts'][number]['templates']> {
	return [
		{
			// Send and Wait asks with it when the person has not written in 24 hours.
			name: 'approval_request',
			language: 'en_US',
			category: 'UTILITY',
			status: 'APPROVED',
			components: [
				{
					type: 'BODY',
					text: 'Approval needed: {{1}}',
					example: { body_text: [['Refund of 25.00 EUR for order #1001']] },
				},
				{
					type: 'BUTTONS',
					buttons: [
						{ type: 'QUICK_REPLY', text: 'Approve' },
						{ type: 'QUICK_REPLY', text: 'Decline' },
					],
				},
			],
		},
		{
			name: 'delivery_update',
			language: 'en_US',
			category: 'UTILITY',
			status: 'APPROVED',
			parameter_format: 'NAMED',
			components: [
				{
					type: 'HEADER',
					format: 'TEXT',
					text: 'Order {{order_id}} is on its way',
					example: { header_text_named_params: [{ param_name: 'order_id', example: '#1001' }] },
				},
				{
					type: 'BODY',
					text: 'Hi {{first_name}}, your coffee arrives on {{delivery_date}}. Will you be home?',
					example: {
						body_text_named_params: [
							{ param_name: 'first_name', example: 'Jessica' },
							{ param_name: 'delivery_date', example: 'Monday' },
						],
					},
				},
				{
					type: 'BUTTONS',
					buttons: [
						{ type: 'QUICK_REPLY', text: 'Yes' },
						{ type: 'QUICK_REPLY', text: 'Change date' },
					],
				},
			],
		},
		{
			name: 'store_pickup',
			language: 'en_US',
			category: 'UTILITY',
			status: 'APPROVED',
			components: [
				{ type: 'HEADER', format: 'LOCATION' },
				{
					type: 'BODY',
					text: 'Your order {{1}} is ready for pickup at our roastery.',
					example: { body_text: [['#1001']] },
				},
				{
					type: 'BUTTONS',
					buttons: [
						{
							type: 'FLOW',
							text: 'Book a pickup slot',
							flow_id: '1234567890123456',
							flow_action: 'navigate',
							navigate_screen: 'PICKUP_SLOT',
						},
					],
				},
			],
		},
		{
			name: 'invoice_ready',
			language: 'en_US',
			category: 'UTILITY',
			status: 'APPROVED',
			components: [
				{
					type: 'HEADER',
					format: 'DOCUMENT',
					example: { header_handle: ['4::YXBwbGljYXRpb24vcGRm'] },
				},
				{
					type: 'BODY',
					text: 'Hi {{1}}, your invoice is attached.',
					example: { body_text: [['Maria']] },
				},
			],
		},
		{
			name: 'flash_sale',
			language: 'en_US',
			category: 'MARKETING',
			status: 'APPROVED',
			components: [
				{
					type: 'LIMITED_TIME_OFFER',
					limited_time_offer: { text: 'Expiring offer!', has_expiration: true },
				},
				{
					type: 'BODY',
					text: 'Hi {{1}}, 20% off every bag until the timer runs out.',
					example: { body_text: [['Maria']] },
				},
				{
					type: 'BUTTONS',
					buttons: [
						{ type: 'COPY_CODE', example: 'FLASH20' },
						{
							type: 'URL',
							text: 'Shop the sale',
							url: 'https://shop.example.com/sale/{{1}}',
							example: ['https://shop.example.com/sale/flash20'],
						},
					],
				},
			],
		},
		{
			name: 'coffee_catalog',
			language: 'en_US',
			category: 'MARKETING',
			status: 'APPROVED',
			components: [
				{
					type: 'BODY',
					text: 'Hi {{1}}, our new single-origin beans are in.',
					example: { body_text: [['Maria']] },
				},
				{ type: 'BUTTONS', buttons: [{ type: 'CATALOG', text: 'View catalog' }] },
			],
		},
		{
			name: 'login_code',
			language: 'en_US',
			category: 'AUTHENTICATION',
			status: 'APPROVED',
			components: [
				{
					type: 'BODY',
					text: '*{{1}}* is your verification code. For your security, do not share this code.',
					add_security_recommendation: true,
				},
				{ type: 'FOOTER', text: 'This code expires in 10 minutes.', code_expiration_minutes: 10 },
				{ type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
			],
		},
	];
}
