import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { replyButtonsContent } from '../../../common/messages/contents';
import { interactiveFrame, replyButtons } from '../../../common/messages/interactive';
import {
	bodyTextField,
	buttonFields,
	headerFooterFields,
	MEDIA_HEADER_KINDS,
} from '../../../common/fields/interactive';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatAddress, chatSendDescription, sendInChat } from './chatSend';

export const description = chatSendDescription('sendButtons', [
	bodyTextField(LIMITS.interactiveBody, 'e.g. Your order #1001 is ready. Deliver it tomorrow?'),
	...buttonFields,
	...headerFooterFields(true),
]);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Options › Idempotency Key: a run again with the same key sends nothing. */
export const idempotencyKey = true;

/** A message with up to 3 reply buttons (the Cloud API's interactive `button`). */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const address = await chatAddress.call(this, item);
	// Every limit is checked before a header file is uploaded.
	const buttons = replyButtons(this, itemIndex);
	const { frame, upload } = await interactiveFrame.call(
		this,
		item,
		LIMITS.interactiveBody,
		address.sender,
		MEDIA_HEADER_KINDS,
	);
	return await sendInChat.call(
		this,
		item,
		address,
		replyButtonsContent(frame, buttons),
		{ buttons: buttons.map(({ id, title }) => ({ id, title })) },
		upload,
	);
}
