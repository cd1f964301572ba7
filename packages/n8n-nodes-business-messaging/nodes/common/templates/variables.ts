import type { IDataObject } from 'n8n-workflow';
import { LIMITS as MESSAGE_LIMITS } from '../rules/messageLimits';
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
	| 'catalog'
	| 'mpmThumbnail'
	| 'mpmSectionTitle'
	| 'mpmSectionProducts';

/** The sections a multi-product button's form offers: a product list's limit (Cloud API). */
const MPM_SECTIONS = MESSAGE_LIMITS.sections;

export type VariableTarget =
	| { part: 'headerText'; name?: string }
	| { part: 'headerMedia'; format: string }
	| { part: 'headerFileName' }
	| { part: 'headerLocation'; field: 'latitude' | 'longitude' | 'name' | 'address' }
	| { part: 'body'; name?: string }
	| { part: 'button'; index: string; kind: ButtonParameterKind; section?: number }
	| { part: 'offerExpiry' };

export interface TemplateVariable {
	id: string;
	/** What the form shows and errors name: a short name, with the example when both fit. */
	label: string;
	example?: string;
	required: boolean;
	type: 'string' | 'number' | 'dateTime';
	target: VariableTarget;
	/** Offered by the form's Add Field only (a multi-product button's sections after the first). */
	later?: boolean;
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

/**
 * n8n's resource mapper (2.41 and 1.123) shows a field's label only: no hint, placeholder or
 * description. It cuts the label at about 166 px of 12 px Inter in the default panel (measured
 * in Chromium); a label no wider than this is read whole.
 */
export const LABEL_WIDTH = 160;

/** Inter's advance widths at 12 px (measured in Chromium), each group at its widest. */
const CHAR_WIDTHS: Array<[number, string]> = [
	[2.95, 'ijl'],
	[4, " !',.:;|`It"],
	[4.55, '()[]\\/fr'],
	[5.15, '{}1'],
	[5.7, '"^_-'],
	[6.35, '*?s'],
	[6.9, 'ack7vxyzJL'],
	[7.45, 'bdeghnopqu235689'],
	[7.95, '04#$&+<=>~BEFPRSTZ'],
	[8.3, 'AKVXY'],
	[9.2, 'CDGHNOQU'],
	[10.55, 'mw'],
	[11.85, 'MW%@'],
];
const CHAR_WIDTH = new Map(
	CHAR_WIDTHS.flatMap(([width, chars]) => [...chars].map((char) => [char, width] as const)),
);

/** A label's width in px at 12 px Inter, erring wide. */
export function labelWidth(text: string): number {
	let width = 0;
	// Other letters as the widest capitals; other scripts and emoji come from wider fonts.
	for (const char of text) width += CHAR_WIDTH.get(char) ?? (char <= '\u024f' ? 9.2 : 16);
	return width;
}

const fits = (label: string) => labelWidth(label) <= LABEL_WIDTH;

/**
 * The label of a field: the first name that fits with the example, else the template's own words
 * around the placeholder (`context`, widest first) that fit, else the first name that fits alone
 * (the example is then given when the field is left empty), else the last name.
 */
function labelOf(
	names: string[],
	optional: boolean,
	example?: string,
	context: string[] = [],
): string {
	if (example)
		for (const name of names) {
			const label = `${name} (${optional ? 'optional, ' : ''}e.g. ${example})`;
			if (fits(label)) return label;
		}
	const suffix = optional ? ' (optional)' : '';
	return (
		([...context, ...names].find((name) => fits(name + suffix)) ?? names[names.length - 1]) + suffix
	);
}

/**
 * The template's words around a placeholder, as labels from the widest to the narrowest:
 * `“Approval needed: {{1}}”`, `“…needed: {{1}}”` (a header's with `part` "Header "). Without an example that fits, they
 * say what goes there (n8n's form shows nothing but the label).
 */
export function placeholderContext(
	part: string,
	templateText: string,
	placeholder: string,
): string[] {
	const at = templateText.indexOf(placeholder);
	if (at < 0) return [];
	const before = templateText.slice(0, at).trimStart();
	const after = templateText.slice(at + placeholder.length).trimEnd();
	const labels: string[] = [];
	for (const [b, a] of [
		[4, 3],
		[3, 2],
		[2, 2],
		[2, 1],
		[1, 1],
		[2, 0],
		[1, 0],
		[0, 1],
		[0, 0],
	]) {
		// Whole words, with what is stuck to the placeholder ("{{1}}," keeps its comma).
		const head = new RegExp(`(?:\\S+\\s+){0,${b}}\\S*$`).exec(before)?.[0] ?? '';
		const tail = new RegExp(`^\\S*(?:\\s+\\S+){0,${a}}`).exec(after)?.[0] ?? '';
		if (head.trim() === '' && tail.trim() === '') continue;
		const open = head.length < before.length ? '…' : '';
		const close = tail.length < after.length ? '…' : '';
		labels.push(`${part}“${open}${head}${placeholder}${tail}${close}”`);
	}
	return [...new Set(labels)];
}

const variable = (
	id: string,
	names: string | string[],
	target: VariableTarget,
	options: {
		example?: string;
		required?: boolean;
		/** Whether the label says "(optional)"; by default when not required. */
		optional?: boolean;
		type?: TemplateVariable['type'];
		/** The template's words around the placeholder (placeholderContext). */
		context?: string[];
	} = {},
): TemplateVariable => {
	const required = options.required ?? true;
	const example = options.example || undefined;
	const optional = options.optional ?? !required;
	return {
		id,
		label: labelOf(typeof names === 'string' ? [names] : names, optional, example, options.context),
		target,
		example,
		required,
		type: options.type ?? 'string',
	};
};

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
								context: placeholderContext('', text(c.text), `{{${name}}}`),
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
						otp && n === 1 ? 'One-time code' : `Body {{${n}}}`,
						{ part: 'body' },
						{
							example: examples[n - 1],
							context: otp ? [] : placeholderContext('', text(c.text), `{{${n}}}`),
						},
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
						context: placeholderContext('Header ', text(c.text), `{{${name}}}`),
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
							context: placeholderContext('Header ', text(c.text), '{{1}}'),
						},
					),
				]
			: [];
	}
	if (format === 'LOCATION') {
		const place = (
			field: 'latitude' | 'longitude' | 'name' | 'address',
			name: string,
			example: string,
			required: boolean,
		) =>
			variable(
				`header_location_${field}`,
				name,
				{ part: 'headerLocation', field },
				{ required, type: required ? 'number' : 'string', example },
			);
		return [
			place('latitude', 'Latitude', '37.4833', true),
			place('longitude', 'Longitude', '-122.1489', true),
			place('name', 'Place name', 'Roastery', false),
			place('address', 'Address', '1 Bean St', false),
		];
	}
	if (!['IMAGE', 'VIDEO', 'DOCUMENT'].includes(format)) return [];
	const kind = format.toLowerCase();
	// Not required in the form: the file may come from Options › Header File From Input Binary.
	const media = variable(
		`header_${kind}`,
		[
			`Header ${kind} (media ID or URL)`,
			`Header ${kind} (ID or URL)`,
			`${kind[0].toUpperCase()}${kind.slice(1)} (ID or URL)`,
		],
		{ part: 'headerMedia', format: kind },
		{ required: false, optional: false },
	);
	if (kind !== 'document') return [media];
	return [
		media,
		variable(
			'header_document_filename',
			'File name',
			{ part: 'headerFileName' },
			{
				required: false,
				example: 'invoice-1001.pdf',
			},
		),
	];
}

function buttonVariables(button: IDataObject, index: string): TemplateVariable[] {
	// The button's text names it; its place among the buttons when the text leaves no room.
	const named = (what: string) => [
		`Button "${text(button.text)}" ${what}`,
		`"${text(button.text)}" ${what}`,
		`Button ${Number(index) + 1} ${what}`,
	];
	const target = (kind: ButtonParameterKind): VariableTarget => ({ part: 'button', index, kind });
	switch (button.type) {
		case 'URL': {
			if (!text(button.url).endsWith('{{1}}')) return [];
			const full = text((button.example as string[] | undefined)?.[0]);
			const prefix = text(button.url).slice(0, -'{{1}}'.length);
			return [
				variable(`button_${index}_url`, named('URL end'), target('url'), {
					example: full.startsWith(prefix) ? full.slice(prefix.length) : full,
				}),
			];
		}
		case 'COPY_CODE': {
			const code = Array.isArray(button.example) ? text(button.example[0]) : text(button.example);
			return [
				variable(`button_${index}_code`, 'Coupon code', target('copyCode'), {
					example: code,
				}),
			];
		}
		case 'QUICK_REPLY':
			return [
				variable(`button_${index}_payload`, named('payload'), target('quickReply'), {
					required: false,
				}),
			];
		case 'FLOW':
			return [
				variable(
					`button_${index}_flow_token`,
					[...named('flow token'), 'Flow token'],
					target('flowToken'),
					{ required: false },
				),
				variable(
					`button_${index}_flow_data`,
					[...named('flow data'), 'Flow data'],
					target('flowData'),
					{ required: false, example: '{"order_id":"1001"}' },
				),
			];
		case 'MPM':
			return multiProductVariables(index);
		case 'CATALOG':
			return [
				variable(
					`button_${index}_thumbnail`,
					[...named('thumbnail'), 'Thumbnail retailer ID', 'Thumbnail SKU'],
					target('catalog'),
					{ required: false, example: 'SKU-00001' },
				),
			];
		default:
			return [];
	}
}

/**
 * A multi-product button's send parameters: the thumbnail product and up to 10 sections, each a
 * title and its products' retailer IDs (separated by commas or new lines). The first section is
 * required; the others are added in the form when wanted.
 */
function multiProductVariables(index: string): TemplateVariable[] {
	const target = (kind: ButtonParameterKind, section?: number): VariableTarget => ({
		part: 'button',
		index,
		kind,
		...(section === undefined ? {} : { section }),
	});
	// The template's only button: its text adds nothing to the label.
	const variables = [
		variable(
			`button_${index}_thumbnail`,
			['Thumbnail retailer ID', 'Thumbnail SKU'],
			target('mpmThumbnail'),
			{ example: 'SKU-00001' },
		),
	];
	for (let n = 1; n <= MPM_SECTIONS; n++) {
		const first = n === 1;
		variables.push(
			{
				...variable(
					`button_${index}_section_${n}_title`,
					`Section ${n} title`,
					target('mpmSectionTitle', n),
					{
						required: first,
						example: first ? 'Coffee' : undefined,
					},
				),
				...(first ? {} : { later: true }),
			},
			{
				...variable(
					`button_${index}_section_${n}_products`,
					[`Section ${n} retailer IDs`, `Section ${n} products`, `Section ${n} SKUs`],
					target('mpmSectionProducts', n),
					{ required: first, example: first ? 'SKU-00001, SKU-00002' : undefined },
				),
				...(first ? {} : { later: true }),
			},
		);
	}
	return variables;
}
