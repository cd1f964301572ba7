import { createHmac } from 'crypto';
import { NodeHarness } from 'business-messaging-testing';
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { BusinessMessagingApi } from '../credentials/BusinessMessagingApi.credentials';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';
import { siblingWebhookUrl } from '../nodes/BusinessMessagingTrigger/delivery/burstHandOver';
import { eventsOf } from '../nodes/BusinessMessagingTrigger/events';
import { appOf } from '../nodes/BusinessMessagingTrigger/sharing/appRegistry';
import {
	SHARED_FRESH_MS,
	sharedBody,
	sharedOf,
	type SharedDelivery,
} from '../nodes/BusinessMessagingTrigger/sharing/sharedDelivery';
import {
	takenBy,
	takesFromText,
	type TriggerTakes,
} from '../nodes/BusinessMessagingTrigger/sharing/triggerTakes';
import { TRIGGER_TESTED_VERSION, webhookCredentials } from './harness';
import { customerMessage, EVERYTHING, messagesDelivery } from './triggerHarness';

/**
 * Several triggers on one app (sharing/): what each takes, how the app is named, and the hand-off
 * a trigger receives from the one the platform delivered to. The registry and the share-out go
 * through n8n's data tables: e2e/sharedApp.mjs runs them in a real n8n.
 */
const SECRET = 'app-secret-of-the-shared-app';
const HEADER = 'x-hub-signature-256';
const CUSTOMER = '14155550100';

const message = (id: string, type: string, content: IDataObject) =>
	customerMessage(id, type, content, CUSTOMER);
const platformDelivery = messagesDelivery({
	messaging_product: 'whatsapp',
	metadata: { display_phone_number: '15550001111', phone_number_id: 'pn-1' },
	contacts: [{ wa_id: CUSTOMER, profile: { name: 'Ann' } }],
	messages: [
		message('wamid.text', 'text', { text: { body: 'Hello' } }),
		message('wamid.order', 'order', {
			order: {
				catalog_id: 'catalog-1',
				product_items: [
					{ product_retailer_id: 'sku-1', quantity: 3, item_price: 1.1, currency: 'USD' },
				],
			},
		}),
		message('wamid.answer', 'text', { text: { body: 'Large' } }),
	],
	statuses: [
		{ id: 'wamid.sent', status: 'delivered', timestamp: '1764000000', recipient_id: CUSTOMER },
	],
});

const ordersHere = {
	events: ['incomingMessage'],
	statuses: [],
	options: { messageTypes: ['order'] },
};
const theRestThere = { ...EVERYTHING, options: { leaveOutMessageTypes: ['order'] } };

const trigger = (secrets = { secret: SECRET, signatureHeader: HEADER }) =>
	new NodeHarness({
		nodeType: new BusinessMessagingTrigger(),
		typeVersion: TRIGGER_TESTED_VERSION,
		typeName: 'n8n-nodes-business-messaging.businessMessagingTrigger',
		credentialType: new BusinessMessagingApi(),
		credentials: { baseUrl: 'http://127.0.0.1:9/v3', apiKey: 'trigger-test-key' },
		moreCredentials: webhookCredentials(secrets),
	});

const sign = (text: string, secret = SECRET) =>
	`sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;

/** The harness's trigger, as the registry names it (workflow|node|mode). */
const HARNESS_TRIGGER = 'test-workflow|node-under-test|webhook';
const handOff = (overrides: Partial<SharedDelivery> = {}): SharedDelivery => ({
	to: HARNESS_TRIGGER,
	from: { workflowId: 'wf-receiver', workflowName: 'Everything else' },
	sentAt: Date.now(),
	answered: ['wamid.answer'],
	delivery: JSON.stringify(platformDelivery),
	...overrides,
});

/** Posts `text` to a trigger with `parameters`, signed with `secret`: its answer and items. */
async function post(parameters: INodeParameters, text: string, secret = SECRET) {
	const { result, response } = await trigger().webhook({
		parameters: { ...parameters, deliveryAuth: 'signature' },
		body: JSON.parse(text) as IDataObject,
		rawBody: Buffer.from(text),
		headers: { [HEADER]: sign(text, secret), 'content-type': 'application/json' },
	});
	return {
		status: result.workflowData ? 200 : response.statusCode,
		items: (result.workflowData?.[0] ?? []).map((item) => item.json as IDataObject),
	};
}

/** What a trigger takes: nothing but what is given. */
const takes = (given: Partial<TriggerTakes>): TriggerTakes => ({
	events: [],
	statuses: [],
	messageTypes: [],
	leftOutTypes: [],
	numbers: [],
	sendHere: false,
	pausesForPerson: false,
	...given,
});

describe('several triggers on one app: what each takes', () => {
	const events = eventsOf(platformDelivery)!;

	it('orders here, the rest there, with two ticks: each message goes to exactly one', () => {
		const orders = takenBy(takes({ events: ['incomingMessage'], messageTypes: ['order'] }), events);
		const rest = takenBy(takes({ ...EVERYTHING, leftOutTypes: ['order'] }), events);
		expect(orders.map((e) => e.messageId)).toEqual(['wamid.order']);
		expect(rest.map((e) => e.messageId).sort()).toEqual([
			'wamid.answer',
			'wamid.sent',
			'wamid.text',
		]);
	});

	it('keeps to the numbers a trigger takes, and gives every number the account’s events', () => {
		expect(takenBy(takes({ ...EVERYTHING, numbers: ['pn-2'] }), events)).toEqual([]);
		expect(takenBy(takes({ ...EVERYTHING, numbers: ['pn-1'] }), events)).toHaveLength(4);
	});

	it('reads what a registry row says, and nothing else', () => {
		const written = takes({ events: ['incomingMessage'], sendHere: true });
		expect(takesFromText(JSON.stringify(written))).toEqual(written);
		// A row without leftOutTypes leaves nothing out (JSON.stringify drops an undefined key).
		expect(takesFromText(JSON.stringify({ ...written, leftOutTypes: undefined }))).toEqual(written);
		expect(takesFromText('{"events":"incomingMessage"}')).toBeUndefined();
		expect(takesFromText('not json')).toBeUndefined();
	});
});

describe('several triggers on one app: the app’s name', () => {
	const node = (credentials: INode['credentials']): INode => ({
		id: 'n',
		name: 'Business Messaging Trigger',
		type: 'n8n-nodes-business-messaging.businessMessagingTrigger',
		typeVersion: 1.1,
		position: [0, 0],
		parameters: {},
		credentials,
	});
	const signature = { mode: 'signature', header: HEADER, secret: SECRET } as const;
	const signedWith = (id: string) =>
		node({ businessMessagingSignatureApi: { id, name: 'The app' } });

	it('is the Authentication credential: one credential, one app, whatever its secret becomes', () => {
		expect(appOf(signedWith('cred-1'), signature)).toBe('signature:cred-1');
		expect(appOf(signedWith('cred-1'), { ...signature, secret: 'rotated' })).toBe(
			'signature:cred-1',
		);
		expect(appOf(signedWith('cred-2'), signature)).not.toBe(appOf(signedWith('cred-1'), signature));
	});

	it('is none for a trigger that checks nothing, or has no credential chosen', () => {
		expect(appOf(signedWith('cred-1'), { mode: 'none' })).toBeUndefined();
		expect(appOf(node({}), signature)).toBeUndefined();
		// A Header Token trigger is named by its own credential type's choice.
		expect(
			appOf(signedWith('cred-1'), { mode: 'headerToken', header: HEADER, token: SECRET }),
		).toBeUndefined();
	});

	it('writes nothing of the secret', () => {
		expect(appOf(signedWith('cred-1'), signature)).not.toContain(SECRET);
	});
});

describe('several triggers on one app: a hand-off received', () => {
	it('starts the workflow with the events it takes, read from the delivery as the platform sent it', async () => {
		const { status, items } = await post(ordersHere, sharedBody(handOff()));
		expect(status).toBe(200);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			eventType: 'incomingMessage',
			messageId: 'wamid.order',
			sharedBy: { workflowId: 'wf-receiver', workflowName: 'Everything else' },
		});
		expect((items[0].order as IDataObject).totals).toEqual([
			{ currency: 'USD', amount: 3.3, amountText: '3.3' },
		]);
	});

	it('leaves out the answers the trigger that received it handed to Send and Wait', async () => {
		const { items } = await post(theRestThere, sharedBody(handOff()));
		expect(items.map((i) => i.messageId).sort()).toEqual(['wamid.sent', 'wamid.text']);
	});

	it('starts nothing when it takes none of it', async () => {
		const textOnly = messagesDelivery({
			messaging_product: 'whatsapp',
			metadata: { display_phone_number: '15550001111', phone_number_id: 'pn-1' },
			messages: [message('wamid.text', 'text', { text: { body: 'Hello' } })],
		});
		const { status, items } = await post(
			ordersHere,
			sharedBody(handOff({ delivery: JSON.stringify(textOnly) })),
		);
		expect(items).toEqual([]);
		expect(status).toBe(200);
	});

	it('refuses a hand-off signed with another secret (401), and starts nothing', async () => {
		const { status, items } = await post(ordersHere, sharedBody(handOff()), 'another-app');
		expect(status).toBe(401);
		expect(items).toEqual([]);
	});

	it('refuses a replayed hand-off, older than 10 minutes (400)', async () => {
		const old = handOff({ sentAt: Date.now() - SHARED_FRESH_MS - 1000 });
		const { status, items } = await post(ordersHere, sharedBody(old));
		expect(status).toBe(400);
		expect(items).toEqual([]);
		expect(sharedOf(JSON.parse(sharedBody(old)) as IDataObject)).toBe('stale');
	});

	it('refuses a hand-off addressed to another trigger (400): a replay to a trigger it was not for', async () => {
		const { status, items } = await post(
			ordersHere,
			sharedBody(handOff({ to: 'another-workflow|its-node|webhook' })),
		);
		expect(status).toBe(400);
		expect(items).toEqual([]);
	});

	it('refuses a hand-off of another shape (400)', async () => {
		const malformed = JSON.stringify({
			object: 'n8n-nodes-business-messaging.shared',
			delivery: 1,
		});
		const { status } = await post(ordersHere, malformed);
		expect(status).toBe(400);
		expect(sharedOf(JSON.parse(malformed) as IDataObject)).toBe('malformed');
	});
});

describe('several triggers on one app: where a hand-off goes', () => {
	const own = 'https://n8n.example.com/webhook/0b7c-own/webhook';

	it('to the receiver’s webhook on this n8n’s own address', () => {
		expect(siblingWebhookUrl(own, '0b7c-own', '9f1e-other')).toBe(
			'https://n8n.example.com/webhook/9f1e-other/webhook',
		);
	});

	it('nowhere when this trigger’s own URL is not of n8n’s shape', () => {
		expect(siblingWebhookUrl(own, 'another-id', '9f1e-other')).toBeUndefined();
	});
});
