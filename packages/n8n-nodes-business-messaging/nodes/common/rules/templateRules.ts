import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import { asNodeError } from '../transport/nodeError';
import { characterCount } from '../characters';

/**
 * The template rules of the API (spec 2.2, 4.3), checked before anything is sent so that the
 * user gets a message naming the field and the rule instead of a round trip.
 */

export const NAME_PATTERN = /^[a-z0-9_]{1,512}$/;
export const LIMITS = {
	headerText: 60,
	bodyText: 1024,
	footerText: 60,
	buttonText: 25,
	buttons: 10,
	urlButtons: 2,
	copyCode: 15,
	offerText: 16,
	/** An Android package name of a one-tap or zero-tap button (Cloud API). */
	packageName: 224,
	codeExpirationMinutes: 90,
} as const;

export class TemplateRuleError extends Error {
	constructor(
		readonly field: string,
		rule: string,
	) {
		super(`${field}: ${rule}`);
	}
}

/** The highest placeholder number in `text`; placeholders must be {{1}}..{{n}} without gaps. */
export function countPlaceholders(text: string, field: string): number {
	const numbers = new Set<number>();
	for (const match of text.matchAll(/\{\{(.*?)\}\}/g)) {
		if (!/^[1-9]\d*$/.test(match[1])) {
			throw new TemplateRuleError(
				field,
				`the variable ${match[0]} must be a number written as {{1}}, {{2}}, ...`,
			);
		}
		numbers.add(Number(match[1]));
	}
	const max = numbers.size === 0 ? 0 : Math.max(...numbers);
	for (let n = 1; n <= max; n++) {
		if (!numbers.has(n)) {
			throw new TemplateRuleError(
				field,
				`variables must be numbered {{1}} to {{${max}}} without gaps ({{${n}}} is missing)`,
			);
		}
	}
	return max;
}

/** A NAMED placeholder's name: lowercase letters, digits and underscores, not a number. */
export const PARAMETER_NAME = /^[a-z_][a-z0-9_]*$/;

export type ParameterFormat = 'POSITIONAL' | 'NAMED';

/** The names of a NAMED text's placeholders, in order; each valid and used once. */
export function placeholderNames(text: string, field: string): string[] {
	const names: string[] = [];
	for (const [placeholder, name] of text.matchAll(/\{\{(.*?)\}\}/g)) {
		if (/^\d+$/.test(name))
			throw new TemplateRuleError(
				field,
				`${placeholder} is a number: with Parameter Format Named, write names such as {{first_name}}`,
			);
		if (!PARAMETER_NAME.test(name))
			throw new TemplateRuleError(
				field,
				`the variable ${placeholder} must be a name of lowercase letters, digits and underscores, not starting with a digit (e.g. {{first_name}})`,
			);
		if (names.includes(name))
			throw new TemplateRuleError(
				field,
				`the variable ${placeholder} is used twice: names must be unique`,
			);
		names.push(name);
	}
	return names;
}

/** The variables of a header or body: `1`..`n`, or the names of a NAMED template. */
export function placeholdersOf(text: string, format: ParameterFormat, field: string): string[] {
	if (format === 'NAMED') return placeholderNames(text, field);
	return Array.from({ length: countPlaceholders(text, field) }, (_, i) => String(i + 1));
}

/** A NAMED example list: `{param_name, example}` for each name, in order. */
function checkNamedExamples(list: unknown, names: string[], field: string): void {
	const given = Array.isArray(list) ? (list as IDataObject[]) : [];
	const missing = names.filter(
		(name) => !given.some((e) => e?.param_name === name && text(e?.example).trim()),
	);
	if (missing.length || given.length !== names.length)
		throw new TemplateRuleError(
			field,
			names.length
				? `give exactly ${names.length} example value(s), one for each of ${names.map((n) => `{{${n}}}`).join(', ')} (got ${given.length})`
				: 'the text has no variables, so it takes no examples',
		);
}

export function checkTemplateName(name: string): void {
	if (!NAME_PATTERN.test(name)) {
		throw new TemplateRuleError(
			'Name',
			'use 1 to 512 lowercase letters, digits and underscores (e.g. order_update)',
		);
	}
}

/**
 * A template's time-to-live (`message_send_ttl_seconds`), by category, as Meta's "Configure
 * message time-to-live" page gives it: how long the platform tries to deliver its messages.
 * A marketing template's applies through the Marketing Messages API.
 */
export const TTL_SECONDS: Readonly<Record<string, { min: number; max: number }>> = {
	AUTHENTICATION: { min: 30, max: 900 },
	UTILITY: { min: 30, max: 43_200 },
	MARKETING: { min: 43_200, max: 2_592_000 },
};

export function checkTimeToLive(category: string, seconds: number): void {
	const range = TTL_SECONDS[category];
	if (!range) throw new TemplateRuleError('Time-to-Live (Seconds)', `has no range for ${category}`);
	if (!Number.isInteger(seconds) || seconds < range.min || seconds > range.max)
		throw new TemplateRuleError(
			'Time-to-Live (Seconds)',
			`must be a whole number from ${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')} for a ${category} template, or 0 for the platform's default (it is ${String(seconds)})`,
		);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function checkLength(value: string, max: number, field: string): void {
	if (characterCount(value) > max)
		throw new TemplateRuleError(
			field,
			`at most ${max} characters (it has ${characterCount(value)})`,
		);
}

/**
 * Checks a components array (built by the form or given as JSON) against the rules the API
 * enforces. Media header handles are checked by the API, which knows them.
 */
export function checkComponents(
	components: unknown,
	category: string,
	parameterFormat: ParameterFormat = 'POSITIONAL',
): void {
	if (!Array.isArray(components) || components.length === 0) {
		throw new TemplateRuleError('Components', 'give at least the body');
	}
	const seen = new Set<string>();
	components.forEach((raw, index) => {
		const c = (raw ?? {}) as IDataObject;
		const type = String(c.type ?? '');
		const where = `Components[${index}] (${type || 'no type'})`;
		if (!['HEADER', 'BODY', 'FOOTER', 'BUTTONS', 'LIMITED_TIME_OFFER'].includes(type)) {
			throw new TemplateRuleError(
				where,
				'type must be HEADER, BODY, FOOTER, BUTTONS or LIMITED_TIME_OFFER',
			);
		}
		if (seen.has(type)) throw new TemplateRuleError(where, `a template has only one ${type}`);
		seen.add(type);
		const example = (c.example ?? {}) as IDataObject;
		if (type === 'HEADER') checkHeader(c, example, parameterFormat);
		else if (type === 'BODY') checkBody(c, example, category, components, parameterFormat);
		else if (type === 'FOOTER') checkFooter(c);
		else if (type === 'BUTTONS') checkButtons(c.buttons, category, components);
		else checkOffer(c, category);
	});
	if (!seen.has('BODY')) throw new TemplateRuleError('Body', 'is required');
}

/** A HEADER: a text's length, its one variable and its example; a media header's sample. */
function checkHeader(c: IDataObject, example: IDataObject, parameterFormat: ParameterFormat): void {
	const format = String(c.format ?? '');
	if (format === 'TEXT') {
		const value = text(c.text);
		if (!value) throw new TemplateRuleError('Header Text', 'is required for a text header');
		checkLength(value, LIMITS.headerText, 'Header Text');
		const names = placeholdersOf(value, parameterFormat, 'Header Text');
		if (names.length > 1)
			throw new TemplateRuleError(
				'Header Text',
				`a header holds at most one variable${parameterFormat === 'NAMED' ? '' : ', {{1}}'}`,
			);
		if (parameterFormat === 'NAMED') {
			checkNamedExamples(example.header_text_named_params, names, 'Header Variable Example');
			return;
		}
		const count = names.length;
		const examples = example.header_text as unknown[] | undefined;
		if (
			count === 1 &&
			(!Array.isArray(examples) || examples.length !== 1 || !text(examples[0]).trim())
		) {
			throw new TemplateRuleError('Header Variable Example', 'give one example value for {{1}}');
		}
		if (count === 0 && examples !== undefined)
			throw new TemplateRuleError(
				'Header Variable Example',
				'the header has no variable, so it takes no example',
			);
	} else if (c.text !== undefined && ['IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'].includes(format)) {
		throw new TemplateRuleError(
			'Header Text',
			`only a TEXT header has text, not a ${format} header`,
		);
	} else if (['IMAGE', 'VIDEO', 'DOCUMENT'].includes(format)) {
		const handles = example.header_handle as unknown[] | undefined;
		if (!Array.isArray(handles) || handles.length !== 1 || !text(handles[0])) {
			throw new TemplateRuleError(
				'Header Sample',
				`a ${format.toLowerCase()} header needs a sample file (an upload handle)`,
			);
		}
	} else if (format !== 'LOCATION') {
		throw new TemplateRuleError('Header Type', 'must be TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION');
	}
}

/** The BODY: its length, and one example for each variable (the platform writes an OTP's). */
function checkBody(
	c: IDataObject,
	example: IDataObject,
	category: string,
	components: unknown[],
	parameterFormat: ParameterFormat,
): void {
	// The platform writes an authentication template's body itself.
	if (category === 'AUTHENTICATION' && hasOtpButton(components) && c.text === undefined) return;
	const value = text(c.text);
	if (!value.trim()) throw new TemplateRuleError('Body', 'is required');
	checkLength(value, LIMITS.bodyText, 'Body');
	if (parameterFormat === 'NAMED') {
		const names = placeholdersOf(value, parameterFormat, 'Body');
		checkNamedExamples(example.body_text_named_params, names, 'Body Variable Examples');
		return;
	}
	const count = countPlaceholders(value, 'Body');
	const sets = example.body_text as unknown[][] | undefined;
	if (count > 0) {
		const values = Array.isArray(sets) && Array.isArray(sets[0]) ? sets[0] : [];
		if (values.length !== count || values.some((v) => !text(v).trim())) {
			throw new TemplateRuleError(
				'Body Variable Examples',
				`give exactly ${count} example value(s), one for each of {{1}} to {{${count}}} (got ${values.length})`,
			);
		}
	} else if (sets !== undefined) {
		throw new TemplateRuleError(
			'Body Variable Examples',
			'the body has no variables, so it takes no examples',
		);
	}
}

/** The FOOTER: a short text without variables, or an OTP's code expiry. */
function checkFooter(c: IDataObject): void {
	if (c.code_expiration_minutes !== undefined && c.text === undefined) {
		const minutes = c.code_expiration_minutes;
		if (
			typeof minutes !== 'number' ||
			!Number.isInteger(minutes) ||
			minutes < 1 ||
			minutes > LIMITS.codeExpirationMinutes
		)
			throw new TemplateRuleError(
				'Code Expires In (Minutes)',
				`must be a whole number from 1 to ${LIMITS.codeExpirationMinutes} (it is ${String(minutes)})`,
			);
		return;
	}
	const value = text(c.text);
	if (!value)
		throw new TemplateRuleError(
			'Footer',
			'is required in a FOOTER component (or leave the footer out)',
		);
	checkLength(value, LIMITS.footerText, 'Footer');
	// The same test as the API: a complete {{…}} is a variable; a lone "{{" is just text.
	if (countPlaceholders(value, 'Footer') > 0)
		throw new TemplateRuleError('Footer', 'cannot hold variables');
}

/** The LIMITED_TIME_OFFER: its text, in a Marketing template only. */
function checkOffer(c: IDataObject, category: string): void {
	const offer = (c.limited_time_offer ?? {}) as IDataObject;
	if (!text(offer.text)) throw new TemplateRuleError('Limited-Time Offer Text', 'is required');
	checkLength(text(offer.text), LIMITS.offerText, 'Limited-Time Offer Text');
	if (category !== 'MARKETING')
		throw new TemplateRuleError('Limited-Time Offer', 'needs the category Marketing');
}

function hasOtpButton(components: unknown[]): boolean {
	return components.some(
		(c) =>
			(c as IDataObject)?.type === 'BUTTONS' &&
			Array.isArray((c as IDataObject).buttons) &&
			((c as IDataObject).buttons as IDataObject[]).some((b) => b?.type === 'OTP'),
	);
}

/** Button kinds a template holds at most once, by their form name. */
const ONCE: Record<string, string> = {
	CATALOG: 'catalog',
	COPY_CODE: 'copy-code',
	FLOW: 'Flow',
	MPM: 'multi-product',
	OTP: 'one-time password',
};

/** A copy-code button: its example is the code itself, of at most the platform's length. */
function checkCopyCodeButton(button: IDataObject, field: string): void {
	if (Array.isArray(button.example))
		throw new TemplateRuleError(
			`${field} Example Code`,
			'must be the code itself (a text such as "WELCOME15"), not a list',
		);
	const example = text(button.example);
	if (!example)
		throw new TemplateRuleError(`${field} Example Code`, 'is required for a copy-code button');
	checkLength(example, LIMITS.copyCode, `${field} Example Code`);
}

/** A URL button: an http(s) address that may end in one variable, with its example. */
function checkUrlButton(button: IDataObject, field: string): void {
	const url = text(button.url);
	if (!/^https?:\/\/\S+$/.test(url.replace('{{1}}', 'x')))
		throw new TemplateRuleError(`${field} URL`, 'must be an http(s) URL');
	const count = countPlaceholders(url, `${field} URL`);
	if (count > 1 || (count === 1 && !url.endsWith('{{1}}'))) {
		throw new TemplateRuleError(
			`${field} URL`,
			'may end in one variable, {{1}}, and hold no other',
		);
	}
	const examples = button.example as unknown[] | undefined;
	if (count === 1 && (!Array.isArray(examples) || !text(examples[0]))) {
		throw new TemplateRuleError(
			`${field} URL Variable Example`,
			'give an example for the {{1}} at the end of the URL',
		);
	}
}

function checkButtons(raw: unknown, category: string, components: unknown[]): void {
	const buttons = Array.isArray(raw) ? (raw as IDataObject[]) : [];
	if (buttons.length === 0 || buttons.length > LIMITS.buttons)
		throw new TemplateRuleError('Buttons', `give 1 to ${LIMITS.buttons} buttons`);
	const counts = new Map<string, number>();
	buttons.forEach((button, index) => {
		const field = `Buttons[${index + 1}]`;
		const type = String(button.type ?? '');
		counts.set(type, (counts.get(type) ?? 0) + 1);
		if (type === 'COPY_CODE') return checkCopyCodeButton(button, field);
		if (type === 'OTP') return checkOtpButton(button, field, category);
		const label = text(button.text);
		if (!label) throw new TemplateRuleError(`${field} Text`, 'is required');
		checkLength(label, LIMITS.buttonText, `${field} Text`);
		if (type === 'URL') {
			checkUrlButton(button, field);
		} else if (type === 'PHONE_NUMBER') {
			if (!/^\+?\d{7,15}$/.test(text(button.phone_number)))
				throw new TemplateRuleError(
					`${field} Phone Number`,
					'must be a number in international format, e.g. +14155550100',
				);
		} else if (type === 'FLOW') {
			checkFlowButton(button, field);
		} else if (type === 'CATALOG' || type === 'MPM') {
			if (category !== 'MARKETING')
				throw new TemplateRuleError(
					`${field} Type`,
					`a ${type === 'MPM' ? 'Multi-Product' : 'Catalog'} button needs the category Marketing`,
				);
		} else if (type !== 'QUICK_REPLY') {
			throw new TemplateRuleError(
				`${field} Type`,
				'must be QUICK_REPLY, URL, PHONE_NUMBER, COPY_CODE, FLOW, CATALOG, MPM or OTP',
			);
		}
	});
	if ((counts.get('URL') ?? 0) > LIMITS.urlButtons)
		throw new TemplateRuleError('Buttons', `at most ${LIMITS.urlButtons} URL buttons`);
	for (const [type, name] of Object.entries(ONCE))
		if ((counts.get(type) ?? 0) > 1)
			throw new TemplateRuleError('Buttons', `at most one ${name} button`);
	for (const [type, name] of [
		['OTP', 'A One-Time Password'],
		['MPM', 'A Multi-Product'],
	])
		if (counts.has(type) && buttons.length > 1)
			throw new TemplateRuleError('Buttons', `${name} button is the template’s only button`);
	// A multi-product template titles its products with a text header (Cloud API MPM templates).
	if (counts.has('MPM')) {
		const header = components.find((c) => (c as IDataObject)?.type === 'HEADER') as
			| IDataObject
			| undefined;
		if (header?.format !== 'TEXT')
			throw new TemplateRuleError(
				'Header',
				'a template with a Multi-Product button needs a text header',
			);
	}
}

/** A Flow button names its Flow one way (ID, name or JSON) and starts with a known action. */
function checkFlowButton(button: IDataObject, field: string): void {
	const ways = ['flow_id', 'flow_name', 'flow_json'].filter((key) => button[key] !== undefined);
	if (ways.length !== 1)
		throw new TemplateRuleError(
			`${field} Flow ID`,
			'give exactly one of the Flow ID, the Flow name (or, in JSON, flow_json)',
		);
	const label = { flow_id: 'Flow ID', flow_name: 'Flow Name', flow_json: 'Flow JSON' }[
		ways[0] as 'flow_id' | 'flow_name' | 'flow_json'
	];
	if (!text(button[ways[0]]).trim())
		throw new TemplateRuleError(`${field} ${label}`, 'is required');
	if (
		button.flow_action !== undefined &&
		!['navigate', 'data_exchange'].includes(text(button.flow_action))
	)
		throw new TemplateRuleError(`${field} Flow Action`, 'must be navigate or data_exchange');
	if (button.navigate_screen !== undefined && !text(button.navigate_screen).trim())
		throw new TemplateRuleError(`${field} First Screen`, 'must be a screen ID when given');
}

/**
 * An authentication template's one-time password button (Cloud API): copy code, one-tap
 * autofill or zero-tap; the last two name the Android app, and zero-tap needs its terms accepted.
 */
function checkOtpButton(button: IDataObject, field: string, category: string): void {
	if (category !== 'AUTHENTICATION')
		throw new TemplateRuleError(
			`${field} Type`,
			'a One-Time Password button needs the category Authentication',
		);
	const otpType = text(button.otp_type);
	if (!['COPY_CODE', 'ONE_TAP', 'ZERO_TAP'].includes(otpType))
		throw new TemplateRuleError(`${field} OTP Type`, 'must be COPY_CODE, ONE_TAP or ZERO_TAP');
	if (button.text !== undefined) checkLength(text(button.text), LIMITS.buttonText, `${field} Text`);
	if (button.autofill_text !== undefined)
		checkLength(text(button.autofill_text), LIMITS.buttonText, `${field} Autofill Button Text`);
	// Several apps (supported_apps) come only as JSON; the API checks them.
	if (otpType === 'COPY_CODE' || button.supported_apps !== undefined) return;
	const packageName = text(button.package_name);
	if (!packageName)
		throw new TemplateRuleError(
			`${field} App Package Name`,
			'is required for one-tap and zero-tap',
		);
	checkLength(packageName, LIMITS.packageName, `${field} App Package Name`);
	if (!/^[A-Za-z0-9+/]{11}$/.test(text(button.signature_hash)))
		throw new TemplateRuleError(
			`${field} App Signature Hash`,
			'must be the app’s 11-character signature hash (letters, digits, + and /)',
		);
	if (otpType === 'ZERO_TAP' && button.zero_tap_terms_accepted !== true)
		throw new TemplateRuleError(
			`${field} Zero-Tap Terms Accepted`,
			'must be on: a zero-tap template needs its terms accepted',
		);
}

/**
 * An Authentication template built in the form is a one-time password template: one
 * One-Time Password button and nothing else (its texts are the platform's).
 */
export function checkAuthenticationButtons(types: string[]): void {
	if (types.length !== 1 || types[0] !== 'OTP')
		throw new TemplateRuleError(
			'Buttons',
			'an Authentication template holds one button, of type One-Time Password',
		);
}

/**
 * Runs a rule check and reports a broken rule as the node's error for this item. n8n's own
 * errors (an API error of a sample upload, say) pass through with their details.
 */
export async function withRules<T>(
	node: INode,
	itemIndex: number,
	check: () => T | Promise<T>,
): Promise<T> {
	try {
		return await check();
	} catch (error) {
		if (error instanceof TemplateRuleError)
			throw new NodeOperationError(node, error.message, { itemIndex });
		throw asNodeError(node, error, itemIndex);
	}
}
