import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { eventsOf, statusChosen, type TriggerEvent } from '../events';
import { refuseDelivery } from '../refusal';
import { authenticationProblem, type DeliveryAuth } from '../verify';
import { resumeWaiting } from '../waiting/resumeWaiting';
import { burstItem, collectBursts } from './bursts';
import { withBurstMedia, withMedia } from './media';
import { withoutRedeliveries } from './redeliveries';

/**
 * A POST delivery, in order: authenticated, read, redeliveries skipped (if chosen), answers
 * handed to waiting executions, the chosen events and numbers kept, bursts collected (if
 * chosen), files downloaded (if chosen), then one execution for what is left.
 */
export async function takeDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const request = this.getRequestObject();
	const problem = authenticationProblem(
		deliveryAuth(this),
		this.getHeaderData() as IDataObject,
		(request as { rawBody?: Buffer }).rawBody,
	);
	if (problem)
		return refuseDelivery.call(this, 401, 'The delivery could not be authenticated', problem);
	const delivered = eventsOf(this.getBodyData());
	if (!delivered)
		return refuseDelivery.call(
			this,
			400,
			'Expected the messaging webhook JSON: {"object":..., "entry":[{"changes":[...]}]}',
			'The body is not the messaging webhook JSON: {"object":..., "entry":[{"changes":[...]}]}',
		);

	const options = this.getNodeParameter('options', {}) as IDataObject;
	const trigger = `${String(this.getWorkflow().id)}|${this.getNode().id}|${this.getMode()}`;
	let events = delivered;
	let stateChanged = false;
	if (options.skipRedeliveries === true) {
		const taken = withoutRedeliveries(events, this.getWorkflowStaticData('node'), trigger);
		events = taken.fresh;
		stateChanged = taken.recorded;
	}
	// Answers to Send and Wait go to the executions that wait for them (waiting/resumeWaiting).
	const waiting = await resumeWaiting.call(this, events);
	stateChanged ||= waiting.stateChanged;
	const chosen = chosenEvents(this, waiting.events, options);
	const response = this.getResponseObject();
	if (chosen.length === 0) {
		// Received, but nothing the workflow wants: no execution.
		response.status(200).send('OK');
		return { noWebhookResponse: true };
	}

	const quietSeconds = Number(options.collectBursts);
	const bursting = options.collectBursts !== undefined && quietSeconds > 0;
	if (stateChanged || bursting) {
		// Answered before the execution starts: n8n 2.x saves a trigger's static data when it
		// answers, and would answer only once the execution is created, which marks the data
		// unchanged (the record would be lost); and a burst must not keep the platform waiting.
		response.status(200).end();
	}
	const binaryProperty = String(options.binaryPropertyName || 'data');
	const download = options.downloadMedia === true;
	const items: INodeExecutionData[] = [];
	if (bursting) {
		const messages = chosen.filter((e) => e.eventType === 'incomingMessage');
		// The delivery's other events wait with its bursts: one delivery, one execution.
		for (const event of chosen.filter((e) => e.eventType !== 'incomingMessage'))
			items.push(await itemOf.call(this, event, download, binaryProperty));
		const bursts = await collectBursts(trigger, messages, quietSeconds * 1000);
		for (const burst of bursts) {
			const item = burstItem(burst);
			items.push(download ? await withBurstMedia.call(this, item, binaryProperty) : { json: item });
		}
		// Its messages joined bursts opened by earlier deliveries: nothing starts here.
		if (items.length === 0) return { noWebhookResponse: true };
	} else {
		for (const event of chosen)
			items.push(await itemOf.call(this, event, download, binaryProperty));
	}
	return stateChanged || bursting
		? { noWebhookResponse: true, workflowData: [items] }
		: { workflowData: [items] };
}

async function itemOf(
	this: IWebhookFunctions,
	event: TriggerEvent,
	download: boolean,
	binaryProperty: string,
): Promise<INodeExecutionData> {
	return download && event.mediaId
		? await withMedia.call(this, event, binaryProperty)
		: { json: event as IDataObject };
}

/** The events the workflow takes: of the chosen kinds and statuses, for the chosen numbers. */
function chosenEvents(
	context: IWebhookFunctions,
	events: TriggerEvent[],
	options: IDataObject,
): TriggerEvent[] {
	const wanted = new Set(context.getNodeParameter('events', []) as string[]);
	const statuses = new Set(context.getNodeParameter('statuses', []) as string[]);
	const numbers = numberList(options.onlyNumbers);
	return events.filter(
		(e) =>
			wanted.has(e.eventType) &&
			(e.eventType !== 'messageStatus' || statusChosen(statuses, e.status)) &&
			// Events of the account (templates) name no number: they are for every number.
			(numbers.size === 0 || typeof e.phoneNumberId !== 'string' || numbers.has(e.phoneNumberId)),
	);
}

/** The IDs picked, or given by an expression as a list or a comma-separated text. */
function numberList(value: unknown): Set<string> {
	const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	return new Set(list.map((v) => String(v).trim()).filter((v) => v !== ''));
}

function deliveryAuth(context: IWebhookFunctions): DeliveryAuth {
	const mode = context.getNodeParameter('deliveryAuth', 'none') as string;
	if (mode === 'headerToken') {
		return {
			mode,
			header: String(context.getNodeParameter('headerName', '')),
			token: String(context.getNodeParameter('tokenValue', '')),
		};
	}
	if (mode === 'signature') {
		return {
			mode,
			header: String(context.getNodeParameter('signatureHeader', '')),
			secret: String(context.getNodeParameter('signatureSecret', '')),
		};
	}
	return { mode: 'none' };
}
