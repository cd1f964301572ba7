// In the served n8n: the trigger with real sandbox events. A forged delivery, an incoming message,
// a template approval and receipts, and a tap on the reply buttons the action flow sent.
import { assert, check, executionsOf, savedOutput, waitFor } from '../checks.mjs';
import { triggerNode, workflowJson } from '../../tools/n8n/index.mjs';

/** The signing secret of the trigger workflow (its webhook credential). */
export const TRIGGER_SECRET = 'e2e-signing-secret';
const webhookId = 'bm-e2e-trigger';
const webhookCredential = { id: 'bmE2eWebhookSig1', name: 'e2e trigger webhook' };
/** The trigger's webhook path: n8n serves the workflows once it answers (see startRegularMode). */
export const TRIGGER_PATH = `${webhookId}/webhook`;

const flow = workflowJson({
	id: 'bmE2eTriggerFlow',
	name: 'e2e: trigger',
	nodes: [
		triggerNode(
			webhookId,
			{ events: ['incomingMessage', 'messageStatus', 'templateStatus'], deliveryAuth: 'signature' },
			{ id: 'bmE2eTrigger', credentials: { businessMessagingSignatureApi: webhookCredential } },
		),
	],
});

/** With n8n stopped: imports the trigger workflow and its webhook credential, to be published when n8n starts. */
export function importTriggerWorkflow({ n8n }) {
	n8n.importWebhookCredential(TRIGGER_SECRET, { as: webhookCredential });
	n8n.importActiveWorkflows([flow]);
}

/**
 * Points the sandbox's webhook at the trigger, has the sandbox deliver real events, and counts
 * the executions n8n recorded.
 */
export async function triggerFlow(context) {
	const { base, cookie, post } = context;
	const hook = `${base}/webhook/${TRIGGER_PATH}`;
	const executions = () => executionsOf(base, cookie, flow.id);
	/** Until `count` executions have finished (n8n answers on receipt, before they end). */
	const untilFinished = (count, what) =>
		waitFor(
			async () => {
				const list = await executions();
				return (
					list.length >= count &&
					list.every((e) => !['new', 'running', 'waiting'].includes(e.status))
				);
			},
			30_000,
			what,
		);
	// The action flows' receipts come due first, with no webhook to go to: the trigger counts
	// only the events below.
	await post('/clock/advance', { minutes: 1 });
	await post('/webhook', { url: hook, secret: TRIGGER_SECRET });
	await post('/config', { receiptDelaysMs: { sent: 0, delivered: 0, read: 0 } });
	const t = { ...context, hook, executions, untilFinished };
	for (const step of [forgedRefused, realEventsRun, buttonTapArrives]) await step(t);
}

/** A delivery with a wrong signature: 401, and nothing starts. */
async function forgedRefused({ hook, executions }) {
	await check(
		'the trigger in n8n: a forged delivery is refused (401) and starts nothing',
		async () => {
			const response = await fetch(hook, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'x-hub-signature-256': 'sha256=' + '0'.repeat(64),
				},
				body: JSON.stringify({ object: 'x', entry: [] }),
			});
			assert(response.status === 401, `answered ${response.status}`);
			assert((await executions()).length === 0, 'an execution was started');
		},
	);
}

/** A message, a template decision and receipts, each delivered by the sandbox, each one execution. */
async function realEventsRun({ sandbox, control, post, executions, untilFinished }) {
	await check(
		'the trigger in n8n: an incoming message, a template approval and three receipts start 5 executions',
		async () => {
			await post('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: '14155550100',
				type: 'image',
			});
			const pending = (await control('/templates')).data.find((t) => t.status === 'PENDING');
			await post(`/templates/${pending.id}/review`, { outcome: 'APPROVED' });
			const hello = (await control('/templates')).data.find((t) => t.name === 'hello_world');
			const sent = await fetch(`${sandbox.baseUrl}/${sandbox.phoneNumberIds[0]}/messages`, {
				method: 'POST',
				headers: { apikey: sandbox.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({
					messaging_product: 'whatsapp',
					to: '14155550100',
					type: 'template',
					template: { name: hello.name, language: { code: 'en_US' } },
				}),
			});
			assert(sent.ok, `send answered ${sent.status}`);
			// n8n answers on receipt: wait until the executions have finished, not just started.
			await untilFinished(5, '5 finished executions');
			const list = await executions();
			assert(list.length === 5, `${list.length} executions`);
			assert(
				list.every((e) => e.status === 'success'),
				`statuses ${list.map((e) => e.status)}`,
			);
			const deliveries = (await control('/webhook/deliveries')).data;
			assert(
				deliveries.length === 5 &&
					deliveries.every((d) => d.status === 'delivered' && d.attempts === 1),
				`deliveries ${JSON.stringify(deliveries.map((d) => [d.status, d.lastStatus]))}`,
			);
		},
	);
}

/** A tap on the buttons run.mjs's action flow sent: the button's ID and the message it answers. */
async function buttonTapArrives({
	sandbox,
	post,
	base,
	cookie,
	buttonsSent,
	executions,
	untilFinished,
}) {
	await check(
		'the trigger in n8n: a tap on a reply button arrives with the button’s ID and the message it answers',
		async () => {
			assert(buttonsSent.messageId, 'Send Buttons sent nothing to tap');
			const tap = await post('/incoming', {
				phone_number_id: sandbox.phoneNumberIds[0],
				from: buttonsSent.customer,
				type: 'interactive',
				reply_to: buttonsSent.messageId,
				button_id: 'deliver-later',
			});
			if (!tap.ok) throw new Error(`the sandbox refused the tap: ${await tap.text()}`);
			await untilFinished(6, 'the tap’s execution');
			const [latest] = await executions();
			assert(latest.status === 'success', `execution ${latest.id}: ${latest.status}`);
			const [item] = await savedOutput(base, cookie, latest.id, 'Business Messaging Trigger');
			assert(
				item?.messageType === 'interactive' &&
					item.reply?.id === 'deliver-later' &&
					item.reply.title === 'Later' &&
					item.replyTo === buttonsSent.messageId,
				`trigger item: ${JSON.stringify(item)}`,
			);
		},
	);
}
