import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import type { SandboxConfig } from './config';
import type { IdStyle } from './dialect';
import { dialectView, type DialectSpec, type DialectView } from './dialectPresets';
import { describe } from './routes/control';
import { SandboxState } from './sandbox';
import { demoSeed, DEMO_API_KEY } from './demoSeed';
import type { Seed } from './seed';

export { SandboxState } from './sandbox';
export { buildApp } from './app';
export { apiEndpoints } from './api';
export type { Endpoint } from './http';
export { demoSeed, DEMO_API_KEY, OTHER_API_KEY } from './demoSeed';
export type { Seed } from './seed';
export { signBody, SIGNATURE_HEADER, DELIVERY_ID_HEADER } from './webhooks';
export type { PageSize, SandboxConfig } from './config';
export {
	DEFAULT_DIALECT,
	DIALECT_KNOBS,
	DIALECT_KNOB_NAMES,
	ERROR_SHAPES,
	type Dialect,
	type DialectKnob,
	type ErrorShape,
} from './dialect';
export {
	DIALECT_NAMES,
	DIALECT_PRESETS,
	type DialectName,
	type DialectPreset,
	type DialectSettings,
	type DialectSpec,
	type DialectView,
} from './dialectPresets';

export interface StartOptions {
	port?: number;
	host?: string;
	/** The demo key; defaults to `sandbox-demo-key`. */
	apiKey?: string;
	seed?: Seed;
	config?: Partial<SandboxConfig>;
	/**
	 * How the API answers where the contract says "not shown": a preset's name (DIALECT_NAMES),
	 * or knobs over one (`{name: 'strict', errorShape: 'text'}`). A reset comes back to it.
	 */
	dialect?: DialectSpec;
}

export interface RunningSandbox {
	/** Ends in /v3, as the node's credential expects. */
	baseUrl: string;
	/** The control API root (…/_sandbox). */
	controlUrl: string;
	apiKey: string;
	businessAccountId: string;
	phoneNumberIds: string[];
	catalogId: string;
	mediaIds: string[];
	/** The dialect in force at the start: the preset's name (or "custom") and every knob. */
	dialect: DialectView;
	state: SandboxState;
	close(): Promise<void>;
}

/** Starts a sandbox on 127.0.0.1 (port 0 picks a free port) and tells how to reach it. */
export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
	const state = new SandboxState({
		seed: options.seed ?? ((idStyle: IdStyle) => demoSeed(options.apiKey ?? DEMO_API_KEY, idStyle)),
		config: options.config,
		dialect: options.dialect,
	});
	const app = buildApp(state);
	await app.listen({ port: options.port ?? 4010, host: options.host ?? '127.0.0.1' });
	const address = app.server.address() as AddressInfo;
	const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
	const origin = `http://${host}:${address.port}`;
	const first = describe(state, `${origin}/v3`).keys[0];
	return {
		baseUrl: `${origin}/v3`,
		controlUrl: `${origin}/_sandbox`,
		apiKey: first.apiKey,
		businessAccountId: first.businessAccountIds[0],
		phoneNumberIds: first.phoneNumberIds,
		catalogId: first.catalogIds[0],
		mediaIds: first.mediaIds,
		dialect: dialectView(state.dialect, state.config),
		state,
		close: () => app.close(),
	};
}
