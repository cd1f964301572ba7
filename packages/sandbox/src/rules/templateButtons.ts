import { invalid } from '../errors';
import type { TemplateCategory } from '../model';
import {
	isObject,
	onlyKeys,
	requireArray,
	requireObject,
	requireString,
	type Json,
} from '../validate';
import { countPlaceholders } from './templatePlaceholders';
import { characterCount } from '../characters';

/**
 * The BUTTONS component on create/edit (Cloud API button kinds): what each kind holds, and how
 * many of a kind a template may have. templateParameters.ts checks what a send gives them.
 */

export const BUTTON_TYPES = [
	'CATALOG',
	'COPY_CODE',
	'FLOW',
	'MPM',
	'OTP',
	'PHONE_NUMBER',
	'QUICK_REPLY',
	'URL',
] as const;
export const OTP_TYPES = ['COPY_CODE', 'ONE_TAP', 'ZERO_TAP'] as const;
const FLOW_ACTIONS = ['navigate', 'data_exchange'];

export const BUTTON_LIMITS = {
	buttonText: 25,
	buttons: 10,
	urlButtons: 2,
	copyCode: 15,
} as const;

/** Kinds a template may hold at most once. */
const ONCE: readonly string[] = ['COPY_CODE', 'FLOW', 'CATALOG', 'MPM', 'OTP'];

export function validateButtons(component: Json, path: string, category: TemplateCategory): void {
	onlyKeys(component, ['type', 'buttons'], path);
	const buttons = requireArray(component, 'buttons', `${path}.buttons`);
	if (buttons.length === 0 || buttons.length > BUTTON_LIMITS.buttons)
		throw invalid(`${path}.buttons`, `must hold 1 to ${BUTTON_LIMITS.buttons} buttons`);
	const counts = new Map<string, number>();
	buttons.forEach((item, i) => {
		const bpath = `${path}.buttons[${i}]`;
		const button = requireObject(item, bpath);
		const type = button.type;
		if (typeof type !== 'string' || !(BUTTON_TYPES as readonly string[]).includes(type)) {
			throw invalid(`${bpath}.type`, `must be one of ${BUTTON_TYPES.join(', ')}`);
		}
		counts.set(type, (counts.get(type) ?? 0) + 1);
		validateButton(type, button, bpath, category);
	});
	for (const type of ONCE) {
		if ((counts.get(type) ?? 0) > 1) throw invalid(`${path}.buttons`, `at most one ${type} button`);
	}
	if ((counts.get('URL') ?? 0) > BUTTON_LIMITS.urlButtons)
		throw invalid(`${path}.buttons`, `at most ${BUTTON_LIMITS.urlButtons} URL buttons`);
	// The platform writes an authentication template's only button itself from the OTP kind.
	if (counts.has('OTP') && buttons.length > 1)
		throw invalid(`${path}.buttons`, 'an OTP button is the only button of its template');
	// A multi-product template shows its products behind its one button (Cloud API MPM templates).
	if (counts.has('MPM') && buttons.length > 1)
		throw invalid(`${path}.buttons`, 'an MPM button is the only button of its template');
}

function validateButton(type: string, button: Json, path: string, category: TemplateCategory) {
	switch (type) {
		case 'COPY_CODE':
			return validateCopyCode(button, path);
		case 'OTP':
			return validateOtp(button, path, category);
		case 'PHONE_NUMBER': {
			onlyKeys(button, ['type', 'text', 'phone_number'], path);
			buttonText(button, path);
			const phone = requireString(button, 'phone_number', `${path}.phone_number`);
			if (!/^\+?\d{7,15}$/.test(phone))
				throw invalid(`${path}.phone_number`, 'must be a phone number in international format');
			return;
		}
		case 'URL':
			return validateUrl(button, path);
		case 'FLOW':
			return validateFlow(button, path);
		case 'CATALOG':
		case 'MPM':
			onlyKeys(button, ['type', 'text'], path);
			buttonText(button, path);
			if (category !== 'MARKETING')
				throw invalid(`${path}.type`, `a ${type} button needs category MARKETING`);
			return;
		default:
			onlyKeys(button, ['type', 'text'], path);
			return buttonText(button, path);
	}
}

function buttonText(button: Json, path: string): string {
	return requireString(button, 'text', `${path}.text`, BUTTON_LIMITS.buttonText);
}

function validateCopyCode(button: Json, path: string): void {
	onlyKeys(button, ['type', 'example', 'text'], path);
	// Meta's coupon-code template page and its components reference give the example as the
	// code itself, a string; a list (as URL buttons take) is refused.
	const code = button.example;
	if (typeof code !== 'string' || code.length === 0)
		throw invalid(`${path}.example`, 'must be the sample code itself, a non-empty string');
	if (characterCount(code) > BUTTON_LIMITS.copyCode)
		throw invalid(
			`${path}.example`,
			`a sample code has at most ${BUTTON_LIMITS.copyCode} characters`,
		);
}

function validateUrl(button: Json, path: string): void {
	onlyKeys(button, ['type', 'text', 'url', 'example'], path);
	buttonText(button, path);
	const url = requireString(button, 'url', `${path}.url`, 2000);
	if (!/^https?:\/\/[^\s{}]+/.test(url)) throw invalid(`${path}.url`, 'must be an http(s) URL');
	const count = countPlaceholders(url, `${path}.url`);
	if (count > 1 || (count === 1 && !url.endsWith('{{1}}'))) {
		throw invalid(`${path}.url`, 'may hold one placeholder, {{1}}, and only at its end');
	}
	if (count === 1) {
		const example = button.example;
		if (
			!Array.isArray(example) ||
			example.length !== 1 ||
			typeof example[0] !== 'string' ||
			!/^https?:\/\/\S+$/.test(example[0])
		) {
			throw invalid(`${path}.example`, 'needs one sample full URL for the {{1}} suffix');
		}
	} else if (button.example !== undefined) {
		throw invalid(`${path}.example`, 'gives a sample URL but the URL has no {{1}} suffix');
	}
}

/** A Flow button names its flow one way: by ID, by name, or as the flow's JSON. */
function validateFlow(button: Json, path: string): void {
	onlyKeys(
		button,
		['type', 'text', 'flow_id', 'flow_name', 'flow_json', 'flow_action', 'navigate_screen'],
		path,
	);
	buttonText(button, path);
	const ways = ['flow_id', 'flow_name', 'flow_json'].filter((key) => button[key] !== undefined);
	if (ways.length !== 1)
		throw invalid(`${path}.flow_id`, 'give exactly one of flow_id, flow_name or flow_json');
	requireString(button, ways[0], `${path}.${ways[0]}`);
	if (button.flow_action !== undefined && !FLOW_ACTIONS.includes(String(button.flow_action)))
		throw invalid(`${path}.flow_action`, `must be one of ${FLOW_ACTIONS.join(', ')}`);
	if (button.navigate_screen !== undefined)
		requireString(button, 'navigate_screen', `${path}.navigate_screen`);
}

/**
 * An authentication template's one-time password button: copy code, one-tap autofill (which
 * names the Android app) or zero-tap (which also needs its terms accepted).
 */
function validateOtp(button: Json, path: string, category: TemplateCategory): void {
	onlyKeys(
		button,
		[
			'type',
			'otp_type',
			'text',
			'autofill_text',
			'package_name',
			'signature_hash',
			'supported_apps',
			'zero_tap_terms_accepted',
		],
		path,
	);
	if (category !== 'AUTHENTICATION')
		throw invalid(`${path}.type`, 'an OTP button needs category AUTHENTICATION');
	const otpType = button.otp_type;
	if (typeof otpType !== 'string' || !(OTP_TYPES as readonly string[]).includes(otpType))
		throw invalid(`${path}.otp_type`, `must be one of ${OTP_TYPES.join(', ')}`);
	if (button.text !== undefined) buttonText(button, path);
	if (button.autofill_text !== undefined)
		requireString(button, 'autofill_text', `${path}.autofill_text`, BUTTON_LIMITS.buttonText);
	if (otpType === 'COPY_CODE') return;
	const apps =
		button.supported_apps === undefined
			? [button]
			: requireArray(button, 'supported_apps', `${path}.supported_apps`);
	const appsPath = button.supported_apps === undefined ? path : `${path}.supported_apps`;
	if (apps.length === 0) throw invalid(appsPath, 'names at least one app');
	apps.forEach((app, i) => {
		const apath = button.supported_apps === undefined ? path : `${appsPath}[${i}]`;
		if (!isObject(app)) throw invalid(apath, 'must be {"package_name","signature_hash"}');
		requireString(app, 'package_name', `${apath}.package_name`, 224);
		const hash = requireString(app, 'signature_hash', `${apath}.signature_hash`);
		if (!/^[A-Za-z0-9+/]{11}$/.test(hash))
			throw invalid(`${apath}.signature_hash`, 'must be the 11-character app signature hash');
	});
	if (otpType === 'ZERO_TAP' && button.zero_tap_terms_accepted !== true)
		throw invalid(
			`${path}.zero_tap_terms_accepted`,
			'must be true: zero-tap needs its terms accepted',
		);
}

/**
 * A multi-product (MPM) template names its products' sections in a TEXT header (Cloud API "MPM
 * templates": the header is required and is text).
 */
export function validateMultiProductTemplate(components: Json[]): void {
	const buttonsAt = components.findIndex(
		(c) =>
			c.type === 'BUTTONS' &&
			Array.isArray(c.buttons) &&
			c.buttons.some((b) => isObject(b) && b.type === 'MPM'),
	);
	if (buttonsAt < 0) return;
	const header = components.findIndex((c) => c.type === 'HEADER');
	if (header < 0) throw invalid('components', 'a template with an MPM button needs a TEXT header');
	if (components[header].format !== 'TEXT')
		throw invalid(`components[${header}].format`, 'must be TEXT in a template with an MPM button');
}
