import type { IDataObject } from 'n8n-workflow';
import type { SentMessage } from '../../../common/api/messages';

/** The first fields of every send's output item: the message ID and the recipient. */
export function sentMessageJson(sent: SentMessage, recipient: string): IDataObject {
	return {
		messageId: sent.messageId,
		recipient,
		...(sent.waId ? { waId: sent.waId } : {}),
		...(sent.userId ? { userId: sent.userId } : {}),
		...(sent.messageStatus ? { messageStatus: sent.messageStatus } : {}),
	};
}
