import { characterCount } from '../characters';
import { invalid } from '../errors';
import { onlyKeys, requireObject, requireString } from '../validate';

/** What a send carries around its message: the message it replies to, and callback data. */

/** `context` (a reply): `{message_id}`, which must be a message ID. */
export function replyTo(value: unknown): string {
	const context = requireObject(value, 'context');
	onlyKeys(context, ['message_id'], 'context');
	const id = requireString(context, 'message_id', 'context.message_id');
	if (!/^wamid\./.test(id))
		throw invalid('context.message_id', 'must be a message ID (it starts with "wamid.")');
	return id;
}

/** `biz_opaque_callback_data` (Cloud API): any text up to 512 characters, handed back in receipts. */
export function callbackData(value: unknown): string {
	if (typeof value !== 'string' || characterCount(value) > 512)
		throw invalid('biz_opaque_callback_data', 'must be a text of at most 512 characters');
	return value;
}
