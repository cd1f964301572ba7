import {
	NodeOperationError,
	type IDataObject,
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
	const report = refusalReport(this, status, reason);
	// The provider has its refusal; the report is an execution of its own, never the delivery's.
	return report
		? { noWebhookResponse: true, workflowData: [[{ json: report }]] }
		: { noWebhookResponse: true };
}

/** At most one report a minute per trigger; the refusals in between are counted in the next. */
const REPORT_EVERY_MS = 60_000;
/** What this process reported last, per trigger: when, and what was refused since. */
const reported = new Map<string, { at: number; since: number; firstSince?: number }>();

/** What to do about each refusal Report Refusals sends, by the status the provider got. */
const FIXES: Record<number, string> = {
	400: 'Only the platform’s webhook deliveries are taken ({"object", "entry": [{"changes": […]}]}): check what calls this URL.',
	401: 'Make the Authentication credential of the trigger hold the secret (or header name and token) set in the provider dashboard.',
	403: 'Set the trigger credential’s Verify Token to the token entered in the provider dashboard.',
};

/**
 * Options › Report Refusals: the item that tells the workflow a delivery was refused, or
 * undefined (off, a 5xx, which the platform delivers again and which must start nothing, or a
 * report less than a minute ago). `now` is for tests.
 */
export function refusalReport(
	context: IWebhookFunctions,
	status: number,
	reason: string,
	now = Date.now(),
): IDataObject | undefined {
	if (status >= 500 || !FIXES[status]) return undefined;
	let on = false;
	try {
		on = (context.getNodeParameter('options', {}) as IDataObject).reportRefusals === true;
	} catch (error) {
		// Options that cannot be read report nothing: the refusal is in n8n's log already.
		context.logger.debug(`Report Refusals could not be read: ${(error as Error).message}`);
	}
	if (!on) return undefined;
	const key = `${String(context.getWorkflow().id)}|${context.getNode().id}`;
	const last = reported.get(key);
	if (last && now - last.at < REPORT_EVERY_MS) {
		last.since += 1;
		last.firstSince ??= now;
		return undefined;
	}
	reported.set(key, { at: now, since: 0 });
	return {
		eventType: 'refusal',
		status,
		reason,
		fix: FIXES[status],
		at: new Date(now).toISOString(),
		// Refused since the last report and not reported one by one.
		refusedBefore: last?.since ?? 0,
		...(last?.firstSince !== undefined
			? { refusedBeforeSince: new Date(last.firstSince).toISOString() }
			: {}),
	};
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
