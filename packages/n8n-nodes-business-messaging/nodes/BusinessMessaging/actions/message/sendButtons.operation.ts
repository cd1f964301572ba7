import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { chatRecipientField, senderField, windowNotice } from '../../../common/fields/conversation';
import { replyButtonsContent } from '../../../common/messages/contents';
import {
	bodyTextField,
	buttonFields,
	headerFooterFields,
	interactiveFrame,
	MEDIA_HEADER_KINDS,
	replyButtons,
} from '../../../common/messages/interactive';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatAddress, chatOptions, sendInChat, windowFallbackFields } from './chatSend';

const properties: INodeProperties[] = [
	windowNotice,
	senderField,
	chatRecipientField,
	bodyTextField(LIMITS.interactiveBody, 'e.g. Your order #1001 is ready. Deliver it tomorrow?'),
	...buttonFields,
	...headerFooterFields(true),
	...windowFallbackFields,
	chatOptions(),
];

export const description = updateDisplayOptions(forOperation('message', 'sendButtons'), properties);

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
