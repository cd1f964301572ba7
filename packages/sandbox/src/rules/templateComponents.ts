import { invalid } from '../errors';
import type { ParameterFormat, TemplateCategory } from '../model';
import { onlyKeys, requireObject, requireString, type Json } from '../validate';
import { authenticationText, hasOtpButton } from './authenticationTemplate';
import { BUTTON_LIMITS, validateButtons, validateMultiProductTemplate } from './templateButtons';
import {
	checkExamples,
	checkNamedExamples,
	countPlaceholders,
	placeholdersOf,
} from './templatePlaceholders';

/**
 * Template components (spec 2.2): validation on create/edit (templateParameters.ts checks what
 * a send carries for them). Placeholders are `{{1}}`..`{{n}}` or, in a NAMED template, names
 * (templatePlaceholders.ts), with one example value each; buttons are in templateButtons.ts.
 */

export const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'] as const;
export type HeaderFormat = (typeof HEADER_FORMATS)[number];
const COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS', 'LIMITED_TIME_OFFER'] as const;

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
	offerText: 16,
	...BUTTON_LIMITS,
} as const;

export interface ValidationContext {
	category: TemplateCategory;
	/** POSITIONAL unless the template was created with `parameter_format: "NAMED"`. */
	parameterFormat: ParameterFormat;
	/** The file type of an upload handle this key owns, or undefined when it is not one. */
	handleFileType(handle: string): string | undefined;
}

/** The components as stored: an OTP template's body and footer are written by the platform. */
export function validateComponents(raw: unknown, context: ValidationContext): unknown[] {
	if (!Array.isArray(raw) || raw.length === 0)
		throw invalid('components', 'is required and must be a non-empty array');
	const otp = context.category === 'AUTHENTICATION' && hasOtpButton(raw);
	const seen = new Set<string>();
	const stored = raw.map((item, index) => {
		const path = `components[${index}]`;
		const component = requireObject(item, path);
		const type = component.type;
		if (typeof type !== 'string' || !(COMPONENT_TYPES as readonly string[]).includes(type)) {
			throw invalid(`${path}.type`, `must be one of ${COMPONENT_TYPES.join(', ')}`);
		}
		if (seen.has(type))
			throw invalid(`${path}.type`, `a template has at most one ${type} component`);
		seen.add(type);
		if (otp && (type === 'BODY' || type === 'FOOTER')) return authenticationText(component, path);
		switch (type) {
			case 'HEADER':
				validateHeader(component, path, context);
				break;
			case 'BODY':
				validateBody(component, path, context.parameterFormat);
				break;
			case 'FOOTER':
				onlyKeys(component, ['type', 'text'], path);
				requireString(component, 'text', `${path}.text`, LIMITS.footerText);
				if (countPlaceholders(component.text as string, `${path}.text`) > 0)
					throw invalid(`${path}.text`, 'a footer cannot have placeholders');
				break;
			case 'BUTTONS':
				validateButtons(component, path, context.category);
				break;
			case 'LIMITED_TIME_OFFER':
				validateOffer(component, path, context.category);
		}
		return component;
	});
	if (!seen.has('BODY')) throw invalid('components', 'must contain a BODY component');
	validateMultiProductTemplate(stored as Json[]);
	return stored;
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
		const named = context.parameterFormat === 'NAMED';
		const key = named ? 'header_text_named_params' : 'header_text';
		if (example) onlyKeys(example, [key], `${path}.example`);
		const placeholders = placeholdersOf(text, context.parameterFormat, `${path}.text`);
		if (placeholders.length > 1)
			throw invalid(`${path}.text`, 'a text header has at most one placeholder');
		if (named) return checkNamedExamples(example, key, placeholders, `${path}.example.${key}`);
		checkExamples(example, key, placeholders.length, `${path}.example.${key}`, (values, field) => {
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

function validateBody(component: Json, path: string, format: ParameterFormat): void {
	onlyKeys(component, ['type', 'text', 'example'], path);
	const text = requireString(component, 'text', `${path}.text`, LIMITS.bodyText);
	if (!text.trim()) throw invalid(`${path}.text`, 'must have text, not only spaces');
	const placeholders = placeholdersOf(text, format, `${path}.text`);
	const count = placeholders.length;
	const example =
		component.example === undefined
			? undefined
			: requireObject(component.example, `${path}.example`);
	const key = format === 'NAMED' ? 'body_text_named_params' : 'body_text';
	if (example) onlyKeys(example, [key], `${path}.example`);
	if (format === 'NAMED')
		return checkNamedExamples(example, key, placeholders, `${path}.example.${key}`);
	checkExamples(example, key, count, `${path}.example.${key}`, (sets, field) => {
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

function checkExampleStrings(values: unknown[], field: string): void {
	values.forEach((v, i) => {
		if (typeof v !== 'string' || v.trim().length === 0)
			throw invalid(`${field}[${i}]`, 'must be a non-empty example string');
	});
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
