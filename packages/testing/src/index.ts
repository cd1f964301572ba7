import './env';
import { ExecuteContext, HookContext, LoadOptionsContext, WebhookContext } from 'n8n-core';
import {
	createRunExecutionData,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialTestRequest,
	type ICredentialType,
	type INode,
	type INodeCredentialTestResult,
	type IDataObject,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypes,
	type IVersionedNodeType,
	type IRunExecutionData,
	type IWorkflowExecuteAdditionalData,
	type IWebhookData,
	type ResourceMapperFields,
} from 'n8n-workflow';
import { resolve, TestCredentialsHelper } from './credentials';
import { useProcessedData } from './processedData';
import {
	recordingLogger,
	RecordingResponse,
	type LoggedLine,
	type WebhookRequest,
	type WebhookResult,
} from './webhook';

export { TestCredentialsHelper } from './credentials';

/**
 * Runs a node's `execute` and `methods` through n8n-core's real ExecuteContext and
 * LoadOptionsContext: parameters (with defaults, expressions and resource locators) are resolved
 * by n8n, requests go through n8n's own HTTP stack, and the credential is applied by
 * TestCredentialsHelper as n8n applies it. Only the credential store and the workflow around
 * the node are made up.
 */
export interface NodeHarnessOptions {
	/** The node class's instance; a VersionedNodeType runs the version named by `typeVersion`. */
	nodeType: INodeType | IVersionedNodeType;
	/** The node's type name as n8n shows it, e.g. n8n-nodes-business-messaging.businessMessaging. */
	typeName: string;
	/** The node's `typeVersion` in the workflow; by default the one n8n gives a new node. */
	typeVersion?: number;
	credentialType: ICredentialType;
	credentials: ICredentialDataDecryptedObject;
	/** Other credentials the node has chosen (e.g. a trigger's webhook secrets), by type. */
	moreCredentials?: Array<{ type: ICredentialType; data: ICredentialDataDecryptedObject }>;
	/** Where this n8n answers (its WEBHOOK_URL): the base of $execution.resumeUrl and webhooks. */
	n8nUrl?: string;
	/** The workflow's static data, kept across runs as n8n keeps it; empty for each run if unset. */
	staticData?: IDataObject;
}

/** How a trigger's webhook methods are run: its parameters, and published or listening for a test. */
export interface WebhookMethodRun {
	parameters: INodeParameters;
	activation?: 'activate' | 'manual';
}

export interface ExecuteOptions {
	parameters: INodeParameters;
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** The node's settings in the editor, e.g. { retryOnFail: true }. */
	settings?: Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>;
	/** The execution's data, to read what the node left in it (e.g. `waitTill`). */
	runExecutionData?: IRunExecutionData;
}

export class NodeHarness {
	readonly credentialsHelper: TestCredentialsHelper;

	constructor(private readonly options: NodeHarnessOptions) {
		const all = [
			{ type: options.credentialType, data: options.credentials },
			...(options.moreCredentials ?? []),
		];
		this.credentialsHelper = new TestCredentialsHelper(
			Object.fromEntries(all.map(({ type }) => [type.name, type])),
			Object.fromEntries(all.map(({ type, data }) => [type.name, data])),
		);
	}

	/**
	 * Every output and error of every test passes a secret scan: the credential's API key must
	 * appear in none (it may only travel in the apikey header). A leak fails the test that made it.
	 */
	private async guardSecret<T>(run: Promise<T>): Promise<T> {
		let result: T;
		try {
			result = await run;
		} catch (error) {
			const {
				message,
				description,
				stack: _stack,
				...rest
			} = error as Error & { description?: unknown };
			this.assertNoSecret({ message, description, ...rest }, 'error');
			throw error;
		}
		this.assertNoSecret(result, 'output');
		return result;
	}

	/**
	 * The scan covers every secret of every chosen credential (its password fields): the API key,
	 * a webhook's signing secret, header token and verify token.
	 */
	private assertNoSecret(value: unknown, what: string): void {
		const secrets = this.secrets();
		if (secrets.length === 0) return;
		const seen = new WeakSet<object>();
		const text = JSON.stringify(value, (_k, v: unknown) => {
			if (typeof v === 'object' && v !== null) {
				if (seen.has(v)) return undefined;
				seen.add(v);
			}
			return v;
		});
		for (const { name, value: secret } of secrets)
			if (text?.includes(secret))
				throw new Error(`secret scan: the credential's ${name} appears in the node's ${what}`);
	}

	private secrets(): Array<{ name: string; value: string }> {
		const all = [
			{ type: this.options.credentialType, data: this.options.credentials },
			...(this.options.moreCredentials ?? []),
		];
		return all.flatMap(({ type, data }) =>
			type.properties
				.filter((p) => p.typeOptions?.password === true)
				.map((p) => ({ name: p.displayName, value: data[p.name] }))
				.filter((s): s is { name: string; value: string } => typeof s.value === 'string')
				.filter((s) => s.value.length >= 8),
		);
	}

	/** Runs `execute` once over `items` (one empty item by default); returns its outputs. */
	async execute(run: ExecuteOptions): Promise<INodeExecutionData[][]> {
		await useProcessedData();
		const { workflow, node, nodeType } = this.workflowWith(run.parameters, run.continueOnFail);
		Object.assign(node, run.settings);
		const items = run.items ?? [{ json: {} }];
		const inputData = { main: [items] };
		const context = new ExecuteContext(
			workflow,
			node,
			this.additionalData(),
			'manual',
			run.runExecutionData ?? createRunExecutionData(),
			0,
			items,
			inputData,
			{ node, data: inputData, source: null },
			[],
		);
		if (!nodeType.execute)
			throw new Error(`test: ${node.type} v${node.typeVersion} has no execute`);
		const result = await this.guardSecret(nodeType.execute.call(context));
		return result as INodeExecutionData[][];
	}

	/** Calls a `listSearch` method as the editor does for a resource locator's list. */
	async listSearch(
		method: string,
		parameters: INodeParameters = {},
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const { context, nodeType } = this.editorContext(parameters);
		const search = nodeType.methods?.listSearch?.[method];
		if (!search) throw new Error(`test: no listSearch method ${method}`);
		return this.guardSecret(search.call(context, filter, paginationToken));
	}

	/** Calls a `loadOptions` method as the editor does for an options or multiOptions field. */
	async loadOptions(
		method: string,
		parameters: INodeParameters = {},
	): Promise<INodePropertyOptions[]> {
		const { context, nodeType } = this.editorContext(parameters);
		const load = nodeType.methods?.loadOptions?.[method];
		if (!load) throw new Error(`test: no loadOptions method ${method}`);
		return this.guardSecret(load.call(context));
	}

	/**
	 * The context of the editor's calls (lists, options): the editor sends the form's current
	 * values along, and methods read them with getCurrentNodeParameter.
	 */
	private editorContext(parameters: INodeParameters) {
		const { workflow, node, nodeType } = this.workflowWith(parameters);
		const context = new LoadOptionsContext(
			workflow,
			node,
			{ ...this.additionalData(), currentNodeParameters: node.parameters },
			'',
		);
		return { context, nodeType };
	}

	/** Calls a `resourceMapping` method as the editor does to build a resource mapper's form. */
	async resourceMapping(
		method: string,
		parameters: INodeParameters,
	): Promise<ResourceMapperFields> {
		const { context, nodeType } = this.editorContext(parameters);
		const mapping = nodeType.methods?.resourceMapping?.[method];
		if (!mapping) throw new Error(`test: no resourceMapping method ${method}`);
		return this.guardSecret(mapping.call(context));
	}

	/**
	 * Delivers one HTTP request to a trigger's `webhook` method on n8n-core's real WebhookContext,
	 * with the request (and its raw body, as n8n keeps it) and a response object that records what
	 * the node answered itself. n8n answers for it when it returns workflowData.
	 */
	async webhook(request: WebhookRequest): Promise<WebhookResult> {
		const { workflow, node, nodeType } = this.workflowWith(request.parameters);
		const rawBody =
			request.rawBody ??
			(request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)));
		const headers = Object.fromEntries(
			Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
		);
		const httpRequest = {
			method: request.method ?? 'POST',
			headers,
			body: request.unparsedBody ? undefined : (request.body ?? {}),
			rawBody,
			query: request.query ?? {},
			params: {},
		};
		const response = new RecordingResponse();
		// A waiting execution: n8n runs the waiting node's webhook with the node's stacked input.
		const runExecutionData = request.waitingItems
			? createRunExecutionData({
					executionData: {
						nodeExecutionStack: [{ node, data: { main: [request.waitingItems] }, source: null }],
					},
				})
			: null;
		const webhookData = {
			httpMethod: httpRequest.method,
			node: node.name,
			path: 'webhook',
			webhookDescription: {
				name: request.webhookName ?? 'default',
				httpMethod: httpRequest.method,
				path: 'webhook',
			},
			workflowId: workflow.id,
		} as unknown as IWebhookData;
		const context = new WebhookContext(
			workflow,
			node,
			{
				...this.additionalData(),
				httpRequest,
				httpResponse: response,
			} as unknown as IWorkflowExecuteAdditionalData,
			request.mode ?? 'webhook',
			webhookData,
			[],
			runExecutionData,
		);
		// What the node logs is recorded: n8n's logger is taken from its container otherwise.
		const logs: LoggedLine[] = [];
		Object.defineProperty(context, 'logger', { value: recordingLogger(logs) });
		if (!nodeType.webhook)
			throw new Error(`test: ${node.type} v${node.typeVersion} has no webhook`);
		const result = await this.guardSecret(nodeType.webhook.call(context));
		this.assertNoSecret(response, 'webhook answer');
		this.assertNoSecret(logs, 'log');
		return { result, response, logs };
	}

	/**
	 * One of a trigger's webhook methods on n8n-core's real HookContext, for one of its webhooks
	 * (`default` unless named), as n8n runs them when a workflow is published (`activate`) or a
	 * test event is listened for (`manual`, the Test URL). `publish` and `unpublish` run them all
	 * in n8n's order. The trigger's webhook ID is fixed, so its URLs are the same from call to call.
	 */
	async webhookMethod(
		method: 'checkExists' | 'create' | 'delete',
		run: WebhookMethodRun & { webhook?: string },
	): Promise<{ result: boolean; logs: LoggedLine[] }> {
		const { workflow, node, nodeType } = this.workflowWith(run.parameters);
		node.webhookId = HARNESS_WEBHOOK_ID;
		const activation = run.activation ?? 'activate';
		const name = run.webhook ?? 'default';
		const description = nodeType.description.webhooks?.find((w) => w.name === name);
		if (!description) throw new Error(`test: ${node.type} has no webhook ${name}`);
		const methods = nodeType.webhookMethods as
			| Record<string, Partial<Record<typeof method, (this: HookContext) => Promise<boolean>>>>
			| undefined;
		const call = methods?.[name]?.[method];
		// n8n skips a webhook without the method: checkExists counts as false, the rest as done.
		if (!call) return { result: method !== 'checkExists', logs: [] };
		const webhookData = {
			httpMethod: description.httpMethod,
			node: node.name,
			path: `${HARNESS_WEBHOOK_ID}/${String(description.path)}`,
			webhookDescription: description,
			workflowId: workflow.id,
			isTest: activation === 'manual',
		} as unknown as IWebhookData;
		const context = new HookContext(
			workflow,
			node,
			this.additionalData(),
			activation === 'manual' ? 'manual' : 'trigger',
			activation,
			webhookData,
		);
		const logs: LoggedLine[] = [];
		Object.defineProperty(context, 'logger', { value: recordingLogger(logs) });
		const result = await this.guardSecret(call.call(context));
		this.assertNoSecret(logs, 'log');
		return { result, logs };
	}

	/**
	 * What n8n does when it publishes the workflow or listens for a test event: for each webhook
	 * of the trigger, in the description's order, checkExists, then create if it said false.
	 */
	async publish(run: WebhookMethodRun): Promise<LoggedLine[]> {
		const logs: LoggedLine[] = [];
		for (const { name } of this.webhookDescriptions()) {
			const exists = await this.webhookMethod('checkExists', { ...run, webhook: name });
			logs.push(...exists.logs);
			if (!exists.result)
				logs.push(...(await this.webhookMethod('create', { ...run, webhook: name })).logs);
		}
		return logs;
	}

	/** What n8n does when it unpublishes the workflow or the test ends: delete, for each webhook. */
	async unpublish(run: WebhookMethodRun): Promise<LoggedLine[]> {
		const logs: LoggedLine[] = [];
		for (const { name } of this.webhookDescriptions())
			logs.push(...(await this.webhookMethod('delete', { ...run, webhook: name })).logs);
		return logs;
	}

	private webhookDescriptions() {
		return this.workflowWith({}).nodeType.description.webhooks ?? [];
	}

	/**
	 * The credential's `test` request as n8n's CredentialsTester runs it: expressions resolved,
	 * the credential applied, and `rules` turning an error status or a body value into the
	 * message the user sees.
	 */
	async testCredential(data: ICredentialDataDecryptedObject): Promise<INodeCredentialTestResult> {
		const type = this.options.credentialType;
		const test = type.test as ICredentialTestRequest | undefined;
		if (!test) throw new Error('test: the credential type has no test request');
		const helper = new TestCredentialsHelper({ [type.name]: type }, { [type.name]: data });
		const { workflow, node } = this.workflowWith({});
		const request = test.request;
		const options = await helper.authenticate(
			data,
			type.name,
			{
				method: request.method ?? 'GET',
				url: resolve(request.url ?? '', data, workflow, node),
				baseURL: resolve(request.baseURL ?? '', data, workflow, node),
				qs: request.qs,
				headers: request.headers,
				body: request.body,
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			},
			workflow,
			node,
		);
		const context = new LoadOptionsContext(workflow, node, this.additionalData(), '');
		let response: { statusCode: number; statusMessage?: string; body: unknown };
		try {
			response = await context.helpers.httpRequest(options);
		} catch (error) {
			return { status: 'Error', message: (error as Error).message };
		}
		if (response.statusCode < 200 || response.statusCode > 299) {
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === response.statusCode)
					return { status: 'Error', message: rule.properties.message };
			}
			return {
				status: 'Error',
				message: response.statusMessage || `Received HTTP status code: ${response.statusCode}`,
			};
		}
		for (const rule of test.rules ?? []) {
			if (rule.type === 'responseSuccessBody') {
				const value = (response.body as Record<string, unknown> | undefined)?.[rule.properties.key];
				if (value === rule.properties.value)
					return { status: 'Error', message: rule.properties.message };
			}
		}
		return { status: 'OK', message: 'Connection successful!' };
	}

	/**
	 * A one-node workflow, and the node type n8n would run for it: n8n asks its node types for
	 * the node's type at the node's `typeVersion`, which for a VersionedNodeType is
	 * `getNodeType(typeVersion)`. The contexts ask the same (credentials, parameters).
	 */
	private workflowWith(
		parameters: INodeParameters,
		continueOnFail = false,
	): { workflow: Workflow; node: INode; nodeType: INodeType } {
		const registered = this.options.nodeType;
		const typeVersion = this.options.typeVersion ?? defaultTypeVersion(registered);
		const described = NodeHelpers.getVersionedNodeType(registered, typeVersion).description;
		const node: INode = {
			id: 'node-under-test',
			name: described.defaults.name ?? described.displayName,
			type: this.options.typeName,
			typeVersion,
			position: [0, 0],
			parameters,
			credentials: Object.fromEntries(
				[
					this.options.credentialType,
					...(this.options.moreCredentials ?? []).map((c) => c.type),
				].map((type) => [type.name, { id: `test-${type.name}`, name: `Test ${type.displayName}` }]),
			),
			...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		};
		// As n8n's NodeTypes: by name the registered type, by name and version the version's type.
		const nodeTypes: INodeTypes = {
			getByName: () => registered,
			getByNameAndVersion: (_type, version) =>
				NodeHelpers.getVersionedNodeType(registered, version),
			getKnownTypes: () => ({}),
		};
		const workflow = new Workflow({
			id: 'test-workflow',
			name: 'Test',
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes,
			staticData: this.options.staticData ?? {},
			settings: {},
		});
		// The Workflow filled in the parameters' defaults, as n8n does when it loads a workflow.
		const loaded = workflow.getNode(node.name)!;
		return {
			workflow,
			node: loaded,
			nodeType: workflow.nodeTypes.getByNameAndVersion(loaded.type, loaded.typeVersion),
		};
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		const base = (this.options.n8nUrl ?? 'http://localhost:5678').replace(/\/+$/, '');
		return {
			credentialsHelper: this.credentialsHelper,
			restApiUrl: `${base}/rest`,
			instanceBaseUrl: `${base}/`,
			webhookBaseUrl: `${base}/webhook`,
			webhookWaitingBaseUrl: `${base}/webhook-waiting`,
			webhookTestBaseUrl: `${base}/webhook-test`,
			formWaitingBaseUrl: `${base}/form-waiting`,
			variables: {},
			currentNodeParameters: undefined,
			executionTimeoutTimestamp: undefined,
			userId: 'test-user',
			executionId: 'test-execution',
		} as unknown as IWorkflowExecuteAdditionalData;
	}
}

/** The webhook ID n8n would give the trigger when it is added; fixed in the harness. */
export const HARNESS_WEBHOOK_ID = '5e1f3c2a-0b7d-4e8f-9a6c-1d2b3c4d5e6f';

/**
 * The version the editor gives a new node: a VersionedNodeType's `currentVersion` (its
 * `defaultVersion`, else the latest), otherwise the highest version the description lists.
 */
function defaultTypeVersion(nodeType: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in nodeType) return nodeType.currentVersion;
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

export { packageFileText, packageSourceFiles } from './packageFiles';
export {
	repositoryFileText,
	repositoryFolderFiles,
	repositoryPathExists,
	repositorySourceFiles,
	writeRepositoryFile,
	writingGeneratedDocs,
} from './repositoryFiles';
export { processedData } from './processedData';
export {
	RecordingResponse,
	type LoggedLine,
	type WebhookRequest,
	type WebhookResult,
} from './webhook';
export { ScriptedServer, type ScriptedAnswer } from './scriptedServer';
export { HandlerServer, type HandledRequest, type HandlerAnswer } from './handlerServer';
