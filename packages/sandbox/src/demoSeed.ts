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
				{ type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: ['WELCOME15'] }] },
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
