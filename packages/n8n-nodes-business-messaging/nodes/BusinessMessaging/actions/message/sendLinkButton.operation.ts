import { linkButtonFields } from '../../../common/fields/interactive';
import { linkButtonContent } from '../../../common/messages/contents';
import { linkButton } from '../../../common/messages/interactive';
import { LIMITS } from '../../../common/rules/messageLimits';
import { interactiveSend } from './interactiveSend';

/** A message with one button that opens a web page (the Cloud API's interactive `cta_url`). */
export const { description, sideEffects, idempotencyKey, execute } = interactiveSend({
	operation: 'sendLinkButton',
	body: { limit: LIMITS.interactiveBody, placeholder: 'e.g. Your order has shipped.' },
	fields: linkButtonFields,
	mediaHeader: true,
	read: linkButton,
	build: (frame, link) => ({ content: linkButtonContent(frame, link) }),
});
