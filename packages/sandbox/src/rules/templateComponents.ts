import { ErrorCode, invalid, refused } from '../errors';
import type { TemplateCategory } from '../model';
import {
	isObject,
	onlyKeys,
	requireArray,
	requireObject,
	requireString,
	type Json,
} from '../validate';

/**
 * Template components (spec 2.2): validation on create/edit, and the shape of the parameters a
 * send must carry for them. Placeholders are numbered `{{1}}`..`{{n}}`, each number used, with
 * one example value each.
 */

export const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'] as const;
type HeaderFormat = (typeof HEADER_FORMATS)[number];
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

/** What a send must carry for one template (header, body, button parameters). */
export interface TemplateShape {
	headerFormat?: HeaderFormat;
	headerParams: number;
	bodyParams: number;
	buttons: { index: number; subType: 'url' | 'copy_code' }[];
	hasOffer: boolean;
}

export function templateShape(components: unknown[]): TemplateShape {
	const shape: TemplateShape = { headerParams: 0, bodyParams: 0, buttons: [], hasOffer: false };
	for (const item of components) {
		const component = item as Json;
		if (component.type === 'HEADER') {
			shape.headerFormat = component.format as HeaderFormat;
			if (component.format === 'TEXT')
				shape.headerParams = countPlaceholders(String(component.text), 'header');
			else if (component.format !== 'LOCATION') shape.headerParams = 1;
		} else if (component.type === 'BODY') {
			shape.bodyParams = countPlaceholders(String(component.text), 'body');
		} else if (component.type === 'LIMITED_TIME_OFFER') {
			shape.hasOffer = true;
		} else if (component.type === 'BUTTONS') {
			(component.buttons as Json[]).forEach((button, index) => {
				if (button.type === 'URL' && String(button.url).endsWith('{{1}}'))
					shape.buttons.push({ index, subType: 'url' });
				if (button.type === 'COPY_CODE') shape.buttons.push({ index, subType: 'copy_code' });
			});
		}
	}
	return shape;
}

/** Text parameter rule of the platform: no new lines or tabs, no more than 4 spaces in a row. */
function checkTextParameter(value: unknown, field: string): void {
	if (typeof value !== 'string' || value.length === 0)
		throw refused(ErrorCode.templateParameters, `${field}: must be a non-empty string`, field);
	if (/[\n\t]|\s{5,}/.test(value)) {
		throw refused(
			ErrorCode.templateParameters,
			`${field}: a parameter cannot contain new lines, tabs or more than 4 consecutive spaces`,
			field,
		);
	}
}

export interface SendContext {
	/** True when the media ID can be used by this key (exists and is not deleted). */
	mediaUsable(id: string): void;
}

/**
 * Checks `template.components` of a send (Cloud API parameter form) against the template:
 * every placeholder gets a value, nothing extra is sent.
 */
export function validateSendParameters(
	raw: unknown,
	shape: TemplateShape,
	context: SendContext,
): void {
	const mismatch = (field: string, rule: string) =>
		refused(ErrorCode.templateParameters, `${field}: ${rule}`, field);
	const given = raw === undefined ? [] : raw;
	if (!Array.isArray(given)) throw mismatch('template.components', 'must be an array');
	let header: Json | undefined;
	let body: Json | undefined;
	const buttons = new Map<number, Json>();
	given.forEach((item, i) => {
		const path = `template.components[${i}]`;
		if (!isObject(item)) throw mismatch(path, 'must be an object');
		const type = item.type;
		if (type === 'header') {
			if (header) throw mismatch(`${path}.type`, 'the header component is given twice');
			header = item;
		} else if (type === 'body') {
			if (body) throw mismatch(`${path}.type`, 'the body component is given twice');
			body = item;
		} else if (type === 'limited_time_offer') {
			if (!shape.hasOffer) throw mismatch(path, 'the template has no limited-time offer');
		} else if (type === 'button') {
			const index = Number(item.index);
			if (!Number.isInteger(index) || index < 0)
				throw mismatch(`${path}.index`, 'must be the button position, 0 for the first');
			const expected = shape.buttons.find((b) => b.index === index);
			if (!expected)
				throw mismatch(`${path}.index`, `button ${index} of the template takes no parameter`);
			if (item.sub_type !== expected.subType)
				throw mismatch(`${path}.sub_type`, `must be ${expected.subType} for button ${index}`);
			if (buttons.has(index)) throw mismatch(`${path}.index`, `button ${index} is given twice`);
			buttons.set(index, item);
		} else throw mismatch(`${path}.type`, 'must be header, body, button or limited_time_offer');
	});

	const params = (component: Json | undefined, path: string, expected: number): Json[] => {
		const list = component?.parameters ?? [];
		if (!Array.isArray(list) || list.length !== expected) {
			throw mismatch(
				`${path}.parameters`,
				`the template expects ${expected} parameter(s) here, got ${Array.isArray(list) ? list.length : 'none'}`,
			);
		}
		return list.map((p, i) => {
			if (!isObject(p)) throw mismatch(`${path}.parameters[${i}]`, 'must be an object');
			return p;
		});
	};

	const headerParams = params(header, 'header', shape.headerParams);
	if (shape.headerParams === 1) {
		const p = headerParams[0];
		if (shape.headerFormat === 'TEXT') {
			if (p.type !== 'text') throw mismatch('header.parameters[0].type', 'must be text');
			checkTextParameter(p.text, 'header.parameters[0].text');
		} else {
			const kind = String(shape.headerFormat).toLowerCase();
			if (p.type !== kind || !isObject(p[kind]))
				throw mismatch(
					'header.parameters[0]',
					`must be {"type":"${kind}","${kind}":{"id"|"link"}}`,
				);
			const media = p[kind] as Json;
			if (typeof media.id === 'string') context.mediaUsable(media.id);
			else if (typeof media.link !== 'string' || !/^https?:\/\/\S+$/.test(media.link)) {
				throw mismatch(`header.parameters[0].${kind}`, 'needs a media id or an http(s) link');
			}
		}
	}
	params(body, 'body', shape.bodyParams).forEach((p, i) => {
		if (p.type !== 'text') throw mismatch(`body.parameters[${i}].type`, 'must be text');
		checkTextParameter(p.text, `body.parameters[${i}].text`);
	});
	for (const expected of shape.buttons) {
		const path = `button[${expected.index}]`;
		const [p] = params(buttons.get(expected.index), path, 1);
		if (expected.subType === 'url') {
			if (p.type !== 'text')
				throw mismatch(`${path}.parameters[0].type`, 'must be text (the URL suffix)');
			checkTextParameter(p.text, `${path}.parameters[0].text`);
		} else if (
			p.type !== 'coupon_code' ||
			typeof p.coupon_code !== 'string' ||
			p.coupon_code.length === 0 ||
			p.coupon_code.length > LIMITS.copyCode
		) {
			throw mismatch(
				`${path}.parameters[0]`,
				`must be {"type":"coupon_code","coupon_code":"..."} with at most ${LIMITS.copyCode} characters`,
			);
		}
	}
}
