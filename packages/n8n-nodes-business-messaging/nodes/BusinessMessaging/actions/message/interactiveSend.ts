import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	bodyTextField,
	headerFooterFields,
	MEDIA_HEADER_KINDS,
	TEXT_HEADER_KINDS,
} from '../../../common/fields/interactive';
import type { InteractiveFrame, MessageContent } from '../../../common/messages/contents';
import { interactiveFrame } from '../../../common/messages/interactive';
import type { ItemOperation } from '../types';
import { chatMessageSend } from './chatMessageSend';

/** What makes one kind of interactive message (buttons, a list, a link button, a Flow). */
export interface InteractiveKind<Read> {
	operation: string;
	/** The body's limit, and the placeholder its field shows. */
	body: { limit: number; placeholder: string };
	/** The kind's own fields: after the body, or before it (`fieldsFirst`). */
	fields: INodeProperties[];
	fieldsFirst?: boolean;
	/** Whether the header may be a file (an image, video, document), or text only. */
	mediaHeader: boolean;
	/** The kind's fields, read and checked before any header file is uploaded. */
	read(context: IExecuteFunctions, itemIndex: number): Read;
	/** The message, and what the output says of it besides its ID. */
	build(frame: InteractiveFrame, read: Read): { content: MessageContent; details?: IDataObject };
}

/**
 * The Message operation that sends an interactive message of `kind` in a chat: the kind's
 * fields, the body, header and footer; every limit checked before anything goes.
 */
export function interactiveSend<Read>(kind: InteractiveKind<Read>): Required<ItemOperation> {
	const body = bodyTextField(kind.body.limit, kind.body.placeholder);
	const frameFields = headerFooterFields(kind.mediaHeader);
	return chatMessageSend({
		operation: kind.operation,
		fields: kind.fieldsFirst
			? [...kind.fields, body, ...frameFields]
			: [body, ...kind.fields, ...frameFields],
		async message(item, address) {
			const read = kind.read(this, item.itemIndex);
			const { frame, upload } = await interactiveFrame.call(
				this,
				item,
				kind.body.limit,
				address.sender,
				kind.mediaHeader ? MEDIA_HEADER_KINDS : TEXT_HEADER_KINDS,
			);
			return { ...kind.build(frame, read), upload };
		},
	});
}
