import { demoPdf, demoPng } from './demoFiles';
import { sha256, syntheticSha256 } from './mediaFiles';
import type { Product, TemplateCategory, TemplateStatus } from './model';
import type { Store } from './store';

/**
 * Seed data: API keys and what each one owns. `POST /_sandbox/seed` loads one of these (JSON);
 * the default below is the demo the sandbox starts with.
 */
export interface Seed {
	tenants: SeedTenant[];
}

export interface SeedTenant {
	apiKey: string;
	label?: string;
	businessAccounts: {
		id: string;
		name: string;
		currency?: string;
		timezone_id?: string;
		message_template_namespace?: string;
		numbers: { phone_number_id: string; wanumber: string }[];
		templates?: {
			id?: string;
			name: string;
			language: string;
			category: TemplateCategory;
			status: TemplateStatus;
			rejected_reason?: string;
			components: unknown[];
		}[];
	}[];
	catalogs?: {
		id: string;
		name: string;
		products?: (Omit<Product, 'id' | 'seq'> & { id?: string })[];
		/** Adds this many generated products (for paging and load tests). */
		generateProducts?: number;
	}[];
	media?: {
		id: string;
		phone_number_id: string;
		mime_type: string;
		file_name?: string;
		/** Content: base64, or text, or `size` bytes generated from `seed`. */
		base64?: string;
		text?: string;
		size?: number;
		seed?: number;
	}[];
	payments?: {
		reference_id: string;
		payment_config_id: string;
		phone_number_id: string;
		currency: string;
		/** Minor currency units. */
		amount: number;
	}[];
}

export const DEMO_API_KEY = 'sandbox-demo-key';
export const OTHER_API_KEY = 'sandbox-other-key';

export function demoSeed(apiKey = DEMO_API_KEY): Seed {
	return {
		tenants: [
			{
				apiKey,
				label: 'demo',
				businessAccounts: [
					{
						id: '102290129340398',
						name: 'Acme Coffee Roasters',
						currency: 'USD',
						timezone_id: '1',
						message_template_namespace: 'c8ae5f90_307a_ca4c_b8f6_d1e2a2573574',
						numbers: [
							{ phone_number_id: '106540352242922', wanumber: '+15550123401' },
							{ phone_number_id: '106540352242923', wanumber: '+15550123402' },
						],
						templates: demoTemplates(),
					},
				],
				catalogs: [{ id: '215347871556718', name: 'Acme Coffee Shop', generateProducts: 50 }],
				media: [
					{
						id: '1037543291543636',
						phone_number_id: '106540352242922',
						mime_type: 'image/png',
						file_name: 'latte-art.png',
						base64: demoPng().toString('base64'),
					},
					{
						id: '1037543291543637',
						phone_number_id: '106540352242922',
						mime_type: 'application/pdf',
						file_name: 'invoice-1001.pdf',
						base64: demoPdf('Invoice 1001 - Acme Coffee Roasters').toString('base64'),
					},
					{
						id: '1037543291543638',
						phone_number_id: '106540352242923',
						mime_type: 'text/plain',
						file_name: 'delivery-note.txt',
						text: 'Please leave the parcel at the back door.\n',
					},
				],
				payments: [
					{
						reference_id: 'order-1001',
						payment_config_id: 'acme-payments',
						phone_number_id: '106540352242922',
						currency: 'USD',
						amount: 4599,
					},
					{
						reference_id: 'order-1002',
						payment_config_id: 'acme-payments',
						phone_number_id: '106540352242922',
						currency: 'EUR',
						amount: 1999,
					},
					{
						reference_id: 'order-1003',
						payment_config_id: 'acme-payments',
						phone_number_id: '106540352242923',
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
						id: '102290129340999',
						name: 'Other Business',
						numbers: [{ phone_number_id: '106540352249999', wanumber: '+15550199999' }],
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
				catalogs: [{ id: '215347871556999', name: 'Other Catalog', generateProducts: 3 }],
				media: [
					{
						id: '1037543291549999',
						phone_number_id: '106540352249999',
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

const ORIGINS = [
	'Ethiopia Yirgacheffe',
	'Colombia Huila',
	'Kenya Nyeri',
	'Guatemala Antigua',
	'Brazil Cerrado',
	'Sumatra Mandheling',
	'Costa Rica Tarrazu',
	'Rwanda Huye',
	'Peru Cajamarca',
	'Honduras Marcala',
];
const FORMS = [
	'Whole Bean 250g',
	'Ground 250g',
	'Whole Bean 1kg',
	'Espresso Roast 500g',
	'Decaf 250g',
];

/** Deterministic demo products: retailer IDs SKU-00001, SKU-00002, ... */
export function generatedProducts(count: number, startAt = 1): Omit<Product, 'id' | 'seq'>[] {
	const products: Omit<Product, 'id' | 'seq'>[] = [];
	for (let i = startAt; i < startAt + count; i++) {
		const origin = ORIGINS[i % ORIGINS.length];
		const form = FORMS[Math.floor(i / ORIGINS.length) % FORMS.length];
		products.push({
			retailer_id: `SKU-${String(i).padStart(5, '0')}`,
			name: `${origin} ${form}`,
			description: `Single-origin coffee from ${origin.split(' ')[0]}, ${form.toLowerCase()}.`,
			price: 1200 + ((i * 137) % 2400),
			currency: 'USD',
			availability: i % 9 === 0 ? 'out of stock' : 'in stock',
			condition: 'new',
			brand: 'Acme Coffee Roasters',
			category: 'Coffee',
			image_url: `https://cdn.example.com/products/sku-${i}.jpg`,
			url: `https://shop.example.com/products/sku-${i}`,
			retailer_product_group_id: origin.toLowerCase().replace(/\s+/g, '-'),
		});
	}
	return products;
}

/** Fills an empty store from a seed. */
export function loadSeed(store: Store, seed: Seed): void {
	for (const tenant of seed.tenants) {
		if (store.apiKeys.has(tenant.apiKey))
			throw new Error(`seed: the API key ${tenant.label ?? ''} is listed twice`);
		store.apiKeys.set(tenant.apiKey, { label: tenant.label ?? `key-${store.apiKeys.size + 1}` });
		for (const account of tenant.businessAccounts) {
			store.reserveId(account.id);
			store.accounts.set(account.id, {
				id: account.id,
				apiKey: tenant.apiKey,
				name: account.name,
				currency: account.currency ?? 'USD',
				timezone_id: account.timezone_id ?? '1',
				message_template_namespace: account.message_template_namespace ?? `ns_${account.id}`,
			});
			for (const number of account.numbers) {
				store.reserveId(number.phone_number_id);
				store.numbers.set(number.phone_number_id, {
					...number,
					accountId: account.id,
					apiKey: tenant.apiKey,
				});
			}
			for (const template of account.templates ?? []) {
				const id = template.id ?? store.newId();
				store.reserveId(id);
				store.templates.set(id, {
					...template,
					id,
					seq: store.nextSeq(),
					accountId: account.id,
					approvedEdits: [],
				});
			}
		}
		for (const catalog of tenant.catalogs ?? []) {
			store.reserveId(catalog.id);
			const record = {
				id: catalog.id,
				apiKey: tenant.apiKey,
				name: catalog.name,
				products: [],
				byRetailerId: new Map(),
			};
			store.catalogs.set(catalog.id, record);
			const products = [
				...(catalog.products ?? []),
				...generatedProducts(catalog.generateProducts ?? 0, (catalog.products?.length ?? 0) + 1),
			];
			for (const product of products) {
				store.addProduct(record, {
					...product,
					id: (product as { id?: string }).id ?? store.newId(),
					seq: store.nextSeq(),
				});
			}
		}
		for (const media of tenant.media ?? []) {
			store.reserveId(media.id);
			const number = store.number(tenant.apiKey, media.phone_number_id);
			const base = {
				id: media.id,
				apiKey: tenant.apiKey,
				phoneNumberId: number.phone_number_id,
				mimeType: media.mime_type,
				fileName: media.file_name,
			};
			if (media.size !== undefined) {
				const seedValue = media.seed ?? 1;
				store.media.set(media.id, {
					...base,
					size: media.size,
					sha256: syntheticSha256(seedValue, media.size),
					source: { kind: 'synthetic', seed: seedValue },
				});
			} else {
				const data =
					media.base64 !== undefined
						? Buffer.from(media.base64, 'base64')
						: Buffer.from(media.text ?? '', 'utf8');
				store.media.set(media.id, {
					...base,
					size: data.length,
					sha256: sha256(data),
					source: { kind: 'bytes', data },
				});
			}
		}
		for (const payment of tenant.payments ?? []) {
			const number = store.number(tenant.apiKey, payment.phone_number_id);
			store.payments.set(`${number.phone_number_id}:${payment.reference_id}`, {
				reference_id: payment.reference_id,
				payment_config_id: payment.payment_config_id,
				phoneNumberId: number.phone_number_id,
				currency: payment.currency,
				amount: payment.amount,
				refunded: 0,
			});
		}
	}
}
