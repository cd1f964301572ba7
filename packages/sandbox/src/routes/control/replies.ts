import { invalid } from '../../errors';
import { customerLabel, sentTo } from '../../customers';
import type { Customer, Message } from '../../model';
import type { SandboxState } from '../../sandbox';

/** What a customer's answer names: the message of the number they reply to (`reply_to`). */

/** The `context` of a customer's answer to a message the number sent them. */
export function replyContext(sandbox: SandboxState, numberId: string, replyTo: string) {
	const number = sandbox.store.numbers.get(numberId)!;
	return { from: number.wanumber.replace(/^\+/, ''), id: replyTo };
}

/**
 * `reply_to: "last"`: the newest message of the kind this number sent the customer, the one a
 * person taps without looking up its ID (a waiting Send and Wait shows none in the editor).
 */
export const LAST_SENT = 'last';

/** A message this number sent to this customer, named by `reply_to` (its ID, or "last"). */
export function sentMessage(
	sandbox: SandboxState,
	numberId: string,
	customer: Customer,
	replyTo: string,
	what: string,
	isKind: (sent: Message) => boolean,
): Message {
	const fits = (sent: Message | undefined): sent is Message =>
		!!sent && sent.phoneNumberId === numberId && sentTo(sent, customer) && isKind(sent);
	if (replyTo === LAST_SENT) {
		const newest = [...sandbox.store.messages.values()].reverse().find(fits);
		if (!newest)
			throw invalid(
				'reply_to',
				`"last" names the newest of what this number sent ${customerLabel(customer)}, and it sent none (${what})`,
			);
		return newest;
	}
	const sent = sandbox.store.messages.get(replyTo);
	if (!fits(sent))
		throw invalid(
			'reply_to',
			`must be the ID of ${what} this number sent to ${customerLabel(customer)}, or "last" for the newest (got ${JSON.stringify(replyTo)})`,
		);
	return sent;
}
