import { startSandbox, type DialectName, type RunningSandbox } from 'business-messaging-sandbox';
import { NodeHarness } from 'business-messaging-testing';
import type { IDataObject, INodeType } from 'n8n-workflow';
import { BusinessMessagingApi } from '../credentials/BusinessMessagingApi.credentials';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';

export const NODE_TYPE = 'n8n-nodes-business-messaging.businessMessaging';

/** Retries that do not slow the tests down. */
export const FAST_RETRIES = { maxRetries: 2, baseDelayMs: 5 };

export interface HarnessOptions {
	apiKey?: string;
	baseUrl?: string;
	nodeType?: INodeType;
	/** The workflow's static data, kept across the harness's runs as n8n keeps it. */
	staticData?: IDataObject;
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
					nodeType: options.nodeType ?? new BusinessMessaging(),
					typeName: NODE_TYPE,
					credentialType: new BusinessMessagingApi(),
					credentials: {
						baseUrl: options.baseUrl ?? sandbox.baseUrl,
						apiKey: options.apiKey ?? sandbox.apiKey,
					},
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
