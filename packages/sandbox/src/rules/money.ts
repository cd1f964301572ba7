import { invalid } from '../errors';

/** ISO 4217 minor-unit digits, as Intl knows them (JPY 0, EUR 2, KWD 3). */
export function currencyDigits(currency: string, field = 'currency'): number {
  if (!/^[A-Z]{3}$/.test(currency)) throw invalid(field, `must be a three-letter ISO 4217 code in capitals (got ${JSON.stringify(currency)})`);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    throw invalid(field, `is not a known currency (got ${JSON.stringify(currency)})`);
  }
}

/** Minor units to the listing's display form, e.g. 1999 EUR -> "€19.99". */
export function formatPrice(minorUnits: number, currency: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minorUnits / 10 ** digits);
}
