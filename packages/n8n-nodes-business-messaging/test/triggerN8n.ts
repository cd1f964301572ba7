import { HandlerServer, NodeHarness, type HandledRequest } from 'business-messaging-testing';
import { sleep, type IDataObject, type INodeParameters } from 'n8n-workflow';
import { BusinessMessagingApi } from '../credentials/BusinessMessagingApi.credentials';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import {
	TRIGGER_TESTED_VERSION,
	webhookCredentials,
	type TestBed,
	type WebhookSecrets,
} from './harness';

/**
 * n8n's production webhook of one trigger, played over real HTTP: a POST to
 * `/webhook/<id>/webhook` runs the trigger's `webhook` on n8n-core's real context, as n8n does,
 * and an execution is recorded for each run that returns items; n8n answers such a call only
 * once the execution exists. A burst that the trigger hands to itself when it closes
 * (burstHandOver) arrives here like any delivery. `refuseNext` plays n8n failing to create the
 * next executions (a busy database): it answers 500 and records nothing.
 */
export class TriggerN8n {
	url = '';
	/** The items of each execution started, in the order they started. */
	readonly executions: IDataObject[][] = [];
	/** The calls of the webhook, each its status. */
	readonly calls: number[] = [];
	refuseNext = 0;
	/** The trigger's webhook credential, if its Authentication needs one. */
	secrets?: WebhookSecrets;
	private readonly server = new HandlerServer(async (request) => await this.answer(request));

	constructor(
		private readonly bed: TestBed,
		public parameters: INodeParameters,
	) {}

	async start(): Promise<void> {
		this.url = await this.server.start();
	}

	async close(): Promise<void> {
		await this.server.close();
	}

	reset(parameters: INodeParameters): void {
		this.parameters = parameters;
		this.executions.length = 0;
		this.calls.length = 0;
		this.refuseNext = 0;
		this.secrets = undefined;
	}

	/** The platform delivers `body` (with `headers`); the status it gets. */
	async deliver(body: unknown, headers: Record<string, string> = {}): Promise<number> {
		const response = await fetch(`${this.url}/webhook/trigger-under-test/webhook`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body: JSON.stringify(body),
		});
		return response.status;
	}

	/** Waits until `count` executions have started (at most `ms`); their items. */
	async executionsAfter(count: number, ms = 15_000): Promise<IDataObject[][]> {
		const until = Date.now() + ms;
		while (this.executions.length < count && Date.now() < until) await sleep(20);
		return this.executions;
	}

	private async answer(request: HandledRequest) {
		const { result, response } = await this.harness().webhook({
			parameters: this.parameters,
			method: request.method,
			headers: request.headers,
			body: JSON.parse(request.body || '{}') as IDataObject,
			rawBody: Buffer.from(request.body),
		});
		let status = response.statusCode ?? 200;
		if (result.workflowData) {
			if (this.refuseNext > 0) {
				this.refuseNext--;
				status = 500;
			} else {
				this.executions.push(result.workflowData[0].map((item) => item.json));
				status = 200;
			}
		}
		this.calls.push(status);
		return { status, body: '' };
	}

	private harness(): NodeHarness {
		return new NodeHarness({
			nodeType: new BusinessMessagingTrigger(),
			typeVersion: TRIGGER_TESTED_VERSION,
			typeName: 'n8n-nodes-business-messaging.businessMessagingTrigger',
			credentialType: new BusinessMessagingApi(),
			credentials: { baseUrl: this.bed.sandbox.baseUrl, apiKey: this.bed.sandbox.apiKey },
			moreCredentials: webhookCredentials(this.secrets),
			n8nUrl: this.url,
		});
	}
}
