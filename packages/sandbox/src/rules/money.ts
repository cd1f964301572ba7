import { invalid } from '../errors';

// Building an Intl.NumberFormat costs tens of microseconds: keep one per currency, since a
// listing page formats up to 1000 prices.
const formatters = new Map<string, Intl.NumberFormat>();
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

function formatterFor(currency: string, field: string): Intl.NumberFormat {
	let formatter = formatters.get(currency);
	if (formatter) return formatter;
	if (!/^[A-Z]{3}$/.test(currency))
		throw invalid(
			field,
			`must be a three-letter ISO 4217 code in capitals (got ${JSON.stringify(currency)})`,
		);
	if (!KNOWN_CURRENCIES.has(currency))
		throw invalid(field, `is not a known ISO 4217 currency (got ${JSON.stringify(currency)})`);
	formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
	formatters.set(currency, formatter);
	return formatter;
}

/** ISO 4217 minor-unit digits, as Intl knows them (JPY 0, EUR 2, KWD 3). */
export function currencyDigits(currency: string, field = 'currency'): number {
	return formatterFor(currency, field).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units to the listing's display form, e.g. 1999 EUR -> "€19.99". */
export function formatPrice(minorUnits: number, currency: string): string {
	return formatterFor(currency, 'currency').format(minorUnits / 10 ** currencyDigits(currency));
}
