import { HandlerServer, NodeHarness, type HandledRequest } from 'business-messaging-testing';
import {
	sleep,
	type IDataObject,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';
import { BusinessMessagingApi } from '../credentials/BusinessMessagingApi.credentials';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { NODE_TYPE, TRIGGER_TESTED_VERSION, type TestBed } from './harness';

/**
 * What Send and Wait needs of n8n around the two nodes, played over real HTTP: the waiting
 * webhook (`/webhook-waiting/<execution>/<node>`), which runs the waiting node's `webhook` with
 * the item it left and resumes the execution once. Both nodes run on n8n-core's real contexts
 * (NodeHarness); only n8n's routing of the call to the waiting execution is played here.
 */
export class WaitingN8n {
	url = '';
	/** The parameters and output of the node that waits; undefined once resumed. */
	private waiting?: { parameters: INodeParameters; items: INodeExecutionData[] };
	/** The items the execution resumed with, in order. */
	readonly resumed: IDataObject[] = [];
	/** Every call to the waiting webhook: method and path with query. */
	readonly calls: string[] = [];
	private readonly server = new HandlerServer(async (request) => await this.answer(request));
	/** The trigger's static data, kept across deliveries as n8n keeps it. */
	readonly triggerStaticData: IDataObject = {};

	constructor(private readonly bed: TestBed) {}

	async start(): Promise<void> {
		this.url = await this.server.start();
	}

	/** No waiting execution, nothing resumed, no open question: before each test. */
	reset(): void {
		this.waiting = undefined;
		this.resumed.length = 0;
		this.calls.length = 0;
		for (const key of Object.keys(this.triggerStaticData)) delete this.triggerStaticData[key];
	}

	async close(): Promise<void> {
		await this.server.close();
	}

	/** The Business Messaging node on this n8n (its resume addresses point here). */
	node(): NodeHarness {
		return this.harness(new BusinessMessaging(), NODE_TYPE);
	}

	/** The trigger on this n8n, with its static data kept between deliveries. */
	trigger(): NodeHarness {
		return this.harness(
			new BusinessMessagingTrigger(),
			'n8n-nodes-business-messaging.businessMessagingTrigger',
			this.triggerStaticData,
		);
	}

	/** Runs the node as n8n runs it; when it waits, this n8n holds the execution. */
	async run(parameters: INodeParameters, items?: INodeExecutionData[]): Promise<IDataObject> {
		const [output] = await this.node().execute({ parameters, items });
		this.waiting = { parameters, items: output };
		return output[0].json;
	}

	/** The free-text questions the trigger keeps open (its node's static data). */
	openQuestions(): IDataObject {
		const data = this.triggerStaticData['node:Business Messaging Trigger'] as IDataObject;
		return (data?.openQuestions ?? {}) as IDataObject;
	}

	get isWaiting(): boolean {
		return this.waiting !== undefined;
	}

	/**
	 * Delivers a payload the sandbox made to the trigger, with its `options`; returns the trigger
	 * workflow's items.
	 */
	async deliver(
		payload: unknown,
		events = ['incomingMessage', 'messageStatus'],
		options: INodeParameters = {},
	) {
		const { result, response } = await this.trigger().webhook({
			parameters: { events, statuses: ['sent', 'delivered', 'read', 'failed'], options },
			body: payload,
			headers: {},
		});
		return {
			status: response.statusCode ?? 200,
			items: (result.workflowData?.[0] ?? []).map((item) => item.json),
		};
	}

	private harness(
		nodeType: BusinessMessaging | BusinessMessagingTrigger,
		typeName: string,
		staticData?: IDataObject,
	): NodeHarness {
		return new NodeHarness({
			nodeType,
			typeName,
			typeVersion:
				nodeType instanceof BusinessMessagingTrigger ? TRIGGER_TESTED_VERSION : undefined,
			credentialType: new BusinessMessagingApi(),
			credentials: { baseUrl: this.bed.sandbox.baseUrl, apiKey: this.bed.sandbox.apiKey },
			n8nUrl: this.url,
			staticData,
		});
	}

	private async answer(
		request: HandledRequest,
	): Promise<{ status: number; headers: Record<string, string>; body: string }> {
		const raw = request.body;
		const url = new URL(request.url, this.url);
		this.calls.push(`${request.method} ${url.pathname}${url.search}`);
		const json = (status: number, body: unknown) => ({
			status,
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		// As n8n: only this execution's waiting node, and only while it waits.
		if (url.pathname !== '/webhook-waiting/test-execution/node-under-test')
			return json(404, { message: 'not found' });
		if (!this.waiting) return json(409, { message: 'The execution is not waiting' });
		const type = request.headers['content-type'] ?? '';
		const body = !raw
			? {}
			: type.includes('json')
				? (JSON.parse(raw) as IDataObject)
				: Object.fromEntries(new URLSearchParams(raw));
		const { result, response } = await this.node().webhook({
			parameters: this.waiting.parameters,
			method: request.method,
			headers: request.headers,
			body,
			query: Object.fromEntries(url.searchParams),
			waitingItems: this.waiting.items,
		});
		if (result.workflowData) {
			this.resumed.push(result.workflowData[0][0].json);
			this.waiting = undefined;
		}
		if (response.headersSent)
			return {
				status: response.statusCode ?? 200,
				headers: response.headers,
				body:
					typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? ''),
			};
		const answer = result.webhookResponse as unknown;
		return typeof answer === 'string'
			? { status: 200, headers: { 'content-type': 'text/html' }, body: answer }
			: json(200, answer ?? { message: 'Workflow was started' });
	}
}

/** The deliveries the sandbox makes from now on, kept instead of sent (no retries). */
export function captureDeliveries(bed: TestBed) {
	bed.sandbox.state.config.webhookRetryDelaysMs = [];
	bed.sandbox.state.webhooks.target = { url: 'http://127.0.0.1:9/hook', headers: {} };
	let seen = bed.sandbox.state.webhooks.deliveries.length;
	/** The next delivery whose payload `matches`, waiting for it (at most 5 s). */
	return async (matches: (payload: IDataObject) => boolean): Promise<IDataObject> => {
		const deadline = Date.now() + 5000;
		for (;;) {
			const deliveries = bed.sandbox.state.webhooks.deliveries;
			while (seen < deliveries.length) {
				const payload = deliveries[seen++].payload as IDataObject;
				if (matches(payload)) return payload;
			}
			if (Date.now() > deadline) throw new Error('no such delivery within 5 s');
			await sleep(20);
		}
	};
}

/** The first message or status of a delivery's first change. */
export function changeValue(payload: IDataObject): IDataObject {
	const entry = (payload.entry as IDataObject[])[0];
	return (entry.changes as IDataObject[])[0].value as IDataObject;
}

export const isStatus = (status: string, messageId: string) => (payload: IDataObject) =>
	((changeValue(payload).statuses as IDataObject[] | undefined) ?? []).some(
		(s) => s.status === status && s.id === messageId,
	);

export const isMessage = (payload: IDataObject) => Array.isArray(changeValue(payload).messages);
