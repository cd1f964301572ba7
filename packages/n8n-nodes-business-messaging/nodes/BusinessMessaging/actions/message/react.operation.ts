import { NodeOperationError, type INodeProperties } from 'n8n-workflow';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { chatRecipientField, senderField, windowNotice } from '../../../common/fields/conversation';
import { messageIdValue } from '../../../common/parameters';
import { reactionContent } from '../../../common/messages/contents';
import { chatAddress, sendInChat } from './chatSend';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	{
		...windowNotice,
		displayName:
			'Only an answer: accepted within 24 hours of the customer’s last message, like any message but a template.',
	},
	senderField,
	chatRecipientField,
	{
		displayName: 'Message ID',
		name: 'messageId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. wamid.HBgLMTQxNTU1NTAxMDA',
		description: 'The message to react to: the trigger’s messageId, or a send’s output',
	},
	{
		displayName: 'Action',
		name: 'reactionAction',
		type: 'options',
		default: 'react',
		options: [
			{ name: 'React', value: 'react', description: 'Put an emoji on the message' },
			{
				name: 'Remove Reaction',
				value: 'remove',
				description: 'Take the business’s emoji off the message',
			},
		],
	},
	{
		displayName: 'Emoji',
		name: 'emoji',
		type: 'string',
		default: '👍',
		required: true,
		displayOptions: { show: { reactionAction: ['react'] } },
		description: 'One emoji',
	},
];

export const description = updateDisplayOptions(forOperation('message', 'react'), properties);

/** A send acts on every run: see the router's Retry On Fail guard. */
export const sideEffects = true;

/** An emoji on a message of the chat, or its removal (the Cloud API's `reaction` message). */
export const execute: ItemExecute = async function (item) {
	const node = this.getNode();
	const { itemIndex } = item;
	const address = await chatAddress.call(this, item);
	const messageId = messageIdValue(
		node,
		'Message ID',
		this.getNodeParameter('messageId', itemIndex, ''),
		itemIndex,
	);
	const action = this.getNodeParameter('reactionAction', itemIndex, 'react');
	if (action !== 'react' && action !== 'remove')
		throw new NodeOperationError(node, `Action "${String(action)}" is not one of react, remove`, {
			itemIndex,
		});
	const remove = action === 'remove';
	const emoji = remove ? '' : String(this.getNodeParameter('emoji', itemIndex, '')).trim();
	if (!remove && !isOneEmoji(emoji))
		throw new NodeOperationError(node, `Emoji "${emoji}" is not one emoji`, {
			itemIndex,
			description:
				'Give a single emoji such as 👍 or ❤️; to take a reaction off, choose Action › Remove Reaction.',
		});
	return await sendInChat.call(
		this,
		item,
		address,
		// The platform takes an empty emoji as the removal of the reaction.
		reactionContent({ messageId, emoji }),
		{ reactedTo: messageId, emoji, removed: remove },
	);
};

/** One emoji: a pictograph with its variation, skin tone, tags (🏴󠁧󠁢󠁳󠁣󠁴󠁿) and joined parts, a flag or a keycap. */
const ONE_EMOJI =
	/^(?:\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]*(?:[\u{E0020}-\u{E007E}]+\u{E007F})?(?:\u200D\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]*)*)$/u;

function isOneEmoji(text: string): boolean {
	return ONE_EMOJI.test(text);
}
