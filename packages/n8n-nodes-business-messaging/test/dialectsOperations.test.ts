import { DIALECT_NAMES } from 'business-messaging-sandbox';
import { OPERATION_CASES } from './faultCases';
import { FAST_RETRIES, useTestBed } from './harness';

/**
 * Every operation against every dialect of the sandbox: other faithful readings of what the
 * spec leaves "not shown" (error bodies, exact fields, opaque IDs, no `name` filter, small pages,
 * no `before` cursors). Each must work as on the default reading, and act exactly once.
 */
describe.each(DIALECT_NAMES.map((name) => [name]))('dialect %s', (dialect) => {
	const bed = useTestBed({ dialect });

	it.each(OPERATION_CASES.map((c) => [c.name, c] as const))(
		'%s works',
		async (_name, operation) => {
			const json = (await operation.setup?.(bed)) ?? {};
			const [output] = await bed.harness().execute({
				parameters: { ...operation.parameters(bed), requestOptions: FAST_RETRIES },
				items: operation.items?.() ?? [{ json }],
			});
			expect(output.length).toBeGreaterThan(0);
			for (const item of output) expect(item.json.error).toBeUndefined();
			if (operation.effect) expect(operation.effect(bed)).toBe(1);
		},
	);
});
