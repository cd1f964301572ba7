import { NodeHarness } from 'business-messaging-testing';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { BusinessMessagingApi } from '../credentials/BusinessMessagingApi.credentials';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { TRIGGER_TESTED_VERSION } from './harness';

/**
 * Deliveries straight to the trigger's webhook on n8n's WebhookContext, without a sandbox: the
 * trigger calls the API only to download media, which these deliveries leave off.
 */
const trigger = () =>
	new NodeHarness({
		nodeType: new BusinessMessagingTrigger(),
		typeVersion: TRIGGER_TESTED_VERSION,
		typeName: 'n8n-nodes-business-messaging.businessMessagingTrigger',
		credentialType: new BusinessMessagingApi(),
		credentials: { baseUrl: 'http://127.0.0.1:9/v3', apiKey: 'trigger-test-key' },
	});

/** Every event and every status chosen. */
export const EVERYTHING = {
	events: [
		'accountAlert',
		'accountUpdate',
		'call',
		'contactSync',
		'error',
		'history',
		'incomingMessage',
		'marketingPreference',
		'messageEcho',
		'messageStatus',
		'other',
		'templateCategory',
		'templateComponents',
		'templateQuality',
		'templateStatus',
		'userIdUpdate',
	],
	statuses: ['delivered', 'failed', 'other', 'played', 'read', 'sent'],
};

/** `raw`: the delivery's text, when it says more than `body` (numbers JSON.parse rounds). */
export async function deliver(
	body: unknown,
	parameters: INodeParameters = EVERYTHING,
	raw?: string,
) {
	const { result, response } = await trigger().webhook({
		parameters,
		body,
		...(raw === undefined ? {} : { rawBody: Buffer.from(raw) }),
	});
	return {
		// n8n answers (200) a delivery that starts a run; the node answers the others itself.
		status: result.workflowData ? 200 : response.statusCode,
		items: (result.workflowData?.[0] ?? []).map((item) => item.json as IDataObject),
	};
}

/** A delivery of one change of the messages field, in the platform's envelope. */
export function messagesDelivery(value: IDataObject): IDataObject {
	return {
		object: 'whatsapp_business_account',
		entry: [{ id: 'waba-1', changes: [{ field: 'messages', value }] }],
	};
}

/** A customer's message of `type` with its `content`, as the messages field holds it. */
export const customerMessage = (
	id: string,
	type: string,
	content: IDataObject,
	from = '14155550100',
): IDataObject => ({ from, id, timestamp: '1764000000', type, ...content });
