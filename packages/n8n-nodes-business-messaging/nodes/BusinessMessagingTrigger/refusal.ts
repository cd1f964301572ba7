import {
	NodeOperationError,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

/**
 * A delivery the trigger refuses. A refusal used to be silent: the provider got its 401 and the
 * workflow just never started, the most reported trigger problem. Now the reason is in n8n's log
 * (production), and while the trigger is tested in the editor it stops the test as the
 * trigger's error, where the user is looking. In production no execution is created: anyone can
 * post to the URL, and each refusal would otherwise be a failed execution and a run of the error
 * workflow.
 */
export function refuseDelivery(
	this: IWebhookFunctions,
	status: number,
	answer: string,
	reason: string,
): IWebhookResponseData {
	if (this.getMode() === 'manual') {
		// n8n then answers the provider 500 and shows this error on the trigger.
		throw new NodeOperationError(this.getNode(), `The delivery was refused: ${reason}`, {
			description: `In production the provider gets ${status} (${answer}) and the reason is logged by n8n; no execution starts.`,
		});
	}
	this.logger.warn(`Business Messaging Trigger refused a delivery (${status}): ${reason}`, {
		workflowId: this.getWorkflow().id,
		node: this.getNode().name,
	});
	this.getResponseObject().status(status).send(answer);
	return { noWebhookResponse: true };
}
