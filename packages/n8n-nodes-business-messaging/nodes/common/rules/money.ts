import { NodeOperationError, type INode } from 'n8n-workflow';

/** Currencies offered for refunds, with their minor-unit digits (ISO 4217). */
export const REFUND_CURRENCIES: Array<{ code: string; name: string; digits: number }> = [
	{ code: 'AUD', name: 'Australian Dollar', digits: 2 },
	{ code: 'BHD', name: 'Bahraini Dinar', digits: 3 },
	{ code: 'BRL', name: 'Brazilian Real', digits: 2 },
	{ code: 'CAD', name: 'Canadian Dollar', digits: 2 },
	{ code: 'CHF', name: 'Swiss Franc', digits: 2 },
	{ code: 'EUR', name: 'Euro', digits: 2 },
	{ code: 'GBP', name: 'British Pound', digits: 2 },
	{ code: 'IDR', name: 'Indonesian Rupiah', digits: 2 },
	{ code: 'INR', name: 'Indian Rupee', digits: 2 },
	{ code: 'JPY', name: 'Japanese Yen', digits: 0 },
	{ code: 'KRW', name: 'South Korean Won', digits: 0 },
	{ code: 'KWD', name: 'Kuwaiti Dinar', digits: 3 },
	{ code: 'MXN', name: 'Mexican Peso', digits: 2 },
	{ code: 'NGN', name: 'Nigerian Naira', digits: 2 },
	{ code: 'SGD', name: 'Singapore Dollar', digits: 2 },
	{ code: 'USD', name: 'US Dollar', digits: 2 },
	{ code: 'ZAR', name: 'South African Rand', digits: 2 },
];

/**
 * A decimal amount as the API's {value, offset} (amount = value / offset), computed on the
 * decimal text so no floating-point error creeps in: 19.99 EUR is value 1999, offset 100.
 */
export function toAmount(
	node: INode,
	amount: unknown,
	currency: string,
	itemIndex: number,
): { value: number; offset: number } {
	const entry = REFUND_CURRENCIES.find((c) => c.code === currency);
	if (!entry) {
		throw new NodeOperationError(node, `Currency "${currency}" is not one the refund supports`, {
			itemIndex,
		});
	}
	const text = decimalText(amount);
	const match = text === undefined ? null : /^(\d+)(?:\.(\d+))?$/.exec(text);
	if (!match) {
		throw new NodeOperationError(
			node,
			`Amount must be a positive decimal number such as 19.99 (got "${String(amount)}")`,
			{ itemIndex },
		);
	}
	const value = scaled(node, match, text!, currency, entry.digits, 'Amount', itemIndex);
	if (value <= 0)
		throw new NodeOperationError(node, `Amount must be more than 0 ${currency} (got "${text}")`, {
			itemIndex,
		});
	return { value, offset: 10 ** entry.digits };
}

/** A decimal price in a currency's minor units, e.g. 19.99 USD -> 1999, 1500 JPY -> 1500. */
export function toMinorUnits(
	node: INode,
	amount: unknown,
	currency: string,
	field: string,
	itemIndex: number,
): number {
	const digits = currencyDigits(node, currency, itemIndex);
	const text = decimalText(amount);
	const match = text === undefined ? null : /^(\d+)(?:\.(\d+))?$/.exec(text);
	if (!match)
		throw new NodeOperationError(
			node,
			`${field} must be a decimal number such as 19.99 (got "${String(amount)}")`,
			{ itemIndex },
		);
	return scaled(node, match, text!, currency, digits, field, itemIndex);
}

function scaled(
	node: INode,
	match: RegExpExecArray,
	text: string,
	currency: string,
	digits: number,
	field: string,
	itemIndex: number,
): number {
	const [, whole, fraction = ''] = match;
	const significant = fraction.replace(/0+$/, '');
	if (significant.length > digits) {
		throw new NodeOperationError(
			node,
			`${field} ${text} has more decimal places than ${currency} allows (${digits})`,
			{ itemIndex },
		);
	}
	const value = Number(whole + significant.padEnd(digits, '0'));
	if (!Number.isSafeInteger(value))
		throw new NodeOperationError(node, `${field} ${text} is too large`, { itemIndex });
	return value;
}

/** Minor-unit digits of an ISO 4217 currency (JPY 0, EUR 2, KWD 3). */
function currencyDigits(node: INode, currency: string, itemIndex: number): number {
	const known = REFUND_CURRENCIES.find((c) => c.code === currency);
	if (known) return known.digits;
	if (/^[A-Z]{3}$/.test(currency)) {
		try {
			return (
				new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
					.maximumFractionDigits ?? 2
			);
		} catch {
			// not a currency Intl knows: reported below
		}
	}
	throw new NodeOperationError(
		node,
		`Currency "${currency}" is not a three-letter ISO 4217 code such as USD`,
		{ itemIndex },
	);
}

/** The shortest decimal text of a number (JavaScript prints 19.99 as "19.99"), or of a string. */
function decimalText(amount: unknown): string | undefined {
	if (typeof amount === 'number') {
		if (!Number.isFinite(amount)) return undefined;
		const text = String(amount);
		return /e/i.test(text) ? undefined : text;
	}
	if (typeof amount === 'string') return amount.trim().replace(/^\+/, '');
	return undefined;
}
