import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { linkButtonContent } from '../../../common/messages/contents';
import { interactiveFrame, linkButton } from '../../../common/messages/interactive';
import {
	bodyTextField,
	headerFooterFields,
	MEDIA_HEADER_KINDS,
	linkButtonFields,
} from '../../../common/fields/interactive';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatAddress, chatSendDescription, sendInChat } from './chatSend';

export const description = chatSendDescription('sendLinkButton', [
	bodyTextField(LIMITS.interactiveBody, 'e.g. Your order has shipped.'),
	...linkButtonFields,
	...headerFooterFields(true),
]);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Options › Idempotency Key: a run again with the same key sends nothing. */
export const idempotencyKey = true;

/** A message with one button that opens a web page (the Cloud API's interactive `cta_url`). */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const address = await chatAddress.call(this, item);
	const link = linkButton(this, itemIndex);
	const { frame, upload } = await interactiveFrame.call(
		this,
		item,
		LIMITS.interactiveBody,
		address.sender,
		MEDIA_HEADER_KINDS,
	);
	return await sendInChat.call(this, item, address, linkButtonContent(frame, link), {}, upload);
}
