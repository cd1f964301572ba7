import { ErrorCode, refused } from '../errors';
import { isObject, type Json } from '../validate';
import { countPlaceholders, LIMITS, type HeaderFormat } from './templateComponents';

/**
 * The parameters a send carries for a template (Cloud API form): what the template needs
 * (its shape) and the check that every placeholder gets a value and nothing extra is sent.
 */

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
