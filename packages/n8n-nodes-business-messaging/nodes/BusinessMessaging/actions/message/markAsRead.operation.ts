import type { INodeProperties } from 'n8n-workflow';
import { markAsRead } from '../../../common/api/messages';
import { forOperation, updateDisplayOptions } from '../../../common/displayOptions';
import { senderLocator } from '../../../common/fields/conversation';
import { messageIdValue } from '../../../common/parameters';
import { readReceiptBody } from '../../../common/messages/messageRequest';
import { senderOf } from '../../../common/sender';
import type { ItemExecute } from '../types';

const properties: INodeProperties[] = [
	{
		...senderLocator(
			'The business number that received the message. Empty: the number the customer wrote to.',
		),
		displayName: 'Phone Number',
	},
	{
		displayName: 'Message ID',
		name: 'messageId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. wamid.HBgLMTQxNTU1NTAxMDA',
		description: 'The customer’s message: the trigger’s messageId',
	},
	{
		displayName: 'Show Typing Indicator',
		name: 'typing',
		type: 'boolean',
		default: false,
		description:
			'Whether the customer sees "typing…" until your answer is sent, for at most 25 seconds: useful while an AI agent thinks',
	},
];

export const description = updateDisplayOptions(forOperation('message', 'markAsRead'), properties);

/**
 * The customer's message shows as read (blue ticks), optionally with "typing…". Safe to repeat,
 * so it is no side effect for the Retry On Fail guard.
 */
export const execute: ItemExecute = async function (item) {
	const { itemIndex } = item;
	const { phoneNumberId } = senderOf.call(this, itemIndex, 'Phone Number');
	const messageId = messageIdValue(
		this.getNode(),
		'Message ID',
		this.getNodeParameter('messageId', itemIndex, ''),
		itemIndex,
	);
	const typing = this.getNodeParameter('typing', itemIndex, false) === true;
	const { success } = await markAsRead.call(
		this,
		phoneNumberId,
		readReceiptBody({ messageId, typing }),
		item.request,
	);
	return [{ json: { success, messageId, typing, phoneNumberId } }];
};
