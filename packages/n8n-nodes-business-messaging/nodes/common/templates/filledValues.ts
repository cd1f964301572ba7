import { NodeOperationError, jsonParse, type IDataObject, type INode } from 'n8n-workflow';
import type { ButtonParameter, TemplateHeader, TemplateValues } from '../messages/template';
import { MultiProductValues } from './multiProductValues';
import type { TemplateVariable } from './variables';
import { characterCount } from '../characters';
import { LIMITS as TEMPLATE_LIMITS } from '../rules/templateRules';

/**
 * The variables form's values turned into a send's template values, each checked first so that
 * a wrong one stops the item, naming the field and the rule, before the send.
 */

/** The platform's limit for a copy code, and for a one-time code too. */
const CODE_LIMIT = TEMPLATE_LIMITS.copyCode;

export function filledValues(
	node: INode,
	variables: TemplateVariable[],
	values: Record<string, unknown>,
	itemIndex: number,
	otpButtonIndex?: string,
	options: { headerFromBinary?: boolean; form?: string } = {},
): TemplateValues {
	const form = options.form ?? 'Template Variables';
	const fail = (variable: TemplateVariable, rule: string, description?: string) =>
		new NodeOperationError(node, `${form} › ${variable.label} ${rule}`, {
			itemIndex,
			description,
		});
	const result: TemplateValues = { body: [], buttons: [] };
	const location: Record<string, string> = {};
	const multiProduct = new MultiProductValues(fail);
	let fileName: string | undefined;
	for (const variable of variables) {
		const value = fieldValue(variable, values, options.headerFromBinary === true, fail);
		const target = variable.target;
		switch (target.part) {
			case 'headerText':
				result.header = { format: 'text', value, name: target.name };
				break;
			case 'headerMedia':
				result.header = { format: target.format, value } as TemplateHeader;
				break;
			case 'headerFileName':
				fileName = value || undefined;
				break;
			case 'headerLocation':
				location[target.field] = value;
				if (target.field === 'latitude' || target.field === 'longitude')
					coordinate(variable, value, target.field === 'latitude' ? 90 : 180, fail);
				break;
			case 'body':
				result.body.push({ text: value, name: target.name });
				break;
			case 'offerExpiry':
				result.offerExpiresAt = futureMs(variable, value, fail);
				break;
			case 'button': {
				if (target.kind.startsWith('mpm')) {
					multiProduct.add(variable, target.index, target.kind, target.section ?? 0, value);
					break;
				}
				const button = buttonParameter(variable, target.index, target.kind, value, fail);
				if (button) mergeButton(result.buttons, button);
			}
		}
	}
	result.buttons.push(...multiProduct.parameters());
	if (result.header?.format === 'document' && fileName) result.header.fileName = fileName;
	if (location.latitude !== undefined) result.header = locationHeader(location);
	if (otpButtonIndex !== undefined) {
		const code = result.body[0]?.text ?? '';
		const variable = variables.find((v) => v.id === 'body_1');
		if (variable && characterCount(code) > CODE_LIMIT)
			throw fail(variable, `is at most ${CODE_LIMIT} characters (it has ${characterCount(code)})`);
		result.buttons.push({ index: otpButtonIndex, kind: 'otp', value: code });
	}
	return result;
}

/** What to give, where the label does not say it: the example that did not fit in it. */
function hintFor(variable: TemplateVariable): string | undefined {
	if (variable.target.part === 'headerMedia')
		return 'Give a media ID (Media › Upload) or an https URL.';
	if (variable.example && !variable.label.includes(`e.g. ${variable.example})`))
		return `For example: ${variable.example}`;
	return undefined;
}

type Fail = (variable: TemplateVariable, rule: string, description?: string) => Error;

/** The field's value, trimmed; empty for an optional field left blank. */
function fieldValue(
	variable: TemplateVariable,
	values: Record<string, unknown>,
	headerFromBinary: boolean,
	fail: Fail,
): string {
	const raw = values[variable.id];
	const value = (raw instanceof Date ? raw.toISOString() : String(raw ?? '')).trim();
	// A media header may come from an input binary instead (uploaded after every check).
	const fromBinary = headerFromBinary && variable.target.part === 'headerMedia';
	if (!value && (variable.required || variable.target.part === 'headerMedia') && !fromBinary)
		throw fail(variable, 'is required', hintFor(variable));
	// The platform refuses these in a text parameter of the header or body (error 132018).
	const text = variable.target.part === 'headerText' || variable.target.part === 'body';
	if (text && /[\n\t]|\s{5,}/.test(value))
		throw fail(variable, 'cannot hold new lines, tabs or more than 4 spaces in a row');
	return value;
}

/** A location header from its four fields (latitude and longitude checked as they came). */
function locationHeader(location: Record<string, string>): TemplateHeader {
	return {
		format: 'location',
		location: {
			latitude: Number(location.latitude),
			longitude: Number(location.longitude),
			...(location.name ? { name: location.name } : {}),
			...(location.address ? { address: location.address } : {}),
		},
	};
}

function coordinate(variable: TemplateVariable, value: string, max: number, fail: Fail): void {
	const number = Number(value);
	if (value === '' || !Number.isFinite(number) || Math.abs(number) > max)
		throw fail(variable, `must be a number from -${max} to ${max} (got "${value}")`);
}

/** An ISO date-time or epoch milliseconds, in the future, as epoch milliseconds. */
function futureMs(variable: TemplateVariable, value: string, fail: Fail): number {
	const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
	if (!Number.isFinite(ms))
		throw fail(
			variable,
			`must be a date and time (e.g. 2030-12-31T23:59:00Z) or epoch milliseconds (got "${value}")`,
		);
	if (ms <= Date.now())
		throw fail(variable, `must be in the future (it is ${new Date(ms).toISOString()})`);
	return ms;
}

/** One field's button parameter; an optional one left empty sends nothing. */
function buttonParameter(
	variable: TemplateVariable,
	index: string,
	kind: string,
	value: string,
	fail: Fail,
): ButtonParameter | undefined {
	if (!value) return undefined;
	switch (kind) {
		case 'copyCode':
			if (characterCount(value) > CODE_LIMIT)
				throw fail(
					variable,
					`is at most ${CODE_LIMIT} characters (it has ${characterCount(value)})`,
				);
			return { index, kind: 'copyCode', value };
		case 'quickReply':
			return { index, kind: 'quickReply', payload: value };
		case 'flowToken':
			return { index, kind: 'flow', token: value };
		case 'flowData': {
			let data: unknown;
			try {
				data = jsonParse(value);
			} catch {
				data = undefined;
			}
			if (typeof data !== 'object' || data === null || Array.isArray(data))
				throw fail(variable, 'must be a JSON object, e.g. {"order_id":"1001"}');
			return { index, kind: 'flow', actionData: data as IDataObject };
		}
		case 'catalog':
			return { index, kind: 'catalog', thumbnailRetailerId: value };
		default:
			return { index, kind: 'url', value };
	}
}

/** A Flow button's token and data are two fields of one parameter. */
function mergeButton(buttons: ButtonParameter[], button: ButtonParameter): void {
	const same = buttons.find((b) => b.index === button.index && b.kind === button.kind);
	if (same) Object.assign(same, button);
	else buttons.push(button);
}
