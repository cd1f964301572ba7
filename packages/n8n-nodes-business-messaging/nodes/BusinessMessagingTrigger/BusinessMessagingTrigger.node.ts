import {
	NodeConnectionTypes,
	type IDataObject,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { downloadMedia } from '../common/api/media';
import { binaryItem } from '../common/binary';
import { triggerProperties } from './description';
import { eventsOf, statusChosen, type TriggerEvent } from './events';
import { isAuthentic, isVerification, type DeliveryAuth } from './verify';
import { resumeWaiting } from './waiting/resumeWaiting';

export class BusinessMessagingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Messaging Trigger',
		name: 'businessMessagingTrigger',
		icon: {
			light: 'file:../../icons/business-messaging.svg',
			dark: 'file:../../icons/business-messaging.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["events"].join(", ") }}',
		description:
			'Starts a workflow on incoming messages, delivery and read receipts, and template status, category and quality updates',
		defaults: { name: 'Business Messaging Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'businessMessagingApi',
				required: true,
				displayOptions: { show: { '/options.downloadMedia': [true] } },
			},
		],
		webhooks: [
			// 200 with no body as soon as the delivery is taken (without responseData n8n answers the
			// literal text "firstEntryJson").
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: 'noData',
				path: 'webhook',
			},
			{ name: 'setup', httpMethod: 'GET', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: triggerProperties,
	};

	// The API has no call to register a webhook (spec 6): the user registers the URL in the
	// provider dashboard. So there is nothing to check, create or delete here.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const response = this.getResponseObject();
		const request = this.getRequestObject();
		if (this.getWebhookName() === 'setup') {
			const verdict = isVerification(
				this.getQueryData() as IDataObject,
				String(this.getNodeParameter('verifyToken', '')),
			);
			if (verdict === 'ok')
				response.status(200).send(String((this.getQueryData() as IDataObject)['hub.challenge']));
			else if (verdict === 'wrongToken')
				response.status(403).send('The verify token does not match');
			else
				response
					.status(200)
					.send('This is a Business Messaging Trigger webhook: it takes POST deliveries');
			return { noWebhookResponse: true };
		}

		if (
			!isAuthentic(
				deliveryAuth(this),
				this.getHeaderData() as IDataObject,
				(request as { rawBody?: Buffer }).rawBody,
			)
		) {
			response.status(401).send('The delivery could not be authenticated');
			return { noWebhookResponse: true };
		}
		const delivered = eventsOf(this.getBodyData());
		if (!delivered) {
			response
				.status(400)
				.send('Expected the messaging webhook JSON: {"object":..., "entry":[{"changes":[...]}]}');
			return { noWebhookResponse: true };
		}
		// Answers to Send and Wait go to the executions that wait for them (waiting/resumeWaiting).
		const { events, stateChanged } = await resumeWaiting.call(this, delivered);
		const wanted = new Set(this.getNodeParameter('events', []) as string[]);
		const statuses = new Set(this.getNodeParameter('statuses', []) as string[]);
		const chosen = events.filter(
			(e) =>
				wanted.has(e.eventType) &&
				(e.eventType !== 'messageStatus' || statusChosen(statuses, e.status)),
		);
		if (chosen.length === 0) {
			// Received, but nothing the workflow wants: no execution.
			response.status(200).send('OK');
			return { noWebhookResponse: true };
		}
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const items: INodeExecutionData[] = [];
		for (const event of chosen) {
			items.push(
				options.downloadMedia && event.mediaId
					? await withMedia.call(this, event, String(options.binaryPropertyName || 'data'))
					: { json: event as IDataObject },
			);
		}
		if (stateChanged) {
			// n8n 2.x saves a trigger's static data when it answers, and answers an execution's
			// delivery only once the execution is created, which marks the data unchanged: the open
			// questions would be lost. So the delivery is answered here, before.
			response.status(200).end();
			return { noWebhookResponse: true, workflowData: [items] };
		}
		return { workflowData: [items] };
	}
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

/** The event with its file; a failed download keeps the event and says why. */
async function withMedia(
	this: IWebhookFunctions,
	event: TriggerEvent,
	binaryProperty: string,
): Promise<INodeExecutionData> {
	// The download names the number that received the file: without it, nothing is asked.
	if (typeof event.phoneNumberId !== 'string' || event.phoneNumberId === '')
		return {
			json: {
				...(event as IDataObject),
				mediaError:
					'The delivery names no phone number ID (in its metadata), so the file was not downloaded',
			},
		};
	try {
		return await downloadMedia.call(
			this,
			{ mediaId: String(event.mediaId), phoneNumberId: event.phoneNumberId },
			{},
			async (download) =>
				await binaryItem.call(this, download, {
					binaryProperty,
					fileBase: String(event.mediaId),
					mimeType: typeof event.mimeType === 'string' ? event.mimeType : undefined,
					json: event as IDataObject,
				}),
		);
	} catch (error) {
		return { json: { ...(event as IDataObject), mediaError: (error as Error).message } };
	}
}
