import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';
import { checkedId } from './fields/locators';

/**
 * Which business number sends an answer. A customer may write to any of the key's numbers, and
 * the 24 hours in which a number may answer freely count per number: an answer from another
 * number than the one the customer wrote to is refused (131047). So an empty Sender means the
 * number the customer wrote to, as the Business Messaging Trigger's item names it; a number the
 * user chose (from the list, by ID or by an expression) is used as chosen.
 */

/** The trigger's node type, without the package prefix n8n puts before it. */
const TRIGGER_TYPE_SUFFIX = '.businessMessagingTrigger';

export interface Sender {
	/** The phone number ID that sends. */
	phoneNumberId: string;
	/** The number the customer wrote to, when the item comes from the trigger. */
	customerWroteTo?: string;
}

/** `label` names the field in errors (Mark as Read calls it Phone Number). */
export function senderOf(this: IExecuteFunctions, itemIndex: number, label = 'Sender'): Sender {
	const node = this.getNode();
	const raw = this.getNodeParameter('phoneNumberId', itemIndex, '', { extractValue: true });
	const customerWroteTo = numberTheCustomerWroteTo(this, itemIndex);
	if (raw !== '' && raw !== undefined && raw !== null)
		return { phoneNumberId: checkedId(node, label, raw, itemIndex, true), customerWroteTo };
	if (customerWroteTo) return { phoneNumberId: customerWroteTo, customerWroteTo };
	throw new NodeOperationError(
		node,
		`${label} is empty, and the item does not come from a Business Messaging Trigger`,
		{
			itemIndex,
			description: `Pick the business number from the list. Left empty, ${label} is the number the customer wrote to, which only an item of the Business Messaging Trigger (or one made from it) names.`,
		},
	);
}

/**
 * The business number of the chat an item comes from: the trigger's `phoneNumberId`, on the item
 * itself, or on the trigger's item it was made from (an AI Agent's or a Set node's output keeps
 * n8n's link to it, its paired item). Undefined when the item has no such origin.
 */
export function numberTheCustomerWroteTo(
	context: IExecuteFunctions,
	itemIndex: number,
): string | undefined {
	const json = context.getInputData()[itemIndex]?.json ?? {};
	if (typeof json.eventType === 'string' && nonEmpty(json.phoneNumberId)) return json.phoneNumberId;
	let triggers: string[];
	try {
		triggers = context
			.getParentNodes(context.getNode().name)
			.filter((parent) => parent.type.endsWith(TRIGGER_TYPE_SUFFIX) && !parent.disabled)
			.map((parent) => parent.name);
	} catch {
		return undefined;
	}
	for (const name of triggers) {
		try {
			// `$(name).item` follows the paired items back; it throws when they do not lead there.
			const item = context.getWorkflowDataProxy(itemIndex).$(name).item as
				| { json?: Record<string, unknown> }
				| undefined;
			const phoneNumberId = item?.json?.phoneNumberId;
			if (nonEmpty(phoneNumberId)) return phoneNumberId;
		} catch {
			// Not this trigger's item: try the next one.
		}
	}
	return undefined;
}

function nonEmpty(value: unknown): value is string {
	return typeof value === 'string' && value.trim() !== '';
}
