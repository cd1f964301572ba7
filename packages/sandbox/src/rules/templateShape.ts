import type { ParameterFormat } from '../model';
import type { Json } from '../validate';
import type { HeaderFormat } from './templateComponents';
import { placeholdersOf } from './templatePlaceholders';

/**
 * What a send must (or may) carry for one template, read from its stored components:
 * templateParameters.ts checks a send against it.
 */

/** The Cloud API's `sub_type` of a button component in a send. */
export type ButtonSubType = 'url' | 'copy_code' | 'quick_reply' | 'flow' | 'catalog' | 'mpm';

export interface ButtonShape {
	index: number;
	subType: ButtonSubType;
	/** A dynamic URL, a copy code, a one-time code or MPM sections must be given; the others may be. */
	required: boolean;
	/** An authentication template's OTP button: its code goes as a `url` text parameter. */
	otp?: boolean;
}

export interface TemplateShape {
	parameterFormat: ParameterFormat;
	headerFormat?: HeaderFormat;
	/** The placeholders of a TEXT header (`1`, or names). */
	headerText: string[];
	body: string[];
	buttons: ButtonShape[];
	offer?: { hasExpiration: boolean };
}

export function templateShape(
	components: unknown[],
	parameterFormat: ParameterFormat = 'POSITIONAL',
): TemplateShape {
	const shape: TemplateShape = { parameterFormat, headerText: [], body: [], buttons: [] };
	for (const component of components as Json[]) {
		const text = String(component.text ?? '');
		if (component.type === 'HEADER') {
			shape.headerFormat = component.format as HeaderFormat;
			if (component.format === 'TEXT')
				shape.headerText = placeholdersOf(text, parameterFormat, 'header');
		} else if (component.type === 'BODY') {
			// An authentication body's code is {{1}} whatever the format.
			shape.body = placeholdersOf(text, isOtp(components) ? 'POSITIONAL' : parameterFormat, 'body');
		} else if (component.type === 'LIMITED_TIME_OFFER') {
			const offer = component.limited_time_offer as Json;
			shape.offer = { hasExpiration: offer.has_expiration === true };
		} else if (component.type === 'BUTTONS') {
			(component.buttons as Json[]).forEach((button, index) => {
				const expected = buttonShape(button, index);
				if (expected) shape.buttons.push(expected);
			});
		}
	}
	return shape;
}

function buttonShape(button: Json, index: number): ButtonShape | undefined {
	switch (button.type) {
		case 'URL':
			return String(button.url).endsWith('{{1}}')
				? { index, subType: 'url', required: true }
				: undefined;
		case 'COPY_CODE':
			return { index, subType: 'copy_code', required: true };
		case 'OTP':
			return { index, subType: 'url', required: true, otp: true };
		case 'QUICK_REPLY':
			return { index, subType: 'quick_reply', required: false };
		case 'FLOW':
			return { index, subType: 'flow', required: false };
		case 'CATALOG':
			return { index, subType: 'catalog', required: false };
		case 'MPM':
			return { index, subType: 'mpm', required: true };
		default:
			return undefined;
	}
}

function isOtp(components: unknown[]): boolean {
	return (components as Json[]).some(
		(c) => c.type === 'BUTTONS' && (c.buttons as Json[]).some((b) => b.type === 'OTP'),
	);
}
