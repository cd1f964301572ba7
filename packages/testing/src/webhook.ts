import type { INodeExecutionData, INodeParameters, IWebhookResponseData } from 'n8n-workflow';

/** A delivery to a trigger's webhook, as NodeHarness.webhook takes it. */
export interface WebhookRequest {
	parameters: INodeParameters;
	method?: string;
	headers?: Record<string, string>;
	/** The parsed JSON body, as n8n hands it to the node. */
	body?: unknown;
	/** The bytes as received; defaults to the JSON of `body`. */
	rawBody?: Buffer;
	/**
	 * As n8n hands over a body it did not parse (no JSON Content-Type): the node gets no body,
	 * only `rawBody`.
	 */
	unparsedBody?: boolean;
	query?: Record<string, string>;
	webhookName?: string;
	/** For a waiting execution's webhook: the items the waiting node holds as its input. */
	waitingItems?: INodeExecutionData[];
	/** As n8n runs it: `webhook` for the production URL (the default), `manual` for the editor's test. */
	mode?: 'webhook' | 'manual';
}

/** A line the node logged through n8n's logger (`this.logger`). */
export interface LoggedLine {
	level: 'error' | 'warn' | 'info' | 'debug';
	message: string;
	meta?: unknown;
}

export interface WebhookResult {
	result: IWebhookResponseData;
	response: RecordingResponse;
	/** What the node logged. */
	logs: LoggedLine[];
}

/** n8n's logger as a node sees it, recording each line. */
export function recordingLogger(logs: LoggedLine[]) {
	const record =
		(level: LoggedLine['level']) =>
		(message: string, meta?: unknown): void => {
			logs.push({ level, message, meta });
		};
	const logger = {
		error: record('error'),
		warn: record('warn'),
		info: record('info'),
		debug: record('debug'),
		scoped: () => logger,
	};
	return logger;
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
