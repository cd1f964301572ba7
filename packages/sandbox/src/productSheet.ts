import { generatedProducts } from './seed';

const COLUMNS = [
	'sku',
	'name',
	'description',
	'price',
	'currency',
	'availability',
	'brand',
	'category',
	'image_url',
	'url',
] as const;

/** RFC 4180 quoting: only where a value needs it. */
function cell(value: string): string {
	return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The demo catalog as a shop keeps it in a spreadsheet: its own column names, prices as
 * decimal text ("12.37"), the retailer ID as "sku". The same products as the seeded catalog.
 */
export function productSheetCsv(rows: number): string {
	const lines = [COLUMNS.join(',')];
	for (const p of generatedProducts(rows)) {
		const values: Record<(typeof COLUMNS)[number], string> = {
			sku: p.retailer_id,
			name: p.name,
			description: p.description ?? '',
			price: (p.price / 100).toFixed(2),
			currency: p.currency,
			availability: p.availability ?? 'in stock',
			brand: p.brand ?? '',
			category: p.category ?? '',
			image_url: p.image_url ?? '',
			url: p.url ?? '',
		};
		lines.push(COLUMNS.map((c) => cell(values[c])).join(','));
	}
	return `${lines.join('\r\n')}\r\n`;
}
