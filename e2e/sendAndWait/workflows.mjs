// The Send and Wait suite's workflows (e2e/sendAndWait.mjs): its trigger, and one workflow per
// question or wait, each a Webhook node at its path, the node ("Ask"), then "After".
import { actionNode, triggerNode, webhookNode, workflowJson } from '../../tools/n8n/index.mjs';

export const CUSTOMER = '14155550188';
/** A manager asked for approvals, who has not written to the business: no window is open. */
export const MANAGER = '14155550177';
/** A customer with a username, known only by their user ID. */
export const USERNAME_CUSTOMER = 'US.20260000000000000188';
export const SECRET = 'e2e-wait-signing-secret';
export const TRIGGER_ID = 'bm-wait-trigger';
/** The trigger's signing credential: its own, so that the suite shares an n8n with others. */
export const WEBHOOK_CREDENTIAL = { id: 'bmWaitWebhookSig', name: 'e2e wait: trigger webhook' };
/** With `--state database`: the trigger's State Store credential (n8n's API, a key made at start). */
export const STATE_CREDENTIAL = { id: 'bmWaitStateStore', name: 'e2e wait: trigger state' };

/** A workflow: a Webhook node at `path`, then the node ("Ask") with `parameters`, then "After". */
function nodeFlow(id, path, parameters) {
	return workflowJson({
		id,
		name: `e2e wait: ${path}`,
		nodes: [
			{ ...webhookNode(path, { webhookId: `${id}-hook` }), id: `${id}-hook` },
			actionNode(parameters, { id: `${id}-ask`, name: 'Ask' }),
			{ id: `${id}-after`, name: 'After', type: 'n8n-nodes-base.noOp' },
		],
	});
}

/**
 * Every workflow of the suite, by name. `state` is where the trigger keeps its open questions:
 * `process` (its default) or `database` (n8n's data tables, through STATE_CREDENTIAL).
 */
export function waitWorkflows(sandbox, state = 'process') {
	const inDatabase = state === 'database';
	const number = { __rl: true, mode: 'list', value: sandbox.phoneNumberIds[0] };
	/** A Send and Wait question to the customer from the first number. */
	const askFlow = (id, path, parameters) =>
		nodeFlow(id, path, {
			resource: 'message',
			operation: 'sendAndWait',
			phoneNumberId: number,
			recipient: `+${CUSTOMER}`,
			...parameters,
		});
	return {
		trigger: workflowJson({
			id: 'bmWaitTrigger001',
			name: 'e2e wait: trigger',
			nodes: [
				triggerNode(
					TRIGGER_ID,
					{
						events: ['incomingMessage', 'messageStatus', 'templateStatus'],
						deliveryAuth: 'signature',
						...(inDatabase ? { keepStateIn: 'database' } : {}),
					},
					{
						id: 'bmWaitTrigger',
						credentials: {
							businessMessagingSignatureApi: WEBHOOK_CREDENTIAL,
							...(inDatabase ? { businessMessagingN8nApi: STATE_CREDENTIAL } : {}),
						},
					},
				),
			],
		}),
		...questionFlows(askFlow),
		...otherWaits(sandbox, number),
	};
}

/** The questions, each a Send and Wait of its kind. */
function questionFlows(askFlow) {
	return {
		approval: askFlow('bmWaitApproval01', 'ask-approval', {
			responseType: 'approval',
			bodyText: 'Refund of 25.00 EUR for order #5005: approve?',
			headerType: 'text',
			headerText: 'Refund request',
			limitType: 'afterInterval',
			limitAmount: 1,
			limitUnit: 'hours',
		}),
		choice: askFlow('bmWaitChoice0001', 'ask-choice', {
			responseType: 'choice',
			bodyText: 'When should we deliver order #5005?',
			choices: {
				choice: [
					{ title: 'Monday morning', value: 'mon-am' },
					{ title: 'Monday afternoon', value: 'mon-pm' },
					{ title: 'Tuesday morning', value: 'tue-am', description: '8:00 to 12:00' },
					{ title: 'Tuesday afternoon', value: 'tue-pm' },
				],
			},
			listButton: 'Pick a slot',
		}),
		templateApproval: askFlow('bmWaitTemplate01', 'ask-template', {
			responseType: 'approval',
			recipient: `+${MANAGER}`,
			askWith: 'template',
			fallbackTemplate: { __rl: true, mode: 'name', value: 'approval_request (en_US)' },
			fallbackVariables: {
				mappingMode: 'defineBelow',
				value: { body_1: 'Refund of 25.00 EUR for order #5005' },
			},
			limitType: 'afterInterval',
			limitAmount: 1,
			limitUnit: 'hours',
		}),
		form: askFlow('bmWaitForm000001', 'ask-form', {
			responseType: 'form',
			bodyText: 'Pick a time for your visit',
			flow: { __rl: true, mode: 'name', value: 'book_appointment' },
			flowButtonText: 'Book a visit',
			flowScreen: 'APPOINTMENT',
			flowScreenDataInput: 'fields',
			flowScreenData: { field: [{ name: 'name', value: 'Lea' }] },
		}),
		freeText: askFlow('bmWaitFreeText01', 'ask-free-text', {
			responseType: 'freeText',
			bodyText: 'What should we write on the gift card?',
		}),
		freeTextByUserId: askFlow('bmWaitFreeTextU1', 'ask-free-text-user', {
			responseType: 'freeText',
			bodyText: 'Which name goes on the mug?',
			recipient: USERNAME_CUSTOMER,
		}),
		limit: askFlow('bmWaitLimit00001', 'ask-limit', {
			responseType: 'approval',
			bodyText: 'Nobody will answer this one in time.',
			limitType: 'afterInterval',
			limitAmount: 0.05,
			limitUnit: 'minutes',
		}),
		page: askFlow('bmWaitPage000001', 'ask-page', {
			responseType: 'approval',
			answerThrough: 'page',
			bodyText: 'Approve the quote of 120.00 EUR?',
			linkButtonText: 'Open the quote',
		}),
	};
}

/** The other waits: a receipt, and a template's review. */
function otherWaits(sandbox, number) {
	return {
		receipt: nodeFlow('bmWaitReceipt001', 'send-receipt', {
			resource: 'message',
			operation: 'sendText',
			phoneNumberId: number,
			recipient: `+${CUSTOMER}`,
			text: 'Your order #5005 has shipped.',
			options: { waitForReceipt: 'read', receiptWaitMinutes: 5 },
		}),
		review: nodeFlow('bmWaitReview0001', 'create-template', {
			resource: 'template',
			operation: 'create',
			businessAccountId: { __rl: true, mode: 'id', value: sandbox.businessAccountId },
			name: '={{ $json.body.name }}',
			language: 'en_US',
			category: 'UTILITY',
			content: 'json',
			componentsJson: JSON.stringify([
				{ type: 'BODY', text: 'Hello {{1}}', example: { body_text: [['Maria']] } },
			]),
			waitForReview: true,
			reviewWaitMinutes: 2,
		}),
	};
}
