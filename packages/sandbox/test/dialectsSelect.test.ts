import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { defaultConfig } from '../src/config';
import {
	DEFAULT_DIALECT,
	DIALECT_KNOB_NAMES,
	DIALECT_KNOBS,
	DIALECT_NAMES,
	DIALECT_PRESETS,
	ERROR_SHAPES,
	startSandbox,
	type RunningSandbox,
} from '../src/index';
import { expectError, TestSandbox, useSandbox } from './helpers';
import { configOf, setDialect, type ConfigView } from './dialectSupport';
import { controlRaw } from './msgWebhookSupport';

const sandbox = useSandbox();

describe('dialect presets', () => {
	it('are exported with every knob and page size; default is today', () => {
		assert.deepEqual(
			DIALECT_PRESETS.map((p) => p.name),
			[...DIALECT_NAMES],
		);
		const [first] = DIALECT_PRESETS;
		assert.equal(first.name, 'default');
		assert.deepEqual(first.dialect, DEFAULT_DIALECT);
		assert.deepEqual(first.templatePageSize, defaultConfig().templatePageSize);
		assert.deepEqual(first.productPageSize, defaultConfig().productPageSize);
		for (const preset of DIALECT_PRESETS) {
			assert.deepEqual(Object.keys(preset.dialect), DIALECT_KNOB_NAMES, preset.name);
			assert.ok(preset.about.length > 0);
			assert.ok(preset.templatePageSize.default <= preset.templatePageSize.max);
			assert.ok(preset.productPageSize.default <= preset.productPageSize.max);
		}
	});

	it('cover every error shape and every value of every knob', () => {
		for (const shape of ERROR_SHAPES)
			assert.ok(
				DIALECT_PRESETS.some((p) => p.dialect.errorShape === shape),
				`no preset has errorShape ${shape}`,
			);
		for (const knob of DIALECT_KNOB_NAMES)
			for (const value of DIALECT_KNOBS[knob].values)
				assert.ok(
					DIALECT_PRESETS.some((p) => p.dialect[knob] === value),
					`no preset has ${knob} ${String(value)}`,
				);
		assert.ok(
			DIALECT_PRESETS.some((p) => p.templatePageSize.max < defaultConfig().templatePageSize.max),
			'no preset caps the page size',
		);
	});

	it('each starts a sandbox that tells its name and answers with its settings', async () => {
		for (const preset of DIALECT_PRESETS) {
			const running = await startSandbox({ port: 0, dialect: preset.name });
			try {
				const s = new TestSandbox(running);
				assert.deepEqual(running.dialect, { name: preset.name, ...preset.dialect });
				const config = await configOf(s);
				assert.deepEqual(config.dialect, running.dialect, preset.name);
				assert.deepEqual(config.templatePageSize, preset.templatePageSize, preset.name);
				assert.deepEqual(config.productPageSize, preset.productPageSize, preset.name);
				const unknown = await s.api('GET', '/999');
				assert.equal(unknown.status, preset.dialect.notFoundStatus, preset.name);
			} finally {
				await running.close();
			}
		}
	});
});

describe('dialect through the control API', () => {
	it('GET /config shows the dialect in force', async () => {
		const config = await configOf(sandbox.current);
		assert.deepEqual(config.dialect, { name: 'default', ...DEFAULT_DIALECT });
	});

	it('a name sets its preset; knobs change the dialect in force; name and knobs combine', async () => {
		const s = sandbox.current;
		const strict = DIALECT_PRESETS.find((p) => p.name === 'strict')!;
		let config = await setDialect(s, 'strict');
		assert.deepEqual(config.dialect, { name: 'strict', ...strict.dialect });
		assert.deepEqual(config.templatePageSize, strict.templatePageSize);
		config = await setDialect(s, { errorShape: 'text' });
		assert.deepEqual(config.dialect, { ...strict.dialect, name: 'custom', errorShape: 'text' });
		assert.deepEqual(config.templatePageSize, strict.templatePageSize, 'knobs keep page sizes');
		config = await setDialect(s, { name: 'graph-full', strictFields: true });
		assert.equal(config.dialect.errorShape, 'graphFull');
		assert.equal(config.dialect.strictFields, true);
		assert.equal(config.dialect.idStyle, 'digits');
		assert.deepEqual(config.templatePageSize, defaultConfig().templatePageSize);
		assert.deepEqual(await configOf(s), config);
		// what GET shows can be sent back as it is
		const { dialect } = await configOf(s);
		assert.deepEqual(await setDialect(s, dialect), config);
		assert.deepEqual(
			(await setDialect(s, { ...DEFAULT_DIALECT, name: 'custom' })).dialect,
			{ name: 'default', ...DEFAULT_DIALECT },
			'custom knobs that equal a preset show its name',
		);
	});

	it('refuses unknown names, knobs and values, changing nothing', async () => {
		const s = sandbox.current;
		await setDialect(s, 'plain-text');
		const before = await configOf(s);
		const refused = async (body: unknown, field: string) => {
			const error = expectError(await controlRaw(s, 'POST', '/config', body), 400, 100, field);
			assert.equal(error.error_data?.field, field);
		};
		await refused({ dialect: 'klingon' }, 'dialect');
		await refused({ dialect: 5 }, 'dialect');
		await refused({ dialect: { name: 'klingon' } }, 'dialect.name');
		await refused({ dialect: { noSuchKnob: true } }, 'dialect.noSuchKnob');
		await refused({ dialect: { errorShape: 'xml' } }, 'dialect.errorShape');
		await refused({ dialect: { notFoundStatus: '400' } }, 'dialect.notFoundStatus');
		await refused({ dialect: { strictFields: 'yes' } }, 'dialect.strictFields');
		await refused({ dialect: { templatePageSize: { max: 0 } } }, 'dialect.templatePageSize.max');
		await refused({ dialect: { productPageSize: { most: 3 } } }, 'dialect.productPageSize.most');
		await refused({ dialect: 'strict', noSuchSetting: 1 }, 'noSuchSetting');
		assert.deepEqual(await configOf(s), before);
	});

	it('a reset restores the starting dialect; keepConfig keeps the one in force', async () => {
		const s = sandbox.current;
		await setDialect(s, 'errors-array');
		await s.control('POST', '/reset', { keepConfig: true });
		assert.equal((await configOf(s)).dialect.name, 'errors-array');
		await s.control('POST', '/reset');
		const config = await configOf(s);
		assert.equal(config.dialect.name, 'default');
		assert.deepEqual(config.templatePageSize, defaultConfig().templatePageSize);
	});
});

describe('dialect from code', () => {
	let running: RunningSandbox | undefined;
	after(async () => running?.close());

	it('startSandbox({dialect}) is where a reset comes back to, page sizes included', async () => {
		running = await startSandbox({
			port: 0,
			dialect: { name: 'strict', errorShape: 'errorString', productPageSize: { max: 5 } },
		});
		const s = new TestSandbox(running);
		assert.equal(running.dialect.name, 'custom');
		assert.equal(running.dialect.errorShape, 'errorString');
		assert.equal(running.dialect.idStyle, 'opaque');
		assert.deepEqual((await s.api('GET', '/999')).body, {
			error: 'Object "999" does not exist or is not visible to this API key',
		});
		await setDialect(s, 'default');
		assert.equal((await s.api('GET', '/999')).status, 404);
		await s.control('POST', '/reset');
		const config: ConfigView = await configOf(s);
		assert.deepEqual(config.dialect, running.dialect);
		assert.deepEqual(config.productPageSize, { default: 5, max: 5 });
		assert.deepEqual(config.templatePageSize, { default: 10, max: 10 });
		// the n8n node's tests reset the state directly
		await setDialect(s, 'default');
		running.state.reset(undefined, false);
		const { name, ...knobs } = running.dialect;
		assert.equal(name, 'custom');
		assert.deepEqual(running.state.dialect, knobs);
		assert.ok(running.state.store.accounts.has(running.businessAccountId), 'opaque IDs again');
	});

	it('refuses a dialect it does not know', async () => {
		await assert.rejects(
			startSandbox({ port: 0, dialect: 'klingon' as never }),
			/dialect: must be one of default, graph-full/,
		);
		await assert.rejects(
			startSandbox({ port: 0, dialect: { errorShape: 'xml' as never } }),
			/dialect\.errorShape: must be one of/,
		);
	});
});
