import {
	type IDataObject,
	type IHookFunctions,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { takeDelivery } from './delivery/takeDelivery';
import { triggerProperties } from './description';
import { triggerOutputs } from './outputs';
import { createOverrides, deleteOverrides, overridesExist } from './numberOverrides';
import { phoneNumbers } from './numbers';
import { webhookCredentialTest } from './webhookCredentialTest';
import { resumeKeptBursts, stopKeptBursts } from './store/activation';
import { joinAppOnPublish, leaveApp } from './sharing/registration';
import { refuseApiKeyAsSecret } from './secretCheck';
import { storeProblemOf } from '../common/store/dataTables';
import { answerStoreOutage } from './store/storeOutage';
import { failedDelivery, refuseDelivery } from './refusal';
import { isVerification, verifyTokenOf } from './verify';

/** The canvas subtitle: the chosen Events by name ("Incoming Message, Message Status"). */
function eventsSubtitle(): string {
	const names = Object.fromEntries(
		(
			(triggerProperties.find((p) => p.name === 'events')?.options ?? []) as INodePropertyOptions[]
		).map((option) => [option.value, option.name]),
	);
	return `={{ [].concat($parameter["events"] || []).map((e) => (${JSON.stringify(names)})[e] || e).join(", ") }}`;
}

export class BusinessMessagingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Messaging Trigger',
		name: 'businessMessagingTrigger',
		icon: {
			light: 'file:../../icons/business-messaging.svg',
			dark: 'file:../../icons/business-messaging.dark.svg',
		},
		group: ['trigger'],
		// 1.1: the numbers are a field of their own, not two options (numberDescription.ts).
		// 1.2: refusals on an output of their own and reported by default; Signature by default,
		// its credential right under Authentication (description.ts).
		version: [1, 1.1, 1.2],
		subtitle: eventsSubtitle(),
		// n8n's nodes panel shows one entry for this trigger and the Business Messaging node, with
		// this description (generateMergedNodesAndActions): so it names what both do.
		description:
			'Starts a workflow on incoming WhatsApp messages, delivery and read receipts, calls and template updates; the Business Messaging node sends templates, texts and buttons and manages templates and catalogs',
		// Opened as is by n8n; a codex link would lose its #anchor (test/docsLinks.test.ts).
		documentationUrl:
			'https://github.com/n8n-nodes-business-messaging/n8n-nodes-business-messaging/blob/main/docs/guide/trigger.md#trigger',
		defaults: { name: 'Business Messaging Trigger' },
		inputs: [],
		outputs: `={{ (${triggerOutputs.toString()})($nodeVersion) }}`,
		// In the order the panel shows them: the delivery check's first, as it is the one each
		// trigger needs.
		credentials: [
			// The delivery check's secrets and the verify token: never node parameters, which n8n
			// stores in plain text and copies into every execution.
			{
				name: 'businessMessagingSignatureApi',
				required: true,
				testedBy: 'webhookCredentialTest',
				displayOptions: { show: { deliveryAuth: ['signature'] } },
			},
			{
				name: 'businessMessagingHeaderTokenApi',
				required: true,
				testedBy: 'webhookCredentialTest',
				displayOptions: { show: { deliveryAuth: ['headerToken'] } },
			},
			// Only to download media, to list the numbers and to send their events here on publish: a
			// trigger that does none of these needs none. It cannot be shown only then: a
			// credential's display is an AND of fields, and n8n refuses a hidden one to the node.
			{ name: 'businessMessagingApi', required: false },
			// n8n's API, where the trigger keeps its state in n8n's database (store/).
			{
				name: 'businessMessagingN8nApi',
				required: true,
				displayOptions: { show: { keepStateIn: ['database'] } },
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

	// Publishing registers nothing unless Numbers › Chosen Numbers, Sent Here asks for it
	// (numberOverrides.ts): otherwise the user registers the URL in the provider dashboard. It is
	// done with the GET webhook: n8n stores and creates the webhooks one by one, in this order, so
	// only when `setup` is created can the platform's check of the URL (a GET) be answered.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			// Activation, also when n8n starts: the trigger joins its app's triggers (sharing/), and
			// bursts kept in n8n's database that a stopped process left are closed from here
			// (store/activation.ts).
			async create(this: IHookFunctions): Promise<boolean> {
				await refuseApiKeyAsSecret.call(this);
				await joinAppOnPublish.call(this);
				await resumeKeptBursts.call(this);
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				stopKeptBursts.call(this);
				await leaveApp.call(this);
				return true;
			},
		},
		setup: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await overridesExist.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createOverrides.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteOverrides.call(this);
			},
		},
	};

	methods = {
		loadOptions: { phoneNumbers },
		credentialTest: { webhookCredentialTest },
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		try {
			if (this.getWebhookName() === 'setup') return await answerVerification.call(this);
			return await takeDelivery.call(this);
		} catch (error) {
			const problem = storeProblemOf(error);
			if (problem) return answerStoreOutage(this, problem, error as Error);
			return failedDelivery.call(this, error);
		}
	}
}

/** The GET of the URL: the provider's verification handshake, or a person opening the URL. */
async function answerVerification(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const query = this.getQueryData() as IDataObject;
	const verdict = isVerification(query, await verifyTokenOf(this));
	if (verdict === 'wrongToken')
		return refuseDelivery.call(
			this,
			403,
			'The verify token does not match',
			"The verification request's hub.verify_token does not match the Verify Token of the trigger's credential (Authentication › Signature or Header Token): enter there the token you entered in the provider dashboard",
		);
	if (verdict === 'badChallenge')
		return refuseDelivery.call(
			this,
			400,
			'The challenge is not of the shape the platform sends',
			"The verification request's hub.challenge is not 1 to 256 letters, digits, '-', '_', '.' or '~'; it was not echoed",
		);
	// Plain text that no browser sniffs into a page: the challenge is echoed as it came.
	const response = this.getResponseObject();
	response.setHeader('Content-Type', 'text/plain; charset=utf-8');
	response.setHeader('X-Content-Type-Options', 'nosniff');
	if (verdict === 'ok') response.status(200).send(String(query['hub.challenge']));
	else
		response
			.status(200)
			.send('This is a Business Messaging Trigger webhook: it takes POST deliveries');
	return { noWebhookResponse: true };
}
