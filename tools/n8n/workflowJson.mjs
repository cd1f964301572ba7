// Workflow JSON as n8n imports it, written once for every run (e2e, bench): a workflow of nodes
// in a row, each feeding the next, and the nodes the runs use.
import { SANDBOX_CREDENTIAL, WEBHOOK_CREDENTIAL } from './home.mjs';

export const ACTION_TYPE = 'n8n-nodes-business-messaging.businessMessaging';
export const TRIGGER_TYPE = 'n8n-nodes-business-messaging.businessMessagingTrigger';

/**
 * A workflow (unpublished) of `nodes` in a row, each feeding the next, laid out left to right.
 * A node gives at least `name` and `type`; its `id` defaults to `<workflow id>-<place>`, its
 * `typeVersion` to 1 and its `parameters` to none.
 */
export function workflowJson({ id, name, nodes }) {
	const laid = nodes.map((node, i) => ({
		id: `${id}-${i}`,
		typeVersion: 1,
		position: [220 * i, 0],
		parameters: {},
		...node,
	}));
	const connections = Object.fromEntries(
		laid
			.slice(0, -1)
			.map((from, i) => [
				from.name,
				{ main: [[{ node: laid[i + 1].name, type: 'main', index: 0 }]] },
			]),
	);
	return { id, name, active: false, settings: { executionOrder: 'v1' }, connections, nodes: laid };
}

/** The Business Messaging node with the sandbox's credential. */
export function actionNode(parameters, { name = 'Business Messaging', ...node } = {}) {
	return {
		name,
		type: ACTION_TYPE,
		credentials: { businessMessagingApi: SANDBOX_CREDENTIAL },
		parameters,
		...node,
	};
}

/** The Business Messaging Trigger at its webhook ID. */
export function triggerNode(
	webhookId,
	parameters,
	{ name = 'Business Messaging Trigger', ...node } = {},
) {
	return { name, type: TRIGGER_TYPE, webhookId, parameters, ...node };
}

/** n8n's Webhook node, POST at `path`: answers at once, or (`lastNode`) with the last node's items. */
export function webhookNode(path, { webhookId, responseMode = 'onReceived' } = {}) {
	return {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: webhookId ?? path,
		parameters: {
			httpMethod: 'POST',
			path,
			responseMode,
			...(responseMode === 'lastNode' ? { responseData: 'allEntries' } : {}),
			options: {},
		},
	};
}

/**
 * A workflow of the trigger alone, taking customers' messages signed with WEBHOOK_CREDENTIAL's
 * secret, with Collect Bursts (`quietSeconds`) and Skip Redeliveries keeping its state in n8n's
 * database through `stateCredential` (the store runs, e2e/store.mjs and e2e/storeScale.mjs);
 * `events` and `options` go beside those. Triggers with the same `webhookCredential` are of one
 * app and share its deliveries (e2e/sharedApp.mjs); another credential makes another app.
 */
export function storeTriggerWorkflow({
	id,
	name,
	webhookId,
	stateCredential,
	quietSeconds,
	events = ['incomingMessage'],
	options = {},
	webhookCredential = WEBHOOK_CREDENTIAL,
}) {
	return workflowJson({
		id,
		name,
		nodes: [
			triggerNode(
				webhookId,
				{
					events,
					deliveryAuth: 'signature',
					keepStateIn: 'database',
					options: { collectBursts: quietSeconds, skipRedeliveries: true, ...options },
				},
				{
					typeVersion: 1.1,
					credentials: {
						businessMessagingSignatureApi: webhookCredential,
						businessMessagingN8nApi: stateCredential,
					},
				},
			),
		],
	});
}
