import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { sendMessage } from '../../../common/api/messages';
import type { ItemContext } from '../../../common/context';
import { replyToOption, replyToValue } from '../../../common/fields/conversation';
import { locatorValue } from '../../../common/fields/locators';
import { normalizeRecipient } from '../../../common/fields/recipient';
import { noteUploaded, type UploadedMedia } from '../../../common/messages/mediaSource';
import { sentMessageJson } from './sentMessage';

/** Who sends a message in a chat, to whom, and as a reply to which message. */
export interface ChatAddress {
	sender: string;
	to: string;
	/** The message answered, '' for none. */
	replyTo: string;
}

/** The Options collection of a message sent in a chat: Reply To, and the operation's own. */
export function chatOptions(own: INodeProperties[] = []): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [replyToOption, ...own],
	};
}

/** Sender, Recipient and Options › Reply To of one item, checked before anything is sent. */
export function chatAddress(this: IExecuteFunctions, itemIndex: number): ChatAddress {
	const node = this.getNode();
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return {
		sender: locatorValue.call(this, 'phoneNumberId', itemIndex),
		to: normalizeRecipient(node, this.getNodeParameter('recipient', itemIndex), itemIndex),
		replyTo: replyToValue(node, options, itemIndex),
	};
}

/**
 * Sends one message of an item and returns its output: the message ID the trigger's receipts
 * refer to, the recipient, and `details` of the operation. A send that fails after its file was
 * uploaded says so, with the media ID.
 */
export async function sendInChat(
	this: IExecuteFunctions,
	item: ItemContext,
	address: ChatAddress,
	content: IDataObject,
	details: IDataObject = {},
	uploaded?: UploadedMedia,
): Promise<INodeExecutionData[]> {
	try {
		const sent = await sendMessage.call(
			this,
			{ phoneNumberId: address.sender, to: address.to, content, replyTo: address.replyTo },
			item.request,
		);
		return [
			{
				json: {
					...sentMessageJson(sent, address.to),
					type: content.type as string,
					...details,
					...(uploaded ? { uploaded: { ...uploaded } } : {}),
					...(address.replyTo ? { replyTo: address.replyTo } : {}),
					phoneNumberId: address.sender,
				},
			},
		];
	} catch (error) {
		throw noteUploaded(error, uploaded);
	}
}
