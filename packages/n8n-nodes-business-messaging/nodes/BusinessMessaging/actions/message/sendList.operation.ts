import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { listContent } from '../../../common/messages/contents';
import { interactiveFrame, listMenu } from '../../../common/messages/interactive';
import {
	bodyTextField,
	headerFooterFields,
	TEXT_HEADER_KINDS,
	rowFields,
} from '../../../common/fields/interactive';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatAddress, chatSendDescription, sendInChat } from './chatSend';

export const description = chatSendDescription('sendList', [
	bodyTextField(LIMITS.listBody, 'e.g. Which order is your question about?'),
	...rowFields,
	...headerFooterFields(false),
]);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Options › Idempotency Key: a run again with the same key sends nothing. */
export const idempotencyKey = true;

/** A list of up to 10 options behind a button (the Cloud API's interactive `list`). */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const address = await chatAddress.call(this, item);
	const menu = listMenu(this, itemIndex);
	const { frame } = await interactiveFrame.call(
		this,
		item,
		LIMITS.listBody,
		address.sender,
		TEXT_HEADER_KINDS,
	);
	return await sendInChat.call(this, item, address, listContent(frame, menu));
}
