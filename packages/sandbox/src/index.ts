import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import type { SandboxConfig } from './config';
import { describe } from './routes/control';
import { SandboxState } from './sandbox';
import { demoSeed, DEMO_API_KEY, type Seed } from './seed';

export { SandboxState } from './sandbox';
export { buildApp } from './app';
export { demoSeed, DEMO_API_KEY, OTHER_API_KEY, type Seed } from './seed';
export { signBody, SIGNATURE_HEADER, DELIVERY_ID_HEADER } from './webhooks';
export type { SandboxConfig } from './config';

export interface StartOptions {
	port?: number;
	host?: string;
	/** The demo key; defaults to `sandbox-demo-key`. */
	apiKey?: string;
	seed?: Seed;
	config?: Partial<SandboxConfig>;
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
	state: SandboxState;
	close(): Promise<void>;
}

/** Starts a sandbox on 127.0.0.1 (port 0 picks a free port) and tells how to reach it. */
export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
	const state = new SandboxState({
		seed: options.seed ?? demoSeed(options.apiKey ?? DEMO_API_KEY),
		config: options.config,
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
		state,
		close: () => app.close(),
	};
}
