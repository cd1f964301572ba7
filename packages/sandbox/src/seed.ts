import { sha256, syntheticSha256 } from './mediaFiles';
import type {
	FlowStatus,
	ParameterFormat,
	Product,
	TemplateCategory,
	TemplateStatus,
} from './model';
import type { Store } from './store';

/**
 * Seed data: API keys and what each one owns. `POST /_sandbox/seed` loads one of these (JSON);
 * demoSeed.ts holds the demo the sandbox starts with.
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
			parameter_format?: ParameterFormat;
		}[];
		/** WhatsApp Flows; `screens` are their screen IDs, the entry screen first. */
		flows?: {
			id: string;
			name: string;
			status: FlowStatus;
			categories: string[];
			screens: string[];
			validation_errors?: unknown[];
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
				const id = template.id ?? store.newId('template');
				store.reserveId(id);
				store.templates.set(id, {
					...template,
					id,
					seq: store.nextSeq(),
					accountId: account.id,
					approvedEdits: [],
				});
			}
			for (const flow of account.flows ?? []) {
				store.reserveId(flow.id);
				store.flows.set(flow.id, {
					...flow,
					validation_errors: flow.validation_errors ?? [],
					seq: store.nextSeq(),
					accountId: account.id,
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
					id: (product as { id?: string }).id ?? store.newId('product'),
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
