import { rowFields } from '../../../common/fields/interactive';
import { listContent } from '../../../common/messages/contents';
import { listMenu } from '../../../common/messages/interactive';
import { LIMITS } from '../../../common/rules/messageLimits';
import { interactiveSend } from './interactiveSend';

/** A list of up to 10 options behind a button (the Cloud API's interactive `list`). */
export const { description, sideEffects, idempotencyKey, execute } = interactiveSend({
	operation: 'sendList',
	body: { limit: LIMITS.listBody, placeholder: 'e.g. Which order is your question about?' },
	fields: rowFields,
	mediaHeader: false,
	read: listMenu,
	build: (frame, menu) => ({ content: listContent(frame, menu) }),
});
