import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { isObject } from '../../common/isObject';

/**
 * The delivery's JSON object, or undefined when it has none.
 *
 * n8n parses a body only by its Content-Type: a delivery without one (a proxy that drops it), or
 * with another type, reaches the trigger with no body. Its raw body, the bytes the signature
 * covers, is then read as JSON here: the platform always sends JSON, so the delivery is taken as
 * the platform meant it rather than refused for a header.
 */
export function deliveryBody(context: IWebhookFunctions): IDataObject | undefined {
	const parsed: unknown = context.getBodyData();
	if (isObject(parsed) && Object.keys(parsed).length > 0) return parsed;
	const raw = rawBodyOf(context.getRequestObject());
	// Not JSON: the caller refuses the delivery, naming what it expected.
	if (raw && raw.length > 0) return jsonObjectOf(raw.toString('utf8'));
	return isObject(parsed) ? parsed : undefined;
}

/** The JSON object `text` holds, or undefined when it holds no object. */
export function jsonObjectOf(text: string): IDataObject | undefined {
	try {
		const value: unknown = JSON.parse(text);
		return isObject(value) ? value : undefined;
	} catch {
		return undefined;
	}
}

/** The bytes as received, which n8n keeps beside the parsed body (the signature covers them). */
export function rawBodyOf(request: unknown): Buffer | undefined {
	return (request as { rawBody?: Buffer }).rawBody;
}
