import { invalid } from '../errors';
import type { ParameterFormat } from '../model';
import { isObject, onlyKeys, type Json } from '../validate';

/**
 * Placeholders of a template's header and body, in either parameter format of the Cloud API:
 * POSITIONAL `{{1}}`..`{{n}}` (the default) or NAMED `{{first_name}}` (`parameter_format:
 * "NAMED"`), whose examples go as `{param_name, example}` pairs. A template uses one format.
 */

/**
 * A name of a NAMED placeholder: lowercase letters, digits and underscores, as the Cloud API
 * requires; it may not start with a digit, so that it can never be read as a position.
 */
export const PARAMETER_NAME = /^[a-z_][a-z0-9_]*$/;

/** Number of placeholders in `text`; throws unless they are exactly {{1}}..{{n}}. */
export function countPlaceholders(text: string, field: string): number {
	const numbers = new Set<number>();
	for (const match of text.matchAll(/\{\{(.*?)\}\}/g)) {
		if (!/^[1-9]\d*$/.test(match[1])) {
			throw invalid(field, `placeholder ${match[0]} must be a number written as {{1}}, {{2}}, ...`);
		}
		numbers.add(Number(match[1]));
	}
	const max = numbers.size === 0 ? 0 : Math.max(...numbers);
	for (let n = 1; n <= max; n++) {
		if (!numbers.has(n))
			throw invalid(
				field,
				`placeholders must be numbered 1..${max} without gaps ({{${n}}} is missing)`,
			);
	}
	return max;
}

/** The names of a NAMED text's placeholders, in order; each valid, none twice, no numbers. */
export function placeholderNames(text: string, field: string): string[] {
	const names: string[] = [];
	for (const [placeholder, name] of text.matchAll(/\{\{(.*?)\}\}/g)) {
		if (/^\d+$/.test(name))
			throw invalid(
				field,
				`placeholder ${placeholder} is positional: a NAMED template uses names such as {{first_name}}, not numbers`,
			);
		if (!PARAMETER_NAME.test(name))
			throw invalid(
				field,
				`placeholder ${placeholder}: a name holds only lowercase letters, digits and underscores, and does not start with a digit`,
			);
		if (names.includes(name))
			throw invalid(field, `placeholder ${placeholder} is used twice: names must be unique`);
		names.push(name);
	}
	return names;
}

/** The placeholders of `text` as the send names them: `1`..`n`, or the names. */
export function placeholdersOf(text: string, format: ParameterFormat, field: string): string[] {
	if (format === 'NAMED') return placeholderNames(text, field);
	return Array.from({ length: countPlaceholders(text, field) }, (_, i) => String(i + 1));
}

/** Examples are required exactly when the text has placeholders. */
export function checkExamples(
	example: Json | undefined,
	key: string,
	count: number,
	field: string,
	check: (values: unknown[], field: string) => void,
): void {
	const values = example?.[key];
	if (count === 0) {
		if (values !== undefined)
			throw invalid(field, 'gives example values but the text has no placeholders');
		return;
	}
	if (!Array.isArray(values))
		throw invalid(
			field,
			`is required: the text has ${count} placeholder(s) and each needs an example value`,
		);
	check(values, field);
}

/**
 * `example.<key>` of a NAMED text: one `{param_name, example}` per placeholder, naming each
 * exactly once; none when the text has no placeholders.
 */
export function checkNamedExamples(
	example: Json | undefined,
	key: string,
	names: string[],
	field: string,
): void {
	checkExamples(example, key, names.length, field, (values) => {
		const given = new Set<string>();
		values.forEach((item, i) => {
			const path = `${field}[${i}]`;
			if (!isObject(item)) throw invalid(path, 'must be {"param_name":"...","example":"..."}');
			onlyKeys(item, ['param_name', 'example'], path);
			const name = item.param_name;
			if (typeof name !== 'string' || !names.includes(name))
				throw invalid(
					`${path}.param_name`,
					`must name a placeholder of the text (${names.join(', ')})`,
				);
			if (given.has(name)) throw invalid(`${path}.param_name`, `${name} has two examples`);
			given.add(name);
			if (typeof item.example !== 'string' || item.example.trim().length === 0)
				throw invalid(`${path}.example`, 'must be a non-empty example string');
		});
		const missing = names.filter((name) => !given.has(name));
		if (missing.length)
			throw invalid(field, `needs an example for ${missing.map((n) => `{{${n}}}`).join(', ')}`);
	});
}
