import type { IDataObject } from 'n8n-workflow';
import { countPlaceholders } from '../rules/templateRules';

/**
 * What a send can fill for a template (the Send Template variables form): header, body, button
 * parameters and an offer's expiry, each with where its value goes. Field IDs of the first
 * version (`header_1`, `body_1`, `button_0_url`, …) are kept so saved workflows still map.
 */

export type ButtonParameterKind =
	| 'url'
	| 'copyCode'
	| 'otp'
	| 'quickReply'
	| 'flowToken'
	| 'flowData'
	| 'catalog';

export type VariableTarget =
	| { part: 'headerText'; name?: string }
	| { part: 'headerMedia'; format: string }
	| { part: 'headerFileName' }
	| { part: 'headerLocation'; field: 'latitude' | 'longitude' | 'name' | 'address' }
	| { part: 'body'; name?: string }
	| { part: 'button'; index: string; kind: ButtonParameterKind }
	| { part: 'offerExpiry' };

export interface TemplateVariable {
	id: string;
	label: string;
	example?: string;
	required: boolean;
	type: 'string' | 'number' | 'dateTime';
	target: VariableTarget;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The names of a NAMED text's placeholders, in order (the API has checked them). */
function namesIn(value: string): string[] {
	return [...new Set([...value.matchAll(/\{\{\s*([a-z0-9_]+)\s*\}\}/g)].map((m) => m[1]))];
}

/** Named examples as `{param_name: example}`. */
function namedExamples(list: unknown): Record<string, string> {
	const examples: Record<string, string> = {};
	if (Array.isArray(list))
		for (const item of list as IDataObject[])
			examples[text(item?.param_name)] = text(item?.example);
	return examples;
}

const variable = (
	id: string,
	label: string,
	target: VariableTarget,
	options: { example?: string; required?: boolean; type?: TemplateVariable['type'] } = {},
): TemplateVariable => ({
	id,
	label,
	target,
	example: options.example || undefined,
	required: options.required ?? true,
	type: options.type ?? 'string',
});

export function templateVariables(template: {
	components?: IDataObject[];
	parameter_format?: unknown;
}): TemplateVariable[] {
	const components = template.components ?? [];
	const named = template.parameter_format === 'NAMED';
	const otp = otpButtonIndex(components) !== undefined;
	const variables: TemplateVariable[] = [];
	for (const c of components) {
		const example = (c.example ?? {}) as IDataObject;
		if (c.type === 'HEADER') variables.push(...headerVariables(c, example, named));
		else if (c.type === 'BODY') {
			if (named && !otp) {
				const examples = namedExamples(example.body_text_named_params);
				for (const name of namesIn(text(c.text)))
					variables.push(
						variable(
							`body_param_${name}`,
							`Body {{${name}}}`,
							{ part: 'body', name },
							{
								example: examples[name],
							},
						),
					);
				continue;
			}
			const count = countPlaceholders(text(c.text), 'body');
			const examples = ((example.body_text as string[][] | undefined)?.[0] ?? []) as string[];
			for (let n = 1; n <= count; n++)
				variables.push(
					variable(
						`body_${n}`,
						otp && n === 1 ? 'One-time code (body and button)' : `Body {{${n}}}`,
						{ part: 'body' },
						{ example: examples[n - 1] },
					),
				);
		} else if (c.type === 'BUTTONS') {
			((c.buttons as IDataObject[] | undefined) ?? []).forEach((button, index) =>
				variables.push(...buttonVariables(button, String(index))),
			);
		} else if (c.type === 'LIMITED_TIME_OFFER') {
			const offer = (c.limited_time_offer ?? {}) as IDataObject;
			if (offer.has_expiration === true)
				variables.push(
					variable(
						'offer_expiration',
						'Offer expires at',
						{ part: 'offerExpiry' },
						{
							type: 'dateTime',
							example: '2030-12-31T23:59:00Z',
						},
					),
				);
		}
	}
	return variables;
}

/**
 * The index of an authentication template's OTP button: it takes the one-time code, the same
 * value as the body's {{1}}, so the form asks for it once.
 */
export function otpButtonIndex(components: IDataObject[]): string | undefined {
	for (const c of components) {
		if (c.type !== 'BUTTONS') continue;
		const index = ((c.buttons as IDataObject[] | undefined) ?? []).findIndex(
			(b) => b.type === 'OTP',
		);
		if (index >= 0) return String(index);
	}
	return undefined;
}

function headerVariables(c: IDataObject, example: IDataObject, named: boolean): TemplateVariable[] {
	const format = String(c.format);
	if (format === 'TEXT') {
		if (named) {
			const examples = namedExamples(example.header_text_named_params);
			return namesIn(text(c.text)).map((name) =>
				variable(
					`header_param_${name}`,
					`Header {{${name}}}`,
					{ part: 'headerText', name },
					{
						example: examples[name],
					},
				),
			);
		}
		return countPlaceholders(text(c.text), 'header') === 1
			? [
					variable(
						'header_1',
						'Header {{1}}',
						{ part: 'headerText' },
						{
							example: text((example.header_text as string[] | undefined)?.[0]),
						},
					),
				]
			: [];
	}
	if (format === 'LOCATION') {
		const place = (field: 'latitude' | 'longitude' | 'name' | 'address', required: boolean) =>
			variable(
				`header_location_${field}`,
				`Header location ${field}${required ? '' : ' (optional)'}`,
				{ part: 'headerLocation', field },
				{
					required,
					type: required ? 'number' : 'string',
					example: {
						latitude: '37.4833',
						longitude: '-122.1489',
						name: 'Roastery',
						address: '1 Bean St',
					}[field],
				},
			);
		return [
			place('latitude', true),
			place('longitude', true),
			place('name', false),
			place('address', false),
		];
	}
	if (!['IMAGE', 'VIDEO', 'DOCUMENT'].includes(format)) return [];
	const kind = format.toLowerCase();
	// Not required in the form: the file may come from Options › Header File From Input Binary.
	const media = variable(
		`header_${kind}`,
		`Header ${kind} (media ID or https URL)`,
		{ part: 'headerMedia', format: kind },
		{ required: false },
	);
	if (kind !== 'document') return [media];
	return [
		media,
		variable(
			'header_document_filename',
			'Header document file name (optional)',
			{ part: 'headerFileName' },
			{
				required: false,
				example: 'invoice-1001.pdf',
			},
		),
	];
}

function buttonVariables(button: IDataObject, index: string): TemplateVariable[] {
	const label = `Button "${text(button.text)}"`;
	const target = (kind: ButtonParameterKind): VariableTarget => ({ part: 'button', index, kind });
	switch (button.type) {
		case 'URL': {
			if (!text(button.url).endsWith('{{1}}')) return [];
			const full = text((button.example as string[] | undefined)?.[0]);
			const prefix = text(button.url).slice(0, -'{{1}}'.length);
			return [
				variable(`button_${index}_url`, `${label} URL suffix`, target('url'), {
					example: full.startsWith(prefix) ? full.slice(prefix.length) : full,
				}),
			];
		}
		case 'COPY_CODE': {
			const code = Array.isArray(button.example) ? text(button.example[0]) : text(button.example);
			return [
				variable(`button_${index}_code`, 'Copy-code button code', target('copyCode'), {
					example: code,
				}),
			];
		}
		case 'QUICK_REPLY':
			return [
				variable(`button_${index}_payload`, `${label} payload (optional)`, target('quickReply'), {
					required: false,
				}),
			];
		case 'FLOW':
			return [
				variable(
					`button_${index}_flow_token`,
					`${label} flow token (optional)`,
					target('flowToken'),
					{
						required: false,
					},
				),
				variable(
					`button_${index}_flow_data`,
					`${label} flow data (optional, JSON object)`,
					target('flowData'),
					{ required: false, example: '{"order_id":"1001"}' },
				),
			];
		case 'CATALOG':
			return [
				variable(
					`button_${index}_thumbnail`,
					`${label} thumbnail product retailer ID (optional)`,
					target('catalog'),
					{ required: false, example: 'SKU-00001' },
				),
			];
		default:
			return [];
	}
}
