import {
	NodeOperationError,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { hasRefusalsOutput } from './outputs';
import { refusalReport } from './refusalReport';

/**
 * A delivery the trigger refuses. A refusal used to be silent: the provider got its 401 and the
 * workflow just never started, the most reported trigger problem. Now the reason is in n8n's log
 * (production), and while the trigger is tested in the editor it stops the test as the
 * trigger's error, where the user is looking. In production a refusal starts no execution of its
 * own (anyone can post to the URL): Report Refusals starts one a minute at most, with the
 * report on the Refusals output from version 1.2 (on the events' output before).
 */
export async function refuseDelivery(
	this: IWebhookFunctions,
	status: number,
	answer: string,
	reason: string,
): Promise<IWebhookResponseData> {
	if (this.getMode() === 'manual') {
		// n8n then answers the provider 500 and shows this error on the trigger.
		throw new NodeOperationError(this.getNode(), `The delivery was refused: ${reason}`, {
			description: `In production the provider gets ${status} (${answer}) and the reason is logged by n8n; Report Refusals starts one execution a minute at most to report the refusals.`,
		});
	}
	this.logger.warn(`Business Messaging Trigger refused a delivery (${status}): ${reason}`, {
		workflowId: this.getWorkflow().id,
		node: this.getNode().name,
	});
	this.getResponseObject().status(status).send(answer);
	const report = await refusalReport(this, status, reason);
	if (!report) return { noWebhookResponse: true };
	// The provider has its refusal; the report is an execution of its own, never the delivery's.
	const workflowData = hasRefusalsOutput(this.getNode().typeVersion)
		? [[], [{ json: report }]]
		: [[{ json: report }]];
	return { noWebhookResponse: true, workflowData };
}

/**
 * A delivery the trigger failed to take (a fault of its own, not of the delivery). n8n answers a
 * webhook that throws with 500 and still starts an execution holding the error, so the platform
 * would deliver again what also ran. Instead the failure is logged and answered 500 with no
 * execution: the platform delivers it again, and it runs once. In the editor's test it stays
 * the trigger's error, where the user is looking.
 */
export function failedDelivery(this: IWebhookFunctions, error: unknown): IWebhookResponseData {
	if (this.getMode() === 'manual') throw error;
	const message = error instanceof Error ? error.message : String(error);
	this.logger.error(
		`Business Messaging Trigger could not take a delivery (500, delivered again by the platform): ${message}`,
		{ workflowId: this.getWorkflow().id, node: this.getNode().name },
	);
	const response = this.getResponseObject();
	if (!response.headersSent) response.status(500).send('The delivery could not be taken');
	return { noWebhookResponse: true };
}
