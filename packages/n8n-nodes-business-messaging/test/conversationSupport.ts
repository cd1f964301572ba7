import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { FAST_RETRIES, type TestBed } from './harness';

/** What the conversation tests share: a customer who wrote, and the sends' parameters. */

export const CUSTOMER = '14155550100';

/** A 1×1 PNG, as an input item's binary field holds it (memory mode: base64). */
export const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const rl = (value: string, mode = 'list') => ({ __rl: true, mode, value });

export function fileItem(
	base64: string,
	mimeType: string,
	fileName: string,
	property = 'data',
): INodeExecutionData[] {
	return [{ json: {}, binary: { [property]: { data: base64, mimeType, fileName } } }];
}

/** The customer writes to the first number, which opens the 24-hour window; returns the message ID. */
export async function customerWrites(bed: TestBed, text = 'Hello'): Promise<string> {
	return await customerSends(bed, { text });
}

/**
 * The customer sends `message` to the first number (the sandbox's simulated incoming message: a
 * text, or a tap with `type: 'interactive'`, `reply_to` and `button_id` / `row_id`, …); its ID.
 */
export async function customerSends(bed: TestBed, message: IDataObject): Promise<string> {
	const response = await fetch(`${bed.sandbox.controlUrl}/incoming`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			phone_number_id: bed.sandbox.phoneNumberIds[0],
			from: CUSTOMER,
			...message,
		}),
	});
	if (!response.ok)
		throw new Error(`the sandbox refused the incoming message: ${await response.text()}`);
	return ((await response.json()) as { message_id: string }).message_id;
}

/**
 * A call of the sandbox's control API about the first number (a second app taking a chat, a
 * person's echo, routing set up); its JSON answer. A refusal fails the test.
 */
export async function sandboxControl(
	bed: TestBed,
	path: string,
	body: IDataObject = {},
): Promise<IDataObject> {
	const response = await fetch(`${bed.sandbox.controlUrl}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ phone_number_id: bed.sandbox.phoneNumberIds[0], ...body }),
	});
	if (!response.ok) throw new Error(`the sandbox refused ${path}: ${await response.text()}`);
	return (await response.json()) as IDataObject;
}

/** The parameters of a chat send of `operation`, to the customer, with fast retries. */
export function chatSend(bed: TestBed, operation: string, extra: Record<string, unknown> = {}) {
	return {
		resource: 'message',
		operation,
		phoneNumberId: rl(bed.sandbox.phoneNumberIds[0]),
		recipient: '+1 (415) 555-0100',
		requestOptions: FAST_RETRIES,
		...extra,
	};
}

/** The JSON bodies the node posted to the send endpoint, in order. */
export function sentBodies(bed: TestBed): Array<Record<string, unknown>> {
	return bed
		.requests()
		.filter((r) => r.method === 'POST' && /\/messages$/.test(r.url))
		.map((r) => JSON.parse(r.body!) as Record<string, unknown>);
}

/** A media file's bytes, as a customer's phone would fetch them: GET /{id} → url → download. */
export async function mediaBytes(bed: TestBed, mediaId: string): Promise<Buffer> {
	const headers = { apikey: bed.sandbox.apiKey };
	const info = (await (await fetch(`${bed.sandbox.baseUrl}/${mediaId}`, { headers })).json()) as {
		url: string;
	};
	return Buffer.from(await (await fetch(info.url, { headers })).arrayBuffer());
}

/** Send a Template Instead with the demo's order_confirmation and its variables filled in. */
export function orderConfirmationFallback(templateId: string): Record<string, unknown> {
	return {
		ifWindowClosed: 'template',
		fallbackTemplate: rl(templateId),
		fallbackVariables: {
			mappingMode: 'defineBelow',
			value: {
				header_1: '#1001',
				body_1: 'Ana',
				body_2: 'a bag of Kenya Nyeri',
				body_3: 'Friday',
				button_0_url: '1001',
			},
		},
	};
}

/**
 * The trigger's item of the next delivery the sandbox makes while `simulate` runs (a customer's
 * message, say): the delivery is taken from the sandbox's outbox, not sent, and run through the
 * trigger's webhook.
 */
export async function triggerItemOf(
	bed: TestBed,
	simulate: () => Promise<unknown>,
): Promise<IDataObject> {
	bed.sandbox.state.config.webhookRetryDelaysMs = [];
	bed.sandbox.state.webhooks.target = { url: 'http://127.0.0.1:9/hook', headers: {} };
	const before = bed.sandbox.state.webhooks.deliveries.length;
	await simulate();
	const body = bed.sandbox.state.webhooks.deliveries[before].payload;
	const result = await bed.harness({ nodeType: new BusinessMessagingTrigger() }).webhook({
		parameters: { events: ['incomingMessage'], deliveryAuth: 'none' },
		body,
		rawBody: Buffer.from(JSON.stringify(body)),
		headers: {},
	});
	return result.result.workflowData![0][0].json;
}
