import {
	NodeOperationError,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import type { StoreProblem } from '../../common/store/dataTables';

/**
 * A delivery the store could not take: 503, never 200, so that the platform delivers it again
 * once n8n's database answers. n8n's log says so once a minute per problem, not once a delivery
 * (an outage under load would be thousands of lines). In the editor's test it is the trigger's
 * error.
 */
const COMPLAIN_EVERY_MS = 60_000;
const lastComplaint = new Map<string, { at: number; since: number }>();

export function answerStoreOutage(
	context: IWebhookFunctions,
	problem: StoreProblem,
	error: Error,
	now = Date.now(),
): IWebhookResponseData {
	if (context.getMode() === 'manual')
		throw new NodeOperationError(context.getNode(), `The trigger's state store: ${error.message}`);
	const last = lastComplaint.get(problem);
	if (!last || now - last.at >= COMPLAIN_EVERY_MS) {
		const since =
			last && last.since > 0
				? ` (${last.since} more deliveries answered 503 since the last line)`
				: '';
		context.logger.error(
			`Business Messaging Trigger answered 503 (the platform delivers again): its state in n8n's database cannot be used: ${error.message}${since}`,
			{
				workflowId: context.getWorkflow().id,
				node: context.getNode().name,
				problem,
			},
		);
		lastComplaint.set(problem, { at: now, since: 0 });
	} else last.since++;
	const response = context.getResponseObject();
	if (!response.headersSent)
		response.status(503).send('The trigger cannot keep this delivery now: deliver again later');
	return { noWebhookResponse: true };
}
