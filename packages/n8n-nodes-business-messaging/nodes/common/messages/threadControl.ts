import type { IDataObject } from 'n8n-workflow';
import type { ThreadControlAction, ThreadControlBody } from '../api/routing';
import { addressedTo } from '../recipient';

/**
 * The body of thread control (conversation routing): no message, but addressed to the chat's
 * customer as a message is (`to`, or `recipient` for a user ID), so it is built here with them.
 * A note goes as `metadata`, which the other app receives.
 */
export function threadControlBody(control: {
	customer: string;
	action: ThreadControlAction;
	note?: string;
}): ThreadControlBody {
	const body: IDataObject = {
		messaging_product: 'whatsapp',
		...addressedTo(control.customer),
		action: control.action,
		...(control.note !== undefined ? { metadata: control.note } : {}),
	};
	return body as ThreadControlBody;
}
