import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import { partClaims } from '../../../common/idempotency/idempotencyKey';
import {
	LONGEST_PAUSE_MS,
	MAX_BUBBLES,
	paragraphCount,
	splitIntoBubbles,
} from '../../../common/messages/bubbles';
import { characterCount } from '../../../common/characters';
import { textContent } from '../../../common/messages/contents';
import { limitedText, messageIdValue } from '../../../common/parameters';
import { LIMITS } from '../../../common/rules/messageLimits';
import { waitForReceipt } from '../../../common/waiting/receiptWait';
import { sendBubbles, type BubblePlan } from './bubbleSend';
import { chatAddress, chatSendDescription, sendInChat, type ChatAddress } from './chatSend';
import type { ItemExecute } from '../types';

const splitOn = { show: { splitIntoBubbles: [true] } };

const bubbleFields: INodeProperties[] = [
	{
		displayName: 'Split Into Bubbles',
		name: 'splitIntoBubbles',
		type: 'boolean',
		default: false,
		description:
			'Whether to send the text as several messages, the way a person writes: one per paragraph (a long paragraph at its sentences), with "typing…" and a pause between them. Useful for an AI agent’s long answers.',
	},
	{
		displayName: 'Bubble Length (Characters)',
		name: 'bubbleLength',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: LIMITS.textBody },
		default: 1000,
		displayOptions: splitOn,
		description: `The most characters in one bubble, up to ${LIMITS.textBody}. A longer paragraph is split at its sentences, a longer sentence at its spaces; a word is never split (a longer link goes alone).`,
	},
	{
		displayName: 'Typing Speed (Characters per Second)',
		name: 'typingSpeed',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 40,
		displayOptions: splitOn,
		description: `Sets the pause before each bubble after the first: the time it takes to type it at this speed, at most ${LONGEST_PAUSE_MS / 1000} seconds`,
	},
	{
		displayName: 'Show Typing Indicator',
		name: 'bubbleTyping',
		type: 'boolean',
		default: true,
		displayOptions: splitOn,
		description:
			'Whether the customer sees "typing…" before each bubble. The platform shows it in answer to the customer’s message (which it marks read): the message of the trigger’s item, or the one set below.',
	},
	{
		displayName: 'Customer Message ID',
		name: 'typingMessageId',
		type: 'string',
		default: '',
		placeholder: 'e.g. wamid.HBgLMTQxNTU1NTAxMDA',
		displayOptions: { show: { splitIntoBubbles: [true], bubbleTyping: [true] } },
		description:
			'The customer’s message the typing indicator answers. Empty: the message of the Business Messaging Trigger’s item this input comes from; with none, the bubbles go without the indicator.',
	},
];

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
			description: `The message, up to ${LIMITS.textBody} characters (split into bubbles: up to ${MAX_BUBBLES} bubbles)`,
		},
		...bubbleFields,
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

/**
 * A text message (the Cloud API's shape), inside the customer's 24-hour window; with Split Into
 * Bubbles, several (bubbleSend.ts).
 */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const address = await chatAddress.call(this, item);
	const split = this.getNodeParameter('splitIntoBubbles', itemIndex, false) === true;
	const text = limitedText(
		this.getNode(),
		'Text',
		this.getNodeParameter('text', itemIndex, ''),
		split ? MAX_BUBBLES * LIMITS.textBody : LIMITS.textBody,
		itemIndex,
		{ required: true },
	);
	const previewUrl = (item.options() as { previewUrl?: boolean }).previewUrl === true;
	if (!split)
		return await sendInChat.call(this, item, address, textContent({ body: text, previewUrl }));
	const plan = bubblePlan.call(this, item, address, text, previewUrl);
	return await waitForReceipt.call(this, item, async (callbackData) => [
		await sendBubbles.call(this, item, address, plan, callbackData),
	]);
};

/** The bubbles and how they go, all checked before anything is sent. */
function bubblePlan(
	this: IExecuteFunctions,
	item: ItemContext,
	address: ChatAddress,
	text: string,
	previewUrl: boolean,
): BubblePlan {
	const { itemIndex } = item;
	const node = this.getNode();
	const length = this.getNodeParameter('bubbleLength', itemIndex, 1000) as unknown;
	if (
		typeof length !== 'number' ||
		!Number.isInteger(length) ||
		length < 1 ||
		length > LIMITS.textBody
	)
		throw new NodeOperationError(
			node,
			`Bubble Length (Characters) must be a whole number from 1 to ${LIMITS.textBody} (it is ${JSON.stringify(length)})`,
			{ itemIndex },
		);
	const speed = this.getNodeParameter('typingSpeed', itemIndex, 40) as unknown;
	if (typeof speed !== 'number' || !Number.isFinite(speed) || speed <= 0)
		throw new NodeOperationError(
			node,
			`Typing Speed (Characters per Second) must be a number above 0 (it is ${JSON.stringify(speed)})`,
			{ itemIndex },
		);
	const bubbles = splitIntoBubbles(text, length);
	const word = bubbles.find((bubble) => characterCount(bubble) > LIMITS.textBody);
	if (word !== undefined)
		throw new NodeOperationError(
			node,
			`Text has a word of ${characterCount(word)} characters: a bubble never splits a word, and a message takes at most ${LIMITS.textBody} characters`,
			{ itemIndex },
		);
	if (bubbles.length > MAX_BUBBLES)
		throw new NodeOperationError(
			node,
			`Text makes ${bubbles.length} bubbles at Bubble Length ${length}; one send takes at most ${MAX_BUBBLES}`,
			{
				itemIndex,
				description:
					'Each bubble is a message to the customer, and the platform paces the messages to one customer (about one per 6 seconds; a burst holds the next ones back). Raise Bubble Length, or shorten the text (e.g. ask the AI agent for fewer paragraphs).',
			},
		);
	return {
		bubbles,
		paragraphs: paragraphCount(text),
		previewUrl,
		charactersPerSecond: speed,
		typingFor: typingMessage.call(this, item, address),
		claims: partClaims.call(this, item, bubbles.join('\u0000')),
	};
}

/** The customer's message "typing…" answers: the field's, else the trigger's; none without both. */
function typingMessage(
	this: IExecuteFunctions,
	item: ItemContext,
	address: ChatAddress,
): string | undefined {
	const { itemIndex } = item;
	if (this.getNodeParameter('bubbleTyping', itemIndex, true) !== true) return undefined;
	const chosen = String(this.getNodeParameter('typingMessageId', itemIndex, '') ?? '').trim();
	if (chosen) return messageIdValue(this.getNode(), 'Customer Message ID', chosen, itemIndex);
	const chat = address.triggerChat?.();
	// Only the chat's own customer: an item of the trigger may be sent on to someone else.
	return chat && chat.phoneNumberId === address.sender && chat.customers.includes(address.to)
		? chat.messageId
		: undefined;
}
