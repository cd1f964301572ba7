import type { IDataObject } from 'n8n-workflow';

/**
 * What an order comes to, per currency: the sum of each item's price times its quantity,
 * computed exactly whatever the size. Prices come as decimals in the currency's major units
 * (`12.99`, or the same as text); they are added as whole numbers of their smallest decimal
 * place, never as floating point (0.1 + 0.2 would not be 0.3). The total is given as text
 * (`amountText`, exact) and as a number (`amount`, for expressions); a number holds about 15
 * significant digits, so a total past that is flagged `amountRounded` (use `amountText`).
 * The prices and quantities are read from the delivery's own text (exactNumbers.ts), where
 * a JSON parser would already have rounded 0.1000000000000000000001 to 0.1.
 */

/** A price as digits and a scale: "12.99" is 1299 at scale 2. */
function decimalOf(raw: unknown): { units: bigint; scale: number } | undefined {
	const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
	if (typeof text !== 'string') return undefined;
	const match = /^\s*(\d+)(?:\.(\d+))?\s*$/.exec(text);
	if (!match) return undefined;
	const fraction = match[2] ?? '';
	return { units: BigInt(match[1] + fraction), scale: fraction.length };
}

function quantityOf(raw: unknown): bigint | undefined {
	if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return BigInt(raw);
	if (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw)) return BigInt(raw.trim());
	return undefined;
}

/** `units` at `scale` as a decimal text: 18597n at 2 → "185.97". */
function decimalText(units: bigint, scale: number): string {
	const digits = units.toString().padStart(scale + 1, '0');
	return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * `[{currency, amount}]`, one entry per currency in the order the items name them. A currency
 * with an item whose price or quantity is not a number gets no entry (no total is better than a
 * wrong one); an item without a currency is in no total.
 */
export function orderTotals(items: IDataObject[]): IDataObject[] {
	const sums = new Map<string, Array<{ units: bigint; scale: number }> | undefined>();
	for (const item of items) {
		const currency = typeof item.currency === 'string' ? item.currency.trim() : '';
		if (!currency) continue;
		const price = decimalOf(item.item_price);
		const quantity = quantityOf(item.quantity);
		const lines = sums.has(currency) ? sums.get(currency) : [];
		if (!lines || !price || quantity === undefined) {
			sums.set(currency, undefined);
			continue;
		}
		lines.push({ units: price.units * quantity, scale: price.scale });
		sums.set(currency, lines);
	}
	const totals: IDataObject[] = [];
	for (const [currency, lines] of sums) {
		if (!lines) continue;
		const scale = Math.max(0, ...lines.map((l) => l.scale));
		const units = lines.reduce(
			(sum, l) => sum + l.units * BigInt(10) ** BigInt(scale - l.scale),
			BigInt(0),
		);
		const amountText = decimalText(units, scale);
		const amount = Number(amountText);
		totals.push({
			currency,
			amount,
			amountText,
			...(sameValue(amount, units, scale) ? {} : { amountRounded: true }),
		});
	}
	return totals;
}

/** Whether the number is exactly `units` at `scale` (not rounded on the way to a number). */
function sameValue(amount: number, units: bigint, scale: number): boolean {
	if (!Number.isFinite(amount)) return false;
	// A number's exact decimal value: integers through BigInt, others through their shortest text,
	// which is exact when it reads back as the same number with no exponent.
	if (Number.isInteger(amount)) return BigInt(amount) * BigInt(10) ** BigInt(scale) === units;
	const back = decimalOf(String(amount));
	if (!back) return false;
	const common = Math.max(scale, back.scale);
	return (
		back.units * BigInt(10) ** BigInt(common - back.scale) ===
		units * BigInt(10) ** BigInt(common - scale)
	);
}
