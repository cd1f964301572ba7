import './env';
import { ExecuteContext, LoadOptionsContext, WebhookContext } from 'n8n-core';
import {
	createRunExecutionData,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialTestRequest,
	type ICredentialType,
	type INode,
	type INodeCredentialTestResult,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IWorkflowExecuteAdditionalData,
	type IWebhookData,
	type IWebhookResponseData,
	type ResourceMapperFields,
} from 'n8n-workflow';
import { resolve, TestCredentialsHelper } from './credentials';

export { TestCredentialsHelper } from './credentials';

/**
 * Runs a node's `execute` and `methods` through n8n-core's real ExecuteContext and
 * LoadOptionsContext: parameters (with defaults, expressions and resource locators) are resolved
 * by n8n, requests go through n8n's own HTTP stack, and the credential is applied by
 * TestCredentialsHelper as n8n applies it. Only the credential store and the workflow around
 * the node are made up.
 */
export interface NodeHarnessOptions {
	nodeType: INodeType;
	/** The node's type name as n8n shows it, e.g. n8n-nodes-business-messaging.businessMessaging. */
	typeName: string;
	credentialType: ICredentialType;
	credentials: ICredentialDataDecryptedObject;
}

export interface ExecuteOptions {
	parameters: INodeParameters;
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** The node's settings in the editor, e.g. { retryOnFail: true }. */
	settings?: Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>;
}

export class NodeHarness {
	readonly credentialsHelper: TestCredentialsHelper;

	constructor(private readonly options: NodeHarnessOptions) {
		this.credentialsHelper = new TestCredentialsHelper(
			{ [options.credentialType.name]: options.credentialType },
			{ [options.credentialType.name]: options.credentials },
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

	private assertNoSecret(value: unknown, what: string): void {
		const key = this.options.credentials.apiKey;
		if (typeof key !== 'string' || key.length < 8) return;
		const seen = new WeakSet<object>();
		const text = JSON.stringify(value, (_k, v: unknown) => {
			if (typeof v === 'object' && v !== null) {
				if (seen.has(v)) return undefined;
				seen.add(v);
			}
			return v;
		});
		if (text?.includes(key))
			throw new Error(`secret scan: the API key appears in the node's ${what}`);
	}

	/** Runs `execute` once over `items` (one empty item by default); returns its outputs. */
	async execute(run: ExecuteOptions): Promise<INodeExecutionData[][]> {
		const { workflow, node } = this.workflowWith(run.parameters, run.continueOnFail);
		Object.assign(node, run.settings);
		const items = run.items ?? [{ json: {} }];
		const inputData = { main: [items] };
		const context = new ExecuteContext(
			workflow,
			node,
			this.additionalData(),
			'manual',
			createRunExecutionData(),
			0,
			items,
			inputData,
			{ node, data: inputData, source: null },
			[],
		);
		const result = await this.guardSecret(this.options.nodeType.execute!.call(context));
		return result as INodeExecutionData[][];
	}

	/** Calls a `listSearch` method as the editor does for a resource locator's list. */
	async listSearch(
		method: string,
		parameters: INodeParameters = {},
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const { workflow, node } = this.workflowWith(parameters);
		// The editor sends the form's current values along: methods read them with getCurrentNodeParameter.
		const context = new LoadOptionsContext(
			workflow,
			node,
			{ ...this.additionalData(), currentNodeParameters: node.parameters },
			'',
		);
		const search = this.options.nodeType.methods?.listSearch?.[method];
		if (!search) throw new Error(`test: no listSearch method ${method}`);
		return this.guardSecret(search.call(context, filter, paginationToken));
	}

	/** Calls a `resourceMapping` method as the editor does to build a resource mapper's form. */
	async resourceMapping(
		method: string,
		parameters: INodeParameters,
	): Promise<ResourceMapperFields> {
		const { workflow, node } = this.workflowWith(parameters);
		const context = new LoadOptionsContext(
			workflow,
			node,
			{ ...this.additionalData(), currentNodeParameters: node.parameters },
			'',
		);
		const mapping = this.options.nodeType.methods?.resourceMapping?.[method];
		if (!mapping) throw new Error(`test: no resourceMapping method ${method}`);
		return this.guardSecret(mapping.call(context));
	}

	/**
	 * Delivers one HTTP request to a trigger's `webhook` method on n8n-core's real WebhookContext,
	 * with the request (and its raw body, as n8n keeps it) and a response object that records what
	 * the node answered itself. n8n answers for it when it returns workflowData.
	 */
	async webhook(request: WebhookRequest): Promise<WebhookResult> {
		const { workflow, node } = this.workflowWith(request.parameters);
		const rawBody =
			request.rawBody ??
			(request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)));
		const headers = Object.fromEntries(
			Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
		);
		const httpRequest = {
			method: request.method ?? 'POST',
			headers,
			body: request.body ?? {},
			rawBody,
			query: request.query ?? {},
			params: {},
		};
		const response = new RecordingResponse();
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
			'trigger',
			webhookData,
			[],
			null,
		);
		const result = await this.guardSecret(this.options.nodeType.webhook!.call(context));
		this.assertNoSecret(response, 'webhook answer');
		return { result, response };
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

	private workflowWith(
		parameters: INodeParameters,
		continueOnFail = false,
	): { workflow: Workflow; node: INode } {
		const nodeType = this.options.nodeType;
		const node: INode = {
			id: 'node-under-test',
			name: nodeType.description.defaults.name ?? nodeType.description.displayName,
			type: this.options.typeName,
			typeVersion: Array.isArray(nodeType.description.version)
				? Math.max(...nodeType.description.version)
				: nodeType.description.version,
			position: [0, 0],
			parameters,
			credentials: {
				[this.options.credentialType.name]: { id: 'test-credential', name: 'Test credential' },
			},
			...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		};
		const nodeTypes: INodeTypes = {
			getByName: () => nodeType,
			getByNameAndVersion: () => nodeType,
			getKnownTypes: () => ({}),
		};
		const workflow = new Workflow({
			id: 'test-workflow',
			name: 'Test',
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes,
			staticData: {},
			settings: {},
		});
		// The Workflow filled in the parameters' defaults, as n8n does when it loads a workflow.
		return { workflow, node: workflow.getNode(node.name)! };
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		const base = 'http://localhost:5678';
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

export interface WebhookRequest {
	parameters: INodeParameters;
	method?: string;
	headers?: Record<string, string>;
	/** The parsed JSON body, as n8n hands it to the node. */
	body?: unknown;
	/** The bytes as received; defaults to the JSON of `body`. */
	rawBody?: Buffer;
	query?: Record<string, string>;
	webhookName?: string;
}

export interface WebhookResult {
	result: IWebhookResponseData;
	response: RecordingResponse;
}

/** The express response n8n passes to a webhook, recording what the node sent itself. */
export class RecordingResponse {
	statusCode?: number;
	body?: unknown;
	headers: Record<string, string> = {};
	headersSent = false;

	status(code: number): this {
		this.statusCode = code;
		return this;
	}

	setHeader(name: string, value: string): this {
		this.headers[name.toLowerCase()] = value;
		return this;
	}

	header(name: string, value: string): this {
		return this.setHeader(name, value);
	}

	send(body?: unknown): this {
		this.body = body;
		this.statusCode ??= 200;
		this.headersSent = true;
		return this;
	}

	json(body: unknown): this {
		return this.send(body);
	}

	end(body?: unknown): this {
		return this.send(body);
	}
}
export { packageFileText, packageSourceFiles } from './packageFiles';
