import fc from 'fast-check';
import { NodeOperationError, type INode } from 'n8n-workflow';
import { toAmount, toMinorUnits } from '../nodes/common/rules/money';
import { normalizeRecipient } from '../nodes/common/recipient';
import { parseTemplateName } from '../nodes/common/templates/byName';
import { apiPath } from '../nodes/common/transport';

/**
 * Property tests of the validators and converters: for 10,000 generated inputs each, the
 * answer is either a valid value or a NodeOperationError that names the field, never another
 * exception. (Issue 9's first step: the same through the node, with the sandbox's request log
 * proving nothing is sent, follows.)
 */
const RUNS = { numRuns: 10_000 };
const node: INode = {
	id: 'n',
	name: 'Business Messaging',
	type: 'n8n-nodes-business-messaging.businessMessaging',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** Runs `fn`; its error must be a NodeOperationError whose message matches `names`. */
function outcome<T>(fn: () => T, names: RegExp): { ok: true; value: T } | { ok: false } {
	try {
		return { ok: true, value: fn() };
	} catch (error) {
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).message).toMatch(names);
		return { ok: false };
	}
}

const separators = fc.constantFrom('', ' ', '-', '.', '(', ')', '/');
/** Numbers as people type them: an optional + or 00, digits, separators here and there. */
const typedPhone = fc
	.tuple(
		fc.constantFrom('+', '00', ''),
		fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), separators), { minLength: 0, maxLength: 20 }),
	)
	.map(([prefix, parts]) => prefix + parts.map(([d, s]) => `${d}${s}`).join(''));

describe('properties: the recipient', () => {
	it('is digits only (7 to 15) or a user ID as typed, or refused naming "Recipient", for any text', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.string({ maxLength: 40 }),
					fc.string({ unit: 'grapheme', maxLength: 30 }),
					typedPhone,
				),
				(raw) => {
					const result = outcome(() => normalizeRecipient(node, raw, 0), /^Recipient "/);
					if (result.ok)
						expect(result.value).toMatch(/^(\d{7,15}|[A-Z]{2}\.(ENT\.)?[A-Za-z0-9]{1,128})$/);
				},
			),
			RUNS,
		);
	});

	it('keeps exactly the digits of a well-typed international number', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 9 }),
				fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 6, maxLength: 14 }),
				separators,
				(first, rest, sep) => {
					const digits = [first, ...rest].join('');
					expect(normalizeRecipient(node, `+${digits.split('').join(sep)}`, 0)).toBe(digits);
				},
			),
			RUNS,
		);
	});
});

describe('properties: a user ID as the recipient', () => {
	it('is taken exactly as given (the platform says to send it back as received)', () => {
		const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
		const alphanumeric = `${letters}${letters.toLowerCase()}0123456789`;
		fc.assert(
			fc.property(
				fc.constantFrom(...letters),
				fc.constantFrom(...letters),
				fc.boolean(),
				fc.string({ unit: fc.constantFrom(...alphanumeric), minLength: 1, maxLength: 128 }),
				(a, b, parent, rest) => {
					const userId = `${a}${b}.${parent ? 'ENT.' : ''}${rest}`;
					expect(normalizeRecipient(node, `  ${userId} `, 0)).toBe(userId);
				},
			),
			RUNS,
		);
	});
});

describe('properties: the template name', () => {
	it('is a lowercase name (and a language), or refused naming the template, for any text', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.string({ maxLength: 40 }),
					fc.stringMatching(/^[a-z0-9_]{1,20}( \([a-z]{2}(_[A-Z]{2})?\))?$/),
				),
				(raw) => {
					const result = outcome(() => parseTemplateName(node, raw, 0), /^Template "/);
					if (result.ok) {
						expect(result.value.name).toMatch(/^[a-z0-9_]{1,512}$/);
						if (result.value.language !== undefined)
							expect(result.value.language).toMatch(/^[A-Za-z]{2,3}(_[A-Za-z0-9]{2,4})?$/);
					}
				},
			),
			RUNS,
		);
	});
});

describe('properties: money', () => {
	const currencies = fc.constantFrom('USD', 'EUR', 'JPY', 'KWD', 'GBP', 'usd', 'XXX1', '', 'BRL');
	const amounts = fc.oneof(
		fc.string({ maxLength: 12 }),
		fc.double({ noNaN: false }),
		fc
			.tuple(fc.nat({ max: 10_000_000 }), fc.stringMatching(/^\d{0,4}$/))
			.map(([w, f]) => (f ? `${w}.${f}` : String(w))),
	);

	it('a price is a safe whole number of minor units, or refused naming Price or the currency', () => {
		fc.assert(
			fc.property(amounts, currencies, (amount, currency) => {
				const result = outcome(
					() => toMinorUnits(node, amount, currency, 'Price', 0),
					/^(Price|Currency) /,
				);
				if (result.ok) expect(Number.isSafeInteger(result.value) && result.value >= 0).toBe(true);
			}),
			RUNS,
		);
	});

	it('is exact on the decimal text: whole.fraction in a 2-digit currency is whole*100 + fraction', () => {
		fc.assert(
			fc.property(fc.nat({ max: 10_000_000 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
				const text = `${whole}.${String(cents).padStart(2, '0')}`;
				expect(toMinorUnits(node, text, 'EUR', 'Price', 0)).toBe(whole * 100 + cents);
				// A refund of nothing is refused; any other amount is exact.
				if (whole * 100 + cents === 0)
					expect(() => toAmount(node, text, 'EUR', 0)).toThrow('Amount must be more than 0 EUR');
				else
					expect(toAmount(node, text, 'EUR', 0)).toEqual({
						value: whole * 100 + cents,
						offset: 100,
					});
			}),
			RUNS,
		);
	});

	it('a refund amount is positive with its offset, or refused naming Amount or the currency', () => {
		fc.assert(
			fc.property(amounts, currencies, (amount, currency) => {
				const result = outcome(() => toAmount(node, amount, currency, 0), /^(Amount|Currency) /);
				if (result.ok)
					expect(result.value.value > 0 && [1, 10, 100, 1000].includes(result.value.offset)).toBe(
						true,
					);
			}),
			RUNS,
		);
	});
});

describe('properties: IDs in paths', () => {
	it('an ID becomes one encoded path segment that decodes back to it, or is refused', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.string({ maxLength: 30 }),
					fc.constantFrom('.', '..', ' ', '../x', 'a/b', '?q=1', '#x', 'undefined', ' null '),
				),
				(raw) => {
					const result = outcome(
						() => apiPath(node, { 'Template ID': raw }),
						/^Template ID .*is not a valid ID/,
					);
					if (result.ok) {
						expect(result.value.startsWith('/')).toBe(true);
						expect(result.value.slice(1)).not.toMatch(/[/?#]/);
						expect(decodeURIComponent(result.value.slice(1))).toBe(raw.trim());
					}
				},
			),
			RUNS,
		);
	});
});
