import { buttonFields } from '../../../common/fields/interactive';
import { replyButtonsContent } from '../../../common/messages/contents';
import { replyButtons } from '../../../common/messages/interactive';
import { LIMITS } from '../../../common/rules/messageLimits';
import { interactiveSend } from './interactiveSend';

/** A message with up to 3 reply buttons (the Cloud API's interactive `button`). */
export const { description, sideEffects, idempotencyKey, execute } = interactiveSend({
	operation: 'sendButtons',
	body: {
		limit: LIMITS.interactiveBody,
		placeholder: 'e.g. Your order #1001 is ready. Deliver it tomorrow?',
	},
	fields: buttonFields,
	mediaHeader: true,
	read: replyButtons,
	build: (frame, buttons) => ({
		content: replyButtonsContent(frame, buttons),
		details: { buttons: buttons.map(({ id, title }) => ({ id, title })) },
	}),
});
