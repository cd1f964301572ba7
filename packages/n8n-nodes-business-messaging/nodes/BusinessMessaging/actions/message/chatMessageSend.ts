import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ItemContext } from '../../../common/context';
import type { MessageContent } from '../../../common/messages/contents';
import type { Upload } from '../../../common/messages/mediaSource';
import type { ItemOperation } from '../types';
import { chatAddress, chatSendDescription, sendInChat, type ChatAddress } from './chatSend';

/** One item's message, ready to go. */
export interface ChatMessage {
	content: MessageContent;
	/** What the output says of it besides its ID. */
	details?: IDataObject;
	/** The file uploaded for it: a failure says its media ID. */
	upload?: Upload;
}

/** What one Message operation sends in a chat. */
export interface ChatMessageKind {
	operation: string;
	/** The operation's own fields, between Recipient and the window's fallback. */
	fields: INodeProperties[];
	/** The item's message: every field read and checked (a file uploaded last) before it goes. */
	message(this: IExecuteFunctions, item: ItemContext, address: ChatAddress): Promise<ChatMessage>;
}

/**
 * The Message operation that sends `kind` in a chat: its form (chatSendDescription), Retry On
 * Fail's guard and the Idempotency Key, then Sender and Recipient read first, the message, and
 * the send with its fallback template and receipt wait (sendInChat).
 */
export function chatMessageSend(kind: ChatMessageKind): Required<ItemOperation> {
	return {
		description: chatSendDescription(kind.operation, kind.fields),
		// A send acts on every run: see the router's Retry On Fail guard.
		sideEffects: true,
		// Options › Idempotency Key: a run again with the same key sends nothing.
		idempotencyKey: true,
		async execute(this: IExecuteFunctions, item: ItemContext) {
			const address = await chatAddress.call(this, item);
			const { content, details, upload } = await kind.message.call(this, item, address);
			return await sendInChat.call(this, item, address, content, details, upload);
		},
	};
}
