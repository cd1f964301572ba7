import { startSandbox, type DialectName, type RunningSandbox } from 'business-messaging-sandbox';
import { NodeHarness } from 'business-messaging-testing';
import type { IDataObject, INodeType } from 'n8n-workflow';
import { BusinessMessagingApi } from '../credentials/BusinessMessagingApi.credentials';
import { BusinessMessagingHeaderTokenApi } from '../credentials/BusinessMessagingHeaderTokenApi.credentials';
import { BusinessMessagingSignatureApi } from '../credentials/BusinessMessagingSignatureApi.credentials';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';

/**
 * The trigger's version its tests run by default: 1.1, whose Authentication is None unless
 * given. Version 1.2 takes the same deliveries the same way and changes defaults and outputs
 * only, which test/triggerVersions.test.ts covers.
 */
export const TRIGGER_TESTED_VERSION = 1.1;

export const NODE_TYPE = 'n8n-nodes-business-messaging.businessMessaging';

/** Retries that do not slow the tests down. */
export const FAST_RETRIES = { maxRetries: 2, baseDelayMs: 5 };

export interface HarnessOptions {
	apiKey?: string;
	baseUrl?: string;
	nodeType?: INodeType;
	/** The workflow's static data, kept across the harness's runs as n8n keeps it. */
	staticData?: IDataObject;
	/** The trigger's webhook credential (its Authentication picks which type reads it). */
	webhookSecrets?: WebhookSecrets;
	/** Where n8n answers: the base of the trigger's Production and Test URLs. */
	n8nUrl?: string;
	/** The node's version in the workflow; by default the one n8n gives a new node. */
	typeVersion?: number;
}

/** A trigger's webhook credential: the fields of Signature's or Header Token's. */
export interface WebhookSecrets {
	secret?: string;
	signatureHeader?: string;
	headerName?: string;
	token?: string;
	verifyToken?: string;
}

/** The trigger's two webhook credential types, both holding `secrets`, for NodeHarness. */
export function webhookCredentials(secrets: WebhookSecrets | undefined) {
	if (!secrets) return [];
	const data = Object.fromEntries(
		Object.entries(secrets).filter(([, value]) => value !== undefined),
	) as Record<string, string>;
	return [
		{ type: new BusinessMessagingSignatureApi(), data },
		{ type: new BusinessMessagingHeaderTokenApi(), data },
	];
}

export interface TestBed {
	sandbox: RunningSandbox;
	harness(options?: HarnessOptions): NodeHarness;
	/** Requests the sandbox received since the last reset (path and query as sent). */
	requests(): Array<{
		method: string;
		url: string;
		headers: IDataObject;
		body?: string;
		status?: number;
	}>;
	reset(): void;
}

/**
 * One sandbox per test file (or per describe block that calls it), reset before each test; with
 * `dialect`, a sandbox answering in that reading of the spec (the sandbox README's presets).
 */
export function useTestBed(options: { dialect?: DialectName } = {}): TestBed {
	const bed = {} as TestBed;
	beforeAll(async () => {
		const sandbox = await startSandbox({ port: 0, dialect: options.dialect });
		Object.assign(bed, {
			sandbox,
			harness: (options: HarnessOptions = {}) =>
				new NodeHarness({
					staticData: options.staticData,
					typeVersion:
						options.typeVersion ??
						(options.nodeType?.description.name === 'businessMessagingTrigger'
							? TRIGGER_TESTED_VERSION
							: undefined),
					nodeType: options.nodeType ?? new BusinessMessaging(),
					typeName: NODE_TYPE,
					credentialType: new BusinessMessagingApi(),
					credentials: {
						baseUrl: options.baseUrl ?? sandbox.baseUrl,
						apiKey: options.apiKey ?? sandbox.apiKey,
					},
					moreCredentials: webhookCredentials(options.webhookSecrets),
					n8nUrl: options.n8nUrl,
				}),
			requests: () => sandbox.state.log.list() as unknown as ReturnType<TestBed['requests']>,
			reset: () => sandbox.state.reset(undefined, false),
		});
	});
	beforeEach(() => bed.reset());
	afterAll(async () => bed.sandbox?.close());
	return bed;
}

/** Runs the node and returns the error it threw (failing the test if it did not throw). */
export async function expectFailure(run: Promise<unknown>): Promise<Error & IDataObject> {
	try {
		await run;
	} catch (error) {
		return error as Error & IDataObject;
	}
	throw new Error('expected the node to fail, but it succeeded');
}
