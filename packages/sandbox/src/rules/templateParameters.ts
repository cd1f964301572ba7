import { ErrorCode, refused } from '../errors';
import { isObject, type Json } from '../validate';
import type { Catalog } from '../model';
import { buttonParameterProblem } from './templateButtonParameters';
import { checkTemplateProducts } from './templateProducts';
import type { TemplateShape } from './templateShape';

export { templateShape, type TemplateShape } from './templateShape';

/**
 * The parameters a send carries for a template (Cloud API form), checked against what the
 * template needs (templateShape.ts): every placeholder gets a value, every required button
 * parameter is given, and nothing extra is sent. A broken rule is refused with 132000.
 */

const mismatch = (field: string, rule: string) =>
	refused(ErrorCode.templateParameters, `${field}: ${rule}`, field);

/** Text parameter rule of the platform: no new lines or tabs, no more than 4 spaces in a row. */
function checkTextParameter(value: unknown, field: string): void {
	if (typeof value !== 'string' || value.length === 0)
		throw mismatch(field, 'must be a non-empty string');
	if (/[\n\t]|\s{5,}/.test(value)) {
		throw mismatch(
			field,
			'a parameter cannot contain new lines, tabs or more than 4 consecutive spaces',
		);
	}
}

export interface SendContext {
	/** Throws unless the media ID can be used by this key (exists and is not deleted). */
	mediaUsable(id: string): void;
	/** The sandbox clock, for an offer's expiration. */
	now: number;
	/** The catalog connected to the sender's business account: products a send names are in it. */
	catalog?: Catalog;
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
	const given = raw === undefined ? [] : raw;
	if (!Array.isArray(given)) throw mismatch('template.components', 'must be an array');
	let header: Json | undefined;
	let body: Json | undefined;
	let offer: Json | undefined;
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
			if (!shape.offer) throw mismatch(path, 'the template has no limited-time offer');
			if (offer) throw mismatch(`${path}.type`, 'the limited_time_offer component is given twice');
			offer = item;
		} else if (type === 'button') {
			const index = Number(item.index);
			if (item.index === undefined || !Number.isInteger(index) || index < 0)
				throw mismatch(`${path}.index`, 'must be the button position, 0 for the first');
			const expected = shape.buttons.find((b) => b.index === index);
			if (!expected)
				throw mismatch(`${path}.index`, `button ${index} of the template takes no parameter`);
			// The Cloud API's own examples write sub_type in either case ("url", "CATALOG").
			if (String(item.sub_type).toLowerCase() !== expected.subType)
				throw mismatch(
					`${path}.sub_type`,
					`must be ${expected.subType} for the button at index ${index}`,
				);
			if (buttons.has(index)) throw mismatch(`${path}.index`, `button ${index} is given twice`);
			buttons.set(index, item);
		} else throw mismatch(`${path}.type`, 'must be header, body, button or limited_time_offer');
	});

	checkHeader(header, shape, context);
	checkTextParameters(body, 'body', shape.body, shape.parameterFormat);
	for (const expected of shape.buttons) {
		const path = `button[${expected.index}]`;
		const component = buttons.get(expected.index);
		if (!component && !expected.required) continue;
		const [p] = parameterList(component, path, 1);
		const problem = buttonParameterProblem(p, expected, (value, field) =>
			checkTextParameter(value, `${path}.parameters[0].${field}`),
		);
		if (problem)
			throw mismatch(
				`${path}.parameters[0]${problem.field ? `.${problem.field}` : ''}`,
				problem.rule,
			);
		if (expected.subType === 'catalog' || expected.subType === 'mpm')
			checkTemplateProducts(
				p.action as Json,
				`${path}.parameters[0].action`,
				expected.subType,
				context.catalog,
			);
	}
	checkOffer(offer, shape, context.now);
}

/** The component's parameters, each an object, exactly `expected` of them. */
function parameterList(component: Json | undefined, path: string, expected: number): Json[] {
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
}

/**
 * Text parameters of the header or body: in order for a POSITIONAL template; for a NAMED one,
 * each names its placeholder (`parameter_name`), every one exactly once.
 */
function checkTextParameters(
	component: Json | undefined,
	path: string,
	placeholders: string[],
	format: TemplateShape['parameterFormat'],
): void {
	const list = component?.parameters ?? [];
	const named = format === 'NAMED';
	const given = Array.isArray(list) ? list : [];
	if (named && Array.isArray(list) && list.length < placeholders.length) {
		const names = new Set(given.map((p) => (isObject(p) ? p.parameter_name : undefined)));
		const missing = placeholders.filter((name) => !names.has(name));
		throw mismatch(
			`${path}.parameters`,
			`the template expects ${placeholders.length} parameter(s) here, got ${list.length}: missing ${missing.map((n) => `{{${n}}}`).join(', ')}`,
		);
	}
	const params = parameterList(component, path, placeholders.length);
	const seen = new Set<string>();
	params.forEach((p, i) => {
		const field = `${path}.parameters[${i}]`;
		if (p.type !== 'text') throw mismatch(`${field}.type`, 'must be text');
		checkTextParameter(p.text, `${field}.text`);
		if (!named) {
			if (p.parameter_name !== undefined)
				throw mismatch(
					`${field}.parameter_name`,
					'the template is POSITIONAL: its parameters go in order, without names',
				);
			return;
		}
		const name = p.parameter_name;
		if (typeof name !== 'string' || !placeholders.includes(name))
			throw mismatch(
				`${field}.parameter_name`,
				`must name one of the template's placeholders (${placeholders.join(', ')})`,
			);
		if (seen.has(name)) throw mismatch(`${field}.parameter_name`, `${name} is given twice`);
		seen.add(name);
	});
}

function checkHeader(header: Json | undefined, shape: TemplateShape, context: SendContext): void {
	const format = shape.headerFormat;
	if (format === undefined || format === 'TEXT')
		return checkTextParameters(header, 'header', shape.headerText, shape.parameterFormat);
	const [p] = parameterList(header, 'header', 1);
	if (format === 'LOCATION') return checkLocation(p);
	const kind = format.toLowerCase();
	if (p.type !== kind || !isObject(p[kind]))
		throw mismatch('header.parameters[0]', `must be {"type":"${kind}","${kind}":{"id"|"link"}}`);
	const media = p[kind] as Json;
	const allowed = kind === 'document' ? ['id', 'link', 'filename'] : ['id', 'link'];
	const unknown = Object.keys(media).find((key) => !allowed.includes(key));
	if (unknown)
		throw mismatch(
			`header.parameters[0].${kind}.${unknown}`,
			`is not a known field (known: ${allowed.join(', ')})`,
		);
	if (media.filename !== undefined && (typeof media.filename !== 'string' || !media.filename))
		throw mismatch(`header.parameters[0].${kind}.filename`, 'must be a non-empty file name');
	if (typeof media.id === 'string') context.mediaUsable(media.id);
	else if (typeof media.link !== 'string' || !/^https?:\/\/\S+$/.test(media.link)) {
		throw mismatch(`header.parameters[0].${kind}`, 'needs a media id or an http(s) link');
	}
}

/**
 * A LOCATION header's place. The Cloud API documents latitude and longitude as numbers (its
 * examples write them as strings, which it also takes), and name and address as strings.
 */
function checkLocation(p: Json): void {
	const field = 'header.parameters[0]';
	if (p.type !== 'location' || !isObject(p.location))
		throw mismatch(
			field,
			'must be {"type":"location","location":{latitude, longitude, name, address}}',
		);
	const location = p.location;
	const unknown = Object.keys(location).find(
		(key) => !['latitude', 'longitude', 'name', 'address'].includes(key),
	);
	if (unknown)
		throw mismatch(
			`${field}.location.${unknown}`,
			'is not a known field (known: latitude, longitude, name, address)',
		);
	for (const [key, max] of [
		['latitude', 90],
		['longitude', 180],
	] as const) {
		const raw = location[key];
		const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
		if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > max)
			throw mismatch(`${field}.location.${key}`, `must be a number from -${max} to ${max}`);
	}
	for (const key of ['name', 'address']) {
		const value = location[key];
		if (value !== undefined && (typeof value !== 'string' || value.trim() === ''))
			throw mismatch(`${field}.location.${key}`, 'must be a non-empty string');
	}
}

/**
 * A limited-time offer with a countdown needs its expiry, in epoch milliseconds and in the
 * future; one without a countdown takes none.
 */
function checkOffer(offer: Json | undefined, shape: TemplateShape, now: number): void {
	if (!shape.offer) return;
	if (!shape.offer.hasExpiration) {
		if (offer)
			throw mismatch(
				'limited_time_offer',
				'the offer of this template has no expiration (has_expiration is false)',
			);
		return;
	}
	const [p] = parameterList(offer, 'limited_time_offer', 1);
	const field = 'limited_time_offer.parameters[0]';
	if (p.type !== 'limited_time_offer' || !isObject(p.limited_time_offer))
		throw mismatch(
			field,
			'must be {"type":"limited_time_offer","limited_time_offer":{"expiration_time_ms":...}}',
		);
	const expiry = p.limited_time_offer.expiration_time_ms;
	if (typeof expiry !== 'number' || !Number.isSafeInteger(expiry))
		throw mismatch(
			`${field}.limited_time_offer.expiration_time_ms`,
			'must be the expiry as a whole number of milliseconds since 1970',
		);
	if (expiry <= now)
		throw mismatch(
			`${field}.limited_time_offer.expiration_time_ms`,
			`must be in the future (it is ${new Date(expiry).toISOString()})`,
		);
}
