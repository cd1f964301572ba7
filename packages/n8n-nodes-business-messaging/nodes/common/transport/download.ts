import {
	NodeApiError,
	sleep,
	type IExecuteFunctions,
	type INodeExecutionData,
	type IWebhookFunctions,
	type JsonObject,
} from 'n8n-workflow';
import { asNodeError } from './nodeError';
import { send } from './request';
import { DEFAULT_RETRY, type ApiRequest, type Download, type RequestContext } from './types';

/**
 * Like apiRequest, for file downloads: `keep` stores the streamed body. When the transfer breaks
 * off after a good start (a truncated body) and the request is safe to repeat, the download is
 * made again, within the same retry settings.
 */
export async function apiDownload(
	this: IExecuteFunctions | IWebhookFunctions,
	request: ApiRequest,
	context: RequestContext,
	keep: (download: Download) => Promise<INodeExecutionData>,
): Promise<INodeExecutionData> {
	const retry = context.retry ?? DEFAULT_RETRY;
	const idempotent =
		request.idempotent ?? (request.method === 'GET' || request.method === 'DELETE');
	for (let attempt = 0; ; attempt++) {
		const { body, headers } = await send.call(this, request, context, true);
		const download = { body: body as Download['body'], headers };
		try {
			return await keep(download);
		} catch (error) {
			if (!transferBroke(download.body))
				throw asNodeError(this.getNode(), error, context.itemIndex);
			if (!idempotent || attempt >= retry.maxRetries) {
				const tries = attempt > 0 ? ` (after ${attempt + 1} attempts)` : '';
				throw new NodeApiError(
					this.getNode(),
					{ message: 'The download broke off before the end of the file' } as JsonObject,
					{
						message: `The download broke off before the end of the file${tries}`,
						description: `${(error as Error).message}. Nothing was kept; run it again, or raise Max Retries under Request Options.`,
						itemIndex: context.itemIndex,
					},
				);
			}
			await sleep(retry.baseDelayMs * 2 ** attempt);
		}
	}
}

/** The response stream ended in an error or was cut (Node's `errored` / `readableAborted`). */
function transferBroke(body: Download['body']): boolean {
	const stream = body as { errored?: unknown; readableAborted?: boolean };
	return Boolean(stream.errored) || stream.readableAborted === true;
}
