import { defaultConfig, type PageSize, type SandboxConfig } from './config';
import {
	DEFAULT_DIALECT,
	DIALECT_KNOB_NAMES,
	DIALECT_KNOBS,
	type Dialect,
	type DialectKnob,
} from './dialect';
import { invalid } from './errors';
import { isObject, type Json } from './validate';

/**
 * Named presets of the dialect knobs (dialect.ts) with page sizes, and how a dialect is chosen:
 * by name, or knobs over a preset or over the dialect in force (a flag, the control API, code).
 */

/** A dialect and the page sizes it answers with (the config settings of the same names). */
export interface DialectSettings {
	dialect: Dialect;
	templatePageSize: PageSize;
	productPageSize: PageSize;
}

export const DIALECT_NAMES = [
	'default',
	'graph-full',
	'graph-api',
	'strict',
	'error-string',
	'errors-array',
	'message-only',
	'plain-text',
	'html-gateway',
	'empty-body',
] as const;
export type DialectName = (typeof DIALECT_NAMES)[number];

export interface DialectPreset extends DialectSettings {
	name: DialectName;
	about: string;
}

/**
 * A dialect as given: a preset's name, or knobs (and page sizes) over a preset named by `name`,
 * or, without `name`, over the dialect in force.
 */
export type DialectSpec =
	| DialectName
	| (Partial<Dialect> & {
			name?: DialectName | 'custom';
			templatePageSize?: Partial<PageSize>;
			productPageSize?: Partial<PageSize>;
	  });

/** The dialect in force as the control API shows it: the preset it equals, or "custom". */
export type DialectView = { name: DialectName | 'custom' } & Dialect;

const PRESET_TABLE: Record<
	DialectName,
	{ about: string; knobs: Partial<Dialect>; pages?: { templates: number; products: number } }
> = {
	default: { about: 'today: Graph-style errors, digit IDs, id always added', knobs: {} },
	'graph-full': {
		about: 'Graph errors with error_user_title, error_user_msg and is_transient',
		knobs: { errorShape: 'graphFull' },
	},
	'graph-api': {
		about:
			'the Graph API as it answers: full errors, 400 for unknown IDs, id and name by default, next/previous links, an after cursor on the last page too',
		knobs: {
			errorShape: 'graphFull',
			notFoundStatus: 400,
			accountDefaultFields: 'minimal',
			nextLinks: true,
			afterOnLastPage: true,
		},
	},
	strict: {
		about:
			'the contract read literally: flat errors, exact fields, opaque IDs, no name filter, small pages, no before cursors',
		knobs: {
			errorShape: 'flat',
			strictFields: true,
			idStyle: 'opaque',
			nameFilter: false,
			beforeCursors: false,
		},
		pages: { templates: 10, products: 20 },
	},
	'error-string': {
		about: 'errors as {"error":"…"}, opaque IDs, exact fields, no paging on the last page',
		knobs: {
			errorShape: 'errorString',
			idStyle: 'opaque',
			strictFields: true,
			pagingOnLastPage: false,
		},
	},
	'errors-array': {
		about:
			'JSON:API-like errors with string codes, 400 for unknown IDs, no name filter, tiny pages',
		knobs: {
			errorShape: 'errorsArray',
			errorCodes: 'string',
			notFoundStatus: 400,
			nameFilter: false,
		},
		pages: { templates: 4, products: 15 },
	},
	'message-only': {
		about:
			'errors as {"message":"…"}, opaque IDs, id and name by default, only after cursors, no paging on the last page',
		knobs: {
			errorShape: 'message',
			idStyle: 'opaque',
			accountDefaultFields: 'minimal',
			beforeCursors: false,
			pagingOnLastPage: false,
		},
	},
	'plain-text': {
		about: 'errors as text/plain, opaque IDs, exact fields, next links, small pages',
		knobs: { errorShape: 'text', idStyle: 'opaque', strictFields: true, nextLinks: true },
		pages: { templates: 10, products: 20 },
	},
	'html-gateway': {
		about:
			'errors as a gateway HTML page without the message, 400 for unknown IDs, exact fields, no name filter, only after cursors',
		knobs: {
			errorShape: 'html',
			notFoundStatus: 400,
			strictFields: true,
			nameFilter: false,
			beforeCursors: false,
		},
	},
	'empty-body': {
		about:
			'errors with no body (status only), opaque IDs, exact fields, no name filter, no paging on the last page, tiny pages',
		knobs: {
			errorShape: 'empty',
			idStyle: 'opaque',
			strictFields: true,
			nameFilter: false,
			pagingOnLastPage: false,
		},
		pages: { templates: 3, products: 7 },
	},
};

/** Every preset, in the order of DIALECT_NAMES, with all its knobs and page sizes. */
export const DIALECT_PRESETS: readonly DialectPreset[] = DIALECT_NAMES.map((name) => {
	const { about, knobs, pages } = PRESET_TABLE[name];
	const defaults = defaultConfig();
	return {
		name,
		about,
		dialect: { ...DEFAULT_DIALECT, ...knobs },
		templatePageSize: pages
			? { default: pages.templates, max: pages.templates }
			: defaults.templatePageSize,
		productPageSize: pages
			? { default: pages.products, max: pages.products }
			: defaults.productPageSize,
	};
});

function presetNamed(name: string): DialectPreset | undefined {
	return DIALECT_PRESETS.find((p) => p.name === name);
}

/** The settings of a start: a preset, or knobs over one (default: the default preset). */
export function startDialect(spec: DialectSpec | undefined): DialectSettings {
	return resolveDialect(spec ?? 'default', presetNamed('default')!);
}

/**
 * Resolves a dialect as given (by a flag, the control API or code) over the settings in force;
 * a name sets its preset's knobs and page sizes. Refuses unknown names, knobs and values (400).
 */
export function resolveDialect(
	spec: unknown,
	current: DialectSettings,
	field = 'dialect',
): DialectSettings {
	const given = typeof spec === 'string' ? { name: spec } : spec;
	if (!isObject(given))
		throw invalid(
			field,
			`must be a preset name (${DIALECT_NAMES.join(', ')}) or an object of knobs`,
		);
	let base: DialectSettings = current;
	if (given.name !== undefined && given.name !== 'custom') {
		const preset = presetNamed(String(given.name));
		if (!preset)
			throw invalid(
				typeof spec === 'string' ? field : `${field}.name`,
				`must be one of ${DIALECT_NAMES.join(', ')} (got ${JSON.stringify(given.name)})`,
			);
		base = preset;
	}
	const out: DialectSettings = {
		dialect: { ...base.dialect },
		templatePageSize: { ...base.templatePageSize },
		productPageSize: { ...base.productPageSize },
	};
	for (const [key, value] of Object.entries(given)) {
		if (key === 'name') continue;
		if (key === 'templatePageSize' || key === 'productPageSize') {
			out[key] = pageSize(value, out[key], `${field}.${key}`);
			continue;
		}
		if (!Object.hasOwn(DIALECT_KNOBS, key))
			throw invalid(
				`${field}.${key}`,
				`is not a knob (knobs: ${DIALECT_KNOB_NAMES.join(', ')}, templatePageSize, productPageSize)`,
			);
		const values = DIALECT_KNOBS[key as DialectKnob].values as readonly unknown[];
		if (!values.includes(value))
			throw invalid(
				`${field}.${key}`,
				`must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`,
			);
		(out.dialect as Json)[key] = value;
	}
	return out;
}

function pageSize(value: unknown, current: PageSize, field: string): PageSize {
	if (!isObject(value)) throw invalid(field, 'must be an object {default?, max?}');
	const out = { ...current };
	for (const [key, inner] of Object.entries(value)) {
		if (key !== 'default' && key !== 'max')
			throw invalid(`${field}.${key}`, 'is not default or max');
		if (!(Number.isInteger(inner) && (inner as number) >= 1))
			throw invalid(`${field}.${key}`, 'must be a whole number from 1');
		out[key] = inner as number;
	}
	// A max below the default lowers the default too (a page is never larger than the max).
	if (value.default === undefined && out.default > out.max) out.default = out.max;
	return out;
}

/** The preset these settings equal, else "custom"; with the knobs. */
export function dialectView(
	dialect: Dialect,
	config: Pick<SandboxConfig, 'templatePageSize' | 'productPageSize'>,
): DialectView {
	const same = (a: PageSize, b: PageSize) => a.default === b.default && a.max === b.max;
	const preset = DIALECT_PRESETS.find(
		(p) =>
			DIALECT_KNOB_NAMES.every((k) => p.dialect[k] === dialect[k]) &&
			same(p.templatePageSize, config.templatePageSize) &&
			same(p.productPageSize, config.productPageSize),
	);
	return { name: preset?.name ?? 'custom', ...dialect };
}
