import { flowFields } from '../../../common/fields/flow';
import { flowContent, readFlowFields } from '../../../common/messages/flow';
import { LIMITS } from '../../../common/rules/messageLimits';
import { interactiveSend } from './interactiveSend';

/**
 * A message with a button that opens a WhatsApp Flow (the Cloud API's interactive `flow`). The
 * output's flowToken is the token the customer's answer carries back (the trigger's flow.token).
 */
export const { description, sideEffects, idempotencyKey, execute } = interactiveSend({
	operation: 'sendFlow',
	body: { limit: LIMITS.interactiveBody, placeholder: 'e.g. Pick a time for your visit.' },
	fields: flowFields,
	fieldsFirst: true,
	// A flow message's header is text only (API.md, "WhatsApp Flows").
	mediaHeader: false,
	read: readFlowFields,
	build: (frame, flow) => ({
		content: flowContent({
			...flow,
			header: frame.header?.type === 'text' ? frame.header.text : undefined,
			body: frame.body,
			footer: frame.footer,
		}),
		details: { flowToken: flow.token },
	}),
});
