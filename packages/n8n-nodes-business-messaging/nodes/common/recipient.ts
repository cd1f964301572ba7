import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

/**
 * Whom a send is for: a customer's number or their user ID, checked as typed, and how the
 * request body names them. The Recipient field itself is in fields/recipient.ts.
 */

/**
 * A customer's business-scoped user ID, as the platform gives it for customers with a WhatsApp
 * username: their country code, a dot and up to 128 letters and digits (`US.13491208655302741918`),
 * or a parent user ID with `ENT.` after the country code (`US.ENT.11815799212886844830`).
 */
export const USER_ID = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/;

/** How each form of Recipient is described in its errors. */
const BOTH_FORMS =
	'Give the customer’s number in international format with its country code (e.g. +1 415 555 0100), or their user ID exactly as the trigger gives it in sendTo or userId (e.g. US.13491208655302741918).';

/** Whether a recipient, as normalizeRecipient returned it, is a user ID rather than a number. */
export function isUserId(recipient: string): boolean {
	return USER_ID.test(recipient);
}

/**
 * A recipient as the API wants it: a phone number in international format, digits only, no plus
 * ("+1 (415) 555-0100" -> "14155550100"; "0044 20 7946 0958" -> "442079460958"), or a user ID
 * exactly as given (the platform says to send it back as received).
 */
export function normalizeRecipient(
	node: INode,
	raw: unknown,
	itemIndex: number,
	label = 'Recipient',
): string {
	const text = String(raw ?? '').trim();
	const fail = (why: string) =>
		new NodeOperationError(node, `${label} "${text}" ${why}`, {
			itemIndex,
			description: BOTH_FORMS,
		});
	if (!text) throw fail('is empty');
	if (USER_ID.test(text)) return text;
	// Typed key by key, n8n may keep "{{ $json.sendTo }}" as fixed text: say so, not "not a number".
	if (/\{\{[^]*\}\}/.test(text))
		throw fail(
			'is an expression kept as fixed text, so n8n did not fill it in: switch the field from Fixed to Expression (above the field, on hover)',
		);
	if (/[^\d\s()+.\-/]/.test(text))
		throw fail(
			/[A-Za-z]/.test(text) && text.includes('.')
				? 'is not a user ID: a user ID is a two-letter country code, a dot and up to 128 letters and digits (e.g. US.13491208655302741918)'
				: 'is neither a phone number nor a user ID: a number has only digits, spaces, +, -, ., / and brackets; a user ID looks like US.13491208655302741918',
		);
	let digits = text.replace(/[\s()+.\-/]/g, '');
	if (text.startsWith('00')) digits = digits.slice(2);
	else if (!text.startsWith('+') && digits.startsWith('0'))
		throw fail('has no country code (it starts with 0)');
	if (text.indexOf('+') > 0) throw fail('has a + that is not at the start');
	if (digits.startsWith('0')) throw fail('has no country code: country codes start with 1 to 9');
	if (digits.length < 7 || digits.length > 15)
		throw fail(`has ${digits.length} digits; a number in international format has 7 to 15`);
	return digits;
}

/**
 * Whom a send is addressed to, in the request body: a number in `to`, a user ID in `recipient`
 * (Meta's "Business-scoped user IDs": a message to a customer known only by their user ID names
 * it in `recipient`, and leaves `to` out; docs/API.md, "Usernames").
 */
export function addressedTo(recipient: string): IDataObject {
	return isUserId(recipient) ? { recipient } : { to: recipient };
}
