import { invalid } from '../errors';
import { isObject, onlyKeys, requireInteger, type Json } from '../validate';

/**
 * An authentication template with an OTP button (Cloud API): its body and footer texts are
 * the platform's own. The create gives only whether to add the security line and the code's
 * lifetime; the template then holds the written texts, the code being the body's `{{1}}`.
 */

export const CODE_EXPIRATION_MINUTES = { min: 1, max: 90 } as const;

export function hasOtpButton(components: unknown[]): boolean {
	return components.some(
		(c) =>
			isObject(c) &&
			c.type === 'BUTTONS' &&
			Array.isArray(c.buttons) &&
			c.buttons.some((b) => isObject(b) && b.type === 'OTP'),
	);
}

/**
 * The BODY or FOOTER of an OTP template, as the platform stores it. A text is accepted only as
 * the platform wrote it (an edit that resends the stored components).
 */
export function authenticationText(component: Json, path: string): Json {
	const stored = component.type === 'BODY' ? body(component, path) : footer(component, path);
	if (component.text !== undefined && component.text !== stored.text)
		throw invalid(
			`${path}.text`,
			`an authentication template's ${String(component.type).toLowerCase()} text is the platform's own; ${component.type === 'BODY' ? 'give add_security_recommendation' : 'give code_expiration_minutes'} instead`,
		);
	return stored;
}

function body(component: Json, path: string): Json {
	onlyKeys(component, ['type', 'text', 'add_security_recommendation'], path);
	const secure = component.add_security_recommendation;
	if (secure !== undefined && typeof secure !== 'boolean')
		throw invalid(`${path}.add_security_recommendation`, 'must be true or false');
	return {
		type: 'BODY',
		text: `*{{1}}* is your verification code.${secure ? ' For your security, do not share this code.' : ''}`,
		...(secure ? { add_security_recommendation: true } : {}),
	};
}

function footer(component: Json, path: string): Json {
	onlyKeys(component, ['type', 'text', 'code_expiration_minutes'], path);
	const minutes = requireInteger(
		component,
		'code_expiration_minutes',
		`${path}.code_expiration_minutes`,
		CODE_EXPIRATION_MINUTES.min,
		CODE_EXPIRATION_MINUTES.max,
	);
	return {
		type: 'FOOTER',
		text: `This code expires in ${minutes} minutes.`,
		code_expiration_minutes: minutes,
	};
}
