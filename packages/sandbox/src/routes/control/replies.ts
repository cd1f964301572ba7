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

/** A message this number sent to this customer, named by `reply_to`. */
export function sentMessage(
	sandbox: SandboxState,
	numberId: string,
	customer: Customer,
	replyTo: string,
	what: string,
	isKind: (sent: Message) => boolean,
): Message {
	const sent = sandbox.store.messages.get(replyTo);
	if (!sent || sent.phoneNumberId !== numberId || !sentTo(sent, customer) || !isKind(sent))
		throw invalid(
			'reply_to',
			`must be the ID of ${what} this number sent to ${customerLabel(customer)} (got ${JSON.stringify(replyTo)})`,
		);
	return sent;
}
