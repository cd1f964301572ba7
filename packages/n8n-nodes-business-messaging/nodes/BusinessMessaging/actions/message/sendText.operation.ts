import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { textContent } from '../../../common/messages/contents';
import { limitedText } from '../../../common/parameters';
import { LIMITS } from '../../../common/rules/messageLimits';
import { chatAddress, chatSendDescription, sendInChat } from './chatSend';

export const description = chatSendDescription(
	'sendText',
	[
		{
			displayName: 'Text',
			name: 'text',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			required: true,
			placeholder: 'e.g. Thanks, we got your photo and will get back to you today.',
			description: `The message, up to ${LIMITS.textBody} characters`,
		},
	],
	[
		{
			displayName: 'Show Link Preview',
			name: 'previewUrl',
			type: 'boolean',
			default: false,
			description: 'Whether the first link in the text is shown with a preview',
		},
	],
);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** Options › Idempotency Key: a run again with the same key sends nothing. */
export const idempotencyKey = true;

/** A text message (the Cloud API's shape), inside the customer's 24-hour window. */
export async function execute(
	this: IExecuteFunctions,
	item: ItemContext,
): Promise<INodeExecutionData[]> {
	const { itemIndex } = item;
	const address = await chatAddress.call(this, item);
	const text = limitedText(
		this.getNode(),
		'Text',
		this.getNodeParameter('text', itemIndex, ''),
		LIMITS.textBody,
		itemIndex,
		{ required: true },
	);
	const options = item.options() as { previewUrl?: boolean };
	return await sendInChat.call(
		this,
		item,
		address,
		textContent({ body: text, previewUrl: options.previewUrl === true }),
	);
}
