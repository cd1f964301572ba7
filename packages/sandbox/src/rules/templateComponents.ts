import { invalid } from '../errors';
import type { TemplateCategory } from '../model';
import { onlyKeys, requireArray, requireObject, requireString, type Json } from '../validate';

/**
 * Template components (spec 2.2): validation on create/edit (templateParameters.ts checks what
 * a send carries for them). Placeholders are numbered `{{1}}`..`{{n}}`, each number used, with
 * one example value each.
 */

export const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'] as const;
export type HeaderFormat = (typeof HEADER_FORMATS)[number];
const COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS', 'LIMITED_TIME_OFFER'] as const;
const BUTTON_TYPES = ['COPY_CODE', 'PHONE_NUMBER', 'QUICK_REPLY', 'URL'] as const;

/** Sample file types a media header accepts. */
export const HEADER_SAMPLE_TYPES: Record<'IMAGE' | 'VIDEO' | 'DOCUMENT', readonly string[]> = {
	IMAGE: ['image/jpeg', 'image/png'],
	VIDEO: ['video/mp4', 'video/3gpp'],
	DOCUMENT: ['application/pdf'],
};

export const LIMITS = {
	headerText: 60,
	bodyText: 1024,
	footerText: 60,
	buttonText: 25,
	buttons: 10,
	urlButtons: 2,
	copyCode: 15,
	offerText: 16,
} as const;

export interface ValidationContext {
	category: TemplateCategory;
	/** The file type of an upload handle this key owns, or undefined when it is not one. */
	handleFileType(handle: string): string | undefined;
}

/** Number of placeholders in `text`; throws unless they are exactly {{1}}..{{n}}. */
export function countPlaceholders(text: string, field: string): number {
	const numbers = new Set<number>();
	for (const match of text.matchAll(/\{\{(.*?)\}\}/g)) {
		if (!/^[1-9]\d*$/.test(match[1])) {
			throw invalid(field, `placeholder ${match[0]} must be a number written as {{1}}, {{2}}, ...`);
		}
		numbers.add(Number(match[1]));
	}
	const max = numbers.size === 0 ? 0 : Math.max(...numbers);
	for (let n = 1; n <= max; n++) {
		if (!numbers.has(n))
			throw invalid(
				field,
				`placeholders must be numbered 1..${max} without gaps ({{${n}}} is missing)`,
			);
	}
	return max;
}

export function validateComponents(raw: unknown, context: ValidationContext): unknown[] {
	if (!Array.isArray(raw) || raw.length === 0)
		throw invalid('components', 'is required and must be a non-empty array');
	const seen = new Set<string>();
	raw.forEach((item, index) => {
		const path = `components[${index}]`;
		const component = requireObject(item, path);
		const type = component.type;
		if (typeof type !== 'string' || !(COMPONENT_TYPES as readonly string[]).includes(type)) {
			throw invalid(`${path}.type`, `must be one of ${COMPONENT_TYPES.join(', ')}`);
		}
		if (seen.has(type))
			throw invalid(`${path}.type`, `a template has at most one ${type} component`);
		seen.add(type);
		switch (type) {
			case 'HEADER':
				return validateHeader(component, path, context);
			case 'BODY':
				return validateBody(component, path);
			case 'FOOTER':
				onlyKeys(component, ['type', 'text'], path);
				requireString(component, 'text', `${path}.text`, LIMITS.footerText);
				if (countPlaceholders(component.text as string, `${path}.text`) > 0)
					throw invalid(`${path}.text`, 'a footer cannot have placeholders');
				return;
			case 'BUTTONS':
				return validateButtons(component, path);
			case 'LIMITED_TIME_OFFER':
				return validateOffer(component, path, context.category);
		}
	});
	if (!seen.has('BODY')) throw invalid('components', 'must contain a BODY component');
	return raw;
}

function validateHeader(component: Json, path: string, context: ValidationContext): void {
	onlyKeys(component, ['type', 'format', 'text', 'example'], path);
	const format = component.format;
	if (typeof format !== 'string' || !(HEADER_FORMATS as readonly string[]).includes(format)) {
		throw invalid(`${path}.format`, `must be one of ${HEADER_FORMATS.join(', ')}`);
	}
	const example =
		component.example === undefined
			? undefined
			: requireObject(component.example, `${path}.example`);
	if (format === 'TEXT') {
		const text = requireString(component, 'text', `${path}.text`, LIMITS.headerText);
		const count = countPlaceholders(text, `${path}.text`);
		if (count > 1)
			throw invalid(`${path}.text`, 'a text header has at most one placeholder, {{1}}');
		checkExamples(example, 'header_text', count, `${path}.example.header_text`, (values, field) => {
			if (values.length !== 1)
				throw invalid(field, `needs exactly 1 example value for {{1}} (got ${values.length})`);
			checkExampleStrings(values, field);
		});
		return;
	}
	if (component.text !== undefined) throw invalid(`${path}.text`, `a ${format} header has no text`);
	if (format === 'LOCATION') return;
	const field = `${path}.example.header_handle`;
	if (!example || !Array.isArray(example.header_handle) || example.header_handle.length !== 1) {
		throw invalid(
			field,
			`a ${format} header needs exactly one sample handle from the sample upload (4.5)`,
		);
	}
	const handle = example.header_handle[0];
	const fileType = typeof handle === 'string' ? context.handleFileType(handle) : undefined;
	if (!fileType) throw invalid(`${field}[0]`, 'is not an upload handle issued to this API key');
	const allowed = HEADER_SAMPLE_TYPES[format as 'IMAGE' | 'VIDEO' | 'DOCUMENT'];
	if (!allowed.includes(fileType))
		throw invalid(
			`${field}[0]`,
			`a ${format} header needs a sample of type ${allowed.join(' or ')} (the handle is ${fileType})`,
		);
}

function validateBody(component: Json, path: string): void {
	onlyKeys(component, ['type', 'text', 'example'], path);
	const text = requireString(component, 'text', `${path}.text`, LIMITS.bodyText);
	if (!text.trim()) throw invalid(`${path}.text`, 'must have text, not only spaces');
	const count = countPlaceholders(text, `${path}.text`);
	const example =
		component.example === undefined
			? undefined
			: requireObject(component.example, `${path}.example`);
	checkExamples(example, 'body_text', count, `${path}.example.body_text`, (sets, field) => {
		if (sets.length === 0) throw invalid(field, 'needs at least one set of example values');
		sets.forEach((set, i) => {
			if (!Array.isArray(set))
				throw invalid(`${field}[${i}]`, 'must be an array of example values, one per placeholder');
			if (set.length !== count) {
				throw invalid(
					`${field}[${i}]`,
					`needs exactly ${count} example values, one for each of {{1}}..{{${count}}} (got ${set.length})`,
				);
			}
			checkExampleStrings(set, `${field}[${i}]`);
		});
	});
}

/** Examples are required exactly when the text has placeholders. */
function checkExamples(
	example: Json | undefined,
	key: string,
	count: number,
	field: string,
	check: (values: unknown[], field: string) => void,
): void {
	const values = example?.[key];
	if (count === 0) {
		if (values !== undefined)
			throw invalid(field, 'gives example values but the text has no placeholders');
		return;
	}
	if (!Array.isArray(values))
		throw invalid(
			field,
			`is required: the text has ${count} placeholder(s) and each needs an example value`,
		);
	check(values, field);
}

function checkExampleStrings(values: unknown[], field: string): void {
	values.forEach((v, i) => {
		if (typeof v !== 'string' || v.trim().length === 0)
			throw invalid(`${field}[${i}]`, 'must be a non-empty example string');
	});
}

function validateButtons(component: Json, path: string): void {
	onlyKeys(component, ['type', 'buttons'], path);
	const buttons = requireArray(component, 'buttons', `${path}.buttons`);
	if (buttons.length === 0 || buttons.length > LIMITS.buttons)
		throw invalid(`${path}.buttons`, `must hold 1 to ${LIMITS.buttons} buttons`);
	let urlButtons = 0;
	let copyButtons = 0;
	buttons.forEach((item, i) => {
		const bpath = `${path}.buttons[${i}]`;
		const button = requireObject(item, bpath);
		const type = button.type;
		if (typeof type !== 'string' || !(BUTTON_TYPES as readonly string[]).includes(type)) {
			throw invalid(`${bpath}.type`, `must be one of ${BUTTON_TYPES.join(', ')}`);
		}
		if (type === 'COPY_CODE') {
			copyButtons++;
			onlyKeys(button, ['type', 'example', 'text'], bpath);
			const example = button.example;
			const code = Array.isArray(example) ? example[0] : example;
			if (
				(Array.isArray(example) && example.length !== 1) ||
				typeof code !== 'string' ||
				code.length === 0
			) {
				throw invalid(`${bpath}.example`, 'needs one sample code');
			}
			if (code.length > LIMITS.copyCode)
				throw invalid(
					`${bpath}.example`,
					`a sample code has at most ${LIMITS.copyCode} characters`,
				);
			return;
		}
		requireString(button, 'text', `${bpath}.text`, LIMITS.buttonText);
		if (type === 'QUICK_REPLY') return onlyKeys(button, ['type', 'text'], bpath);
		if (type === 'PHONE_NUMBER') {
			onlyKeys(button, ['type', 'text', 'phone_number'], bpath);
			const phone = requireString(button, 'phone_number', `${bpath}.phone_number`);
			if (!/^\+?\d{7,15}$/.test(phone))
				throw invalid(`${bpath}.phone_number`, 'must be a phone number in international format');
			return;
		}
		urlButtons++;
		onlyKeys(button, ['type', 'text', 'url', 'example'], bpath);
		const url = requireString(button, 'url', `${bpath}.url`, 2000);
		if (!/^https?:\/\/[^\s{}]+/.test(url)) throw invalid(`${bpath}.url`, 'must be an http(s) URL');
		const count = countPlaceholders(url, `${bpath}.url`);
		if (count > 1 || (count === 1 && !url.endsWith('{{1}}'))) {
			throw invalid(`${bpath}.url`, 'may hold one placeholder, {{1}}, and only at its end');
		}
		if (count === 1) {
			const example = button.example;
			if (
				!Array.isArray(example) ||
				example.length !== 1 ||
				typeof example[0] !== 'string' ||
				!/^https?:\/\/\S+$/.test(example[0])
			) {
				throw invalid(`${bpath}.example`, 'needs one sample full URL for the {{1}} suffix');
			}
		} else if (button.example !== undefined) {
			throw invalid(`${bpath}.example`, 'gives a sample URL but the URL has no {{1}} suffix');
		}
	});
	if (urlButtons > LIMITS.urlButtons)
		throw invalid(`${path}.buttons`, `at most ${LIMITS.urlButtons} URL buttons`);
	if (copyButtons > 1) throw invalid(`${path}.buttons`, 'at most one COPY_CODE button');
}

function validateOffer(component: Json, path: string, category: TemplateCategory): void {
	onlyKeys(component, ['type', 'limited_time_offer'], path);
	const offer = requireObject(component.limited_time_offer, `${path}.limited_time_offer`);
	onlyKeys(offer, ['text', 'has_expiration'], `${path}.limited_time_offer`);
	requireString(offer, 'text', `${path}.limited_time_offer.text`, LIMITS.offerText);
	if (typeof offer.has_expiration !== 'boolean')
		throw invalid(`${path}.limited_time_offer.has_expiration`, 'must be true or false');
	if (category !== 'MARKETING')
		throw invalid(`${path}.type`, 'a limited-time offer needs category MARKETING');
}
