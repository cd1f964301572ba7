import { customerOfAddress, CUSTOMER_NUMBER, isUserId } from '../customers';
import { ErrorCode, invalid, notFound, refused } from '../errors';
import { jsonBody, param, type Endpoint, type SandboxPlugin } from '../http';
import { ownerOf, rolesOf, setOwner } from '../routing';
import { oneOf, onlyKeys, requireObject, requireString, type Json } from '../validate';

/**
 * Conversation routing on a number (routing.ts): the Routing Roles API (this app's own roles)
 * and thread control (pass a chat to the other app, release it, take it back). None of these
 * sends this app a handover: `control_passed` goes to the app a chat is passed to, and
 * `control_taken` to the app it was taken from.
 */
export const threadControlRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/:id/routing_roles', async (request) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		return rolesOf(sandbox.store, number.phone_number_id);
	});

	app.post('/:id/thread_control', async (request) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const body = jsonBody(request);
		onlyKeys(
			body,
			['messaging_product', 'to', 'recipient', 'action', 'metadata', 'control_pass'],
			'',
		);
		if (body.messaging_product !== 'whatsapp')
			throw invalid('messaging_product', 'must be "whatsapp"');
		const action = oneOf(body.action, ['pass', 'release', 'take'] as const, 'action');
		if (body.metadata !== undefined) requireString(body, 'metadata', 'metadata', 2000);
		if (body.control_pass !== undefined) {
			if (action !== 'pass') throw invalid('control_pass', 'belongs to the action "pass"');
			requireObject(body.control_pass, 'control_pass');
		}
		const customer = customerOfAddress(sandbox.store, addressOf(body));
		if (!customer) throw notFound('Customer', String(body.to ?? body.recipient));
		const routing = sandbox.store.routing.get(number.phone_number_id);
		if (!routing)
			throw refused(
				ErrorCode.threadControlRefused,
				'(#2494191) Thread control is not available: this number has one responder (no conversation routing)',
			);
		const ours = ownerOf(sandbox.store, number.phone_number_id, customer) === 'us';
		if (action === 'take') {
			if (!routing.escalationPartner)
				throw refused(
					ErrorCode.threadControlRefused,
					'(#2494191) Only the escalation partner can take a thread',
				);
			setOwner(sandbox.store, number.phone_number_id, customer, 'us');
		} else {
			if (!ours)
				throw refused(
					ErrorCode.threadControlRefused,
					`(#2494191) Only the thread owner can ${action} a thread: another app owns this one`,
				);
			// A release leaves the chat idle: the next message goes to its entry point's primary.
			setOwner(
				sandbox.store,
				number.phone_number_id,
				customer,
				action === 'pass' ? 'other' : undefined,
			);
		}
		return { messaging_product: 'whatsapp', success: true };
	});
};

/** The chat's customer: `to` (a number) or `recipient` (a user ID), as a send names them. */
function addressOf(body: Json): { to?: string; recipient?: string } {
	if (body.to !== undefined) {
		const to = requireString(body, 'to', 'to');
		if (!CUSTOMER_NUMBER.test(to) || isUserId(to))
			throw invalid(
				'to',
				'must be the customer number, digits only (a user ID goes in "recipient")',
			);
		return { to };
	}
	if (body.recipient !== undefined)
		return { recipient: requireString(body, 'recipient', 'recipient') };
	throw invalid('to', "give to (the customer's number) or recipient (their user ID)");
}

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		route:
			'`GET /{phone_number_id}/routing_roles`, `POST /{phone_number_id}/thread_control` `{messaging_product, to, action, metadata, control_pass}`',
		notes:
			"Meta's conversation routing (`src/routing.ts`; the second app is played by the control API, [below](#conversation-routing)): the roles answer `{roles, is_standby}` (every role while the number has one responder); `pass` hands the chat to the other app and `release` leaves it idle (the chat's owner only), `take` takes it back (the escalation partner only); else 2494191",
	},
];
