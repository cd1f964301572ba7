/**
 * A small JSON Schema checker for the keywords the sandbox's route schemas use, so a test can
 * hold every answer against the schema that documents it (the answers are not serialized from
 * the schemas, so nothing else would notice them drifting apart).
 */

type Schema = Record<string, unknown>;

function typeOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	return typeof value;
}

function hasType(value: unknown, type: string): boolean {
	const actual = typeOf(value);
	return actual === type || (type === 'number' && actual === 'integer');
}

/** The first way `value` breaks `schema`, or undefined when it conforms. */
export function schemaProblem(schema: Schema, value: unknown, at = '$'): string | undefined {
	const types = schema.type === undefined ? [] : ([] as string[]).concat(schema.type as string);
	if (types.length > 0 && !types.some((t) => hasType(value, t)))
		return `${at}: ${typeOf(value)} is not ${types.join(' or ')}`;
	if ('const' in schema && value !== schema.const)
		return `${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`;
	if (Array.isArray(schema.enum) && !schema.enum.includes(value))
		return `${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`;
	if (Array.isArray(schema.anyOf)) {
		const problems = schema.anyOf.map((s: Schema) => schemaProblem(s, value, at));
		if (problems.every((p) => p !== undefined)) return problems.join('; ');
	}
	if (typeof value === 'string') {
		if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value))
			return `${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`;
		if (typeof schema.minLength === 'number' && value.length < schema.minLength)
			return `${at}: shorter than ${schema.minLength}`;
	}
	if (typeof value === 'number') {
		if (typeof schema.minimum === 'number' && value < schema.minimum)
			return `${at}: below ${schema.minimum}`;
		if (typeof schema.maximum === 'number' && value > schema.maximum)
			return `${at}: above ${schema.maximum}`;
	}
	if (Array.isArray(value)) {
		if (typeof schema.minItems === 'number' && value.length < schema.minItems)
			return `${at}: fewer than ${schema.minItems} items`;
		if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
			return `${at}: more than ${schema.maxItems} items`;
		if (schema.items !== undefined)
			for (const [i, item] of value.entries()) {
				const problem = schemaProblem(schema.items as Schema, item, `${at}[${i}]`);
				if (problem) return problem;
			}
	}
	if (typeOf(value) === 'object') {
		const record = value as Record<string, unknown>;
		const properties = (schema.properties ?? {}) as Record<string, Schema>;
		for (const name of (schema.required ?? []) as string[])
			if (record[name] === undefined) return `${at}.${name}: is required`;
		for (const [name, inner] of Object.entries(record)) {
			if (inner === undefined) continue;
			const described: unknown = properties[name] ?? schema.additionalProperties;
			if (described === false) return `${at}.${name}: is not in the schema`;
			if (typeof described === 'object' && described !== null) {
				const problem = schemaProblem(described as Schema, inner, `${at}.${name}`);
				if (problem) return problem;
			}
		}
	}
	return undefined;
}
