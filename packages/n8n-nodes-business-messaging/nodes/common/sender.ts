import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';
import { checkedId } from './parameters';

/**
 * Which business number sends an answer. A customer may write to any of the key's numbers, and
 * the 24 hours in which a number may answer freely count per number: an answer from another
 * number than the one the customer wrote to is refused (131047). So an empty Sender means the
 * number the customer wrote to, as the Business Messaging Trigger's item names it; a number the
 * user chose (from the list, by ID or by an expression) is used as chosen.
 */

/** The `eventType` of the trigger's Report Refusals item (refusalReport.ts makes it). */
export const REFUSAL_EVENT = 'refusal';

/** The trigger's node type, without the package prefix n8n puts before it. */
const TRIGGER_TYPE_SUFFIX = '.businessMessagingTrigger';
/**
 * n8n's trigger of a sub-workflow. A workflow that routes the trigger's events (one app, several
 * workflows) hands each item over as it came, so the sub-workflow's items name the chat too.
 */
const SUB_WORKFLOW_TRIGGER_TYPE = 'n8n-nodes-base.executeWorkflowTrigger';

/** The chat a trigger's item names: the business number, and the customer's identities. */
export interface TriggerChat {
	phoneNumberId: string;
	/** Their number and user ID as the trigger gives them (`from`, `sendTo`, `userId`, `waId`). */
	customers: string[];
	/** The customer's message, when the item is one (the last of a burst): what a typing indicator answers. */
	messageId?: string;
}

export interface Sender {
	/** The phone number ID that sends. */
	phoneNumberId: string;
	/**
	 * The chat of the trigger's item the input comes from, if any. Looked up only when asked (a
	 * chosen Sender asks only to explain a refusal): a campaign of 10,000 items pays nothing.
	 */
	triggerChat: () => TriggerChat | undefined;
}

/** `label` names the field in errors (Mark as Read calls it Phone Number). */
export function senderOf(this: IExecuteFunctions, itemIndex: number, label = 'Sender'): Sender {
	const node = this.getNode();
	const raw = this.getNodeParameter('phoneNumberId', itemIndex, '', { extractValue: true });
	const triggerChat = () => triggerChatOf(this, itemIndex);
	if (raw !== '' && raw !== undefined && raw !== null)
		return { phoneNumberId: checkedId(node, label, raw, itemIndex, true), triggerChat };
	const chat = triggerChat();
	if (chat) return { phoneNumberId: chat.phoneNumberId, triggerChat: () => chat };
	// The trigger's Report Refusals item reached a node meant for messages: say so, not "not from
	// the trigger" (it is from the trigger).
	if (this.getInputData()[itemIndex]?.json?.eventType === REFUSAL_EVENT)
		throw new NodeOperationError(
			node,
			`${label} is empty, and the item is the trigger's refusal report (Report Refusals), not a customer's message`,
			{
				itemIndex,
				description:
					'The Business Messaging Trigger sends a summary of the deliveries it refused down the same output as the messages. Put an If (or Switch) on eventType before this node, so that only messages (eventType "incomingMessage") reach it, and the refusal reports go to an alert.',
			},
		);
	throw new NodeOperationError(
		node,
		`${label} is empty, and the item does not come from a Business Messaging Trigger`,
		{
			itemIndex,
			description: `Pick the business number from the list. Left empty, ${label} is the number the customer wrote to, which only an item of the Business Messaging Trigger (or one made from it) names. As an AI agent's tool, give ${label} (e.g. the trigger's phoneNumberId, or let the model fill it).`,
		},
	);
}

/** The trigger nodes above a node, found once per run (the workflow does not change within it). */
const triggersOfRun = new WeakMap<object, string[]>();

function triggersAbove(context: IExecuteFunctions): string[] {
	let names = triggersOfRun.get(context);
	if (names) return names;
	try {
		names = context
			.getParentNodes(context.getNode().name)
			.filter(
				(parent) =>
					(parent.type.endsWith(TRIGGER_TYPE_SUFFIX) ||
						parent.type === SUB_WORKFLOW_TRIGGER_TYPE) &&
					!parent.disabled,
			)
			.map((parent) => parent.name);
	} catch {
		names = [];
	}
	triggersOfRun.set(context, names);
	return names;
}

/**
 * The chat an item comes from: the trigger's item itself, or the trigger's item it was made from
 * (an AI Agent's or a Set node's output keeps n8n's link to it, its paired item), also in a
 * sub-workflow the trigger's item was handed to. Undefined when the item has no such origin.
 */
export function triggerChatOf(
	context: IExecuteFunctions,
	itemIndex: number,
): TriggerChat | undefined {
	const json = context.getInputData()[itemIndex]?.json ?? {};
	const own = chatOf(json);
	if (own) return own;
	for (const name of triggersAbove(context)) {
		try {
			// `$(name).item` follows the paired items back; it throws when they do not lead there.
			const item = context.getWorkflowDataProxy(itemIndex).$(name).item as
				| { json?: Record<string, unknown> }
				| undefined;
			const chat = item?.json ? chatOf(item.json) : undefined;
			if (chat) return chat;
		} catch {
			// Not this trigger's item: try the next one.
		}
	}
	return undefined;
}

/** The chat of an item the trigger made: every such item has `eventType`, a chat's has `phoneNumberId`. */
function chatOf(json: Record<string, unknown>): TriggerChat | undefined {
	if (typeof json.eventType !== 'string' || !nonEmpty(json.phoneNumberId)) return undefined;
	const customers = [json.from, json.sendTo, json.userId, json.waId].filter(nonEmpty);
	const messageId =
		json.eventType === 'incomingMessage' && nonEmpty(json.messageId) ? json.messageId : undefined;
	return { phoneNumberId: json.phoneNumberId, customers, ...(messageId ? { messageId } : {}) };
}

function nonEmpty(value: unknown): value is string {
	return typeof value === 'string' && value.trim() !== '';
}
