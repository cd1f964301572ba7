import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { flowFields } from '../../../common/fields/flow';
import { flowContent, readFlowFields } from '../../../common/messages/flow';
import { interactiveFrame } from '../../../common/messages/interactive';
import {
	bodyTextField,
	headerFooterFields,
	TEXT_HEADER_KINDS,
} from '../../../common/fields/interactive';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatAddress, chatSendDescription, sendInChat } from './chatSend';

export const description = chatSendDescription('sendFlow', [
	...flowFields,
	bodyTextField(LIMITS.interactiveBody, 'e.g. Pick a time for your visit.'),
	// A flow message's header is text only (API.md, "WhatsApp Flows").
	...headerFooterFields(false),
]);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Options › Idempotency Key: a run again with the same key sends nothing. */
export const idempotencyKey = true;

/**
 * A message with a button that opens a WhatsApp Flow (the Cloud API's interactive `flow`). The
 * output's flowToken is the token the customer's answer carries back (the trigger's flow.token).
 */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const address = await chatAddress.call(this, item);
	const flow = readFlowFields(this, itemIndex);
	const { frame } = await interactiveFrame.call(
		this,
		item,
		LIMITS.interactiveBody,
		address.sender,
		TEXT_HEADER_KINDS,
	);
	const content = flowContent({
		...flow,
		header: frame.header?.type === 'text' ? frame.header.text : undefined,
		body: frame.body,
		footer: frame.footer,
	});
	return await sendInChat.call(this, item, address, content, { flowToken: flow.token });
}
