import { WITHHELD_NUMBER_FORMS } from '../../config';
import { dialectView, resolveDialect, type DialectSettings } from '../../dialectPresets';
import { invalid } from '../../errors';
import { jsonBody, query, type SandboxPlugin } from '../../http';
import type { SandboxState } from '../../sandbox';
import { isObject, oneOf, type Json } from '../../validate';

/** The control API's clock, settings, fault rules and request log. */
export const settingsRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/clock', async () => clockView(sandbox));
	app.post('/clock/advance', async (request) => {
		const body = jsonBody(request);
		const units: Record<string, number> = {
			ms: 1,
			seconds: 1_000,
			minutes: 60_000,
			hours: 3_600_000,
			days: 86_400_000,
		};
		let total = 0;
		for (const [key, value] of Object.entries(body)) {
			if (!(key in units))
				throw invalid(key, `is not a unit (use ${Object.keys(units).join(', ')})`);
			if (typeof value !== 'number' || !(value >= 0))
				throw invalid(key, 'must be a non-negative number');
			total += value * units[key];
		}
		sandbox.advanceClock(total);
		return clockView(sandbox);
	});

	app.get('/config', async () => configView(sandbox));
	app.post('/config', async (request) => {
		const body = jsonBody(request);
		const isDelay = (v: unknown) => typeof v === 'number' && v >= 0;
		// Everything is checked before anything changes: a refused request changes no setting.
		// A dialect comes first: a preset sets page sizes, which settings in the same request override.
		const updates = new Map<string, unknown>();
		let dialect: DialectSettings | undefined;
		if (body.dialect !== undefined) {
			dialect = resolveDialect(body.dialect, {
				dialect: sandbox.dialect,
				templatePageSize: sandbox.config.templatePageSize,
				productPageSize: sandbox.config.productPageSize,
			});
			updates.set('templatePageSize', dialect.templatePageSize);
			updates.set('productPageSize', dialect.productPageSize);
		}
		for (const [key, value] of Object.entries(body)) {
			if (key === 'dialect') continue;
			if (!Object.hasOwn(sandbox.config, key))
				throw invalid(
					key,
					`is not a setting (settings: ${[...Object.keys(sandbox.config), 'dialect'].join(', ')})`,
				);
			const current = updates.has(key)
				? updates.get(key)
				: (sandbox.config as unknown as Json)[key];
			if (key === 'reviewOutcome') oneOf(value, ['auto', 'APPROVED', 'REJECTED'], key);
			else if (key === 'withheldNumber') oneOf(value, WITHHELD_NUMBER_FORMS, key);
			else if (key === 'webhookConcurrency' && !(Number.isInteger(value) && (value as number) >= 0))
				throw invalid(key, 'must be a whole number, 0 for no limit');
			else if (typeof current === 'boolean' && typeof value !== 'boolean')
				throw invalid(key, 'must be true or false');
			else if (typeof current === 'number' && !isDelay(value))
				throw invalid(key, 'must be a non-negative number');
			else if (typeof current === 'string' && typeof value !== 'string')
				throw invalid(key, 'must be a string');
			else if (Array.isArray(current) && (!Array.isArray(value) || !value.every(isDelay)))
				throw invalid(key, 'must be an array of non-negative numbers');
			else if (isObject(current)) {
				if (!isObject(value)) throw invalid(key, 'must be an object');
				for (const [name, inner] of Object.entries(value)) {
					if (!Object.hasOwn(current, name))
						throw invalid(
							`${key}.${name}`,
							`is not a setting (settings: ${Object.keys(current).join(', ')})`,
						);
					if (!isDelay(inner)) throw invalid(`${key}.${name}`, 'must be a non-negative number');
				}
			}
			updates.set(key, isObject(current) ? { ...current, ...(value as Json) } : value);
		}
		for (const [key, value] of updates) (sandbox.config as unknown as Json)[key] = value;
		if (dialect) sandbox.setDialect(dialect.dialect);
		return configView(sandbox);
	});

	app.get('/faults', async () => ({ data: sandbox.faults.rules }));
	app.post('/faults', async (request) => {
		const body = jsonBody(request);
		const added = sandbox.faults.add(
			body.faults ?? body,
			typeof body.seed === 'number' ? body.seed : undefined,
		);
		return { data: added };
	});
	app.delete('/faults', async () => {
		sandbox.faults.clear();
		return { ok: true };
	});

	app.get('/requests', async (request) => ({
		data: sandbox.log.list(Number(query(request, 'since') ?? 0)),
	}));
	app.delete('/requests', async () => {
		sandbox.log.clear();
		return { ok: true };
	});
};

/** The settings, and the dialect in force (its page sizes are the settings of the same names). */
function configView(sandbox: SandboxState) {
	return { ...sandbox.config, dialect: dialectView(sandbox.dialect, sandbox.config) };
}

function clockView(sandbox: SandboxState) {
	const now = sandbox.now();
	return { now, iso: new Date(now).toISOString(), offsetMs: sandbox.clock.offset };
}
