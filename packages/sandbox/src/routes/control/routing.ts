import { customerDraft } from '../../customers';
import { invalid } from '../../errors';
import { jsonBody, query, type SandboxPlugin } from '../../http';
import type { Customer, NumberRouting, PhoneNumber } from '../../model';
import { MAX_TEXT_BODY } from '../../rules/messageContent';
import { OUR_ROLE, ownerOf, setOwner } from '../../routing';
import type { SandboxState } from '../../sandbox';
import { onlyKeys, requireString, type Json } from '../../validate';
import { deliverEcho, identityOf, newMessageId, numberOf, seconds } from './customerEvents';

const CUSTOMER_KEYS = ['from', 'user_id', 'parent_user_id'];

/**
 * The control API's second app on a number (routing.ts): the business sets up conversation
 * routing, and the other app takes chats, passes them to this app and answers in them, each
 * delivered to this app as Meta's pages say: `control_taken` to the app a chat was taken from,
 * `control_passed` to the app it was passed to, and the other app's answers as standby echoes.
 */
export const routingRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.post('/routing', async (request) => {
		const body = jsonBody(request);
		onlyKeys(
			body,
			['phone_number_id', 'roles', 'is_standby', 'escalation_partner', 'other_role'],
			'',
		);
		const number = numberOf(sandbox, body);
		const roles = body.roles ?? ['messages', 'calls'];
		if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string'))
			throw invalid('roles', 'must be a list of entry points (e.g. "messages", "calls")');
		const routing: NumberRouting = {
			roles: roles as string[],
			isStandby: flag(body, 'is_standby', true),
			escalationPartner: flag(body, 'escalation_partner', true),
			otherRole:
				body.other_role === undefined
					? 'ai_agent'
					: requireString(body, 'other_role', 'other_role'),
		};
		sandbox.store.routing.set(number.phone_number_id, routing);
		return routing;
	});

	app.delete('/routing', async (request) => {
		const numberId = query(request, 'phone_number_id');
		if (numberId === undefined) throw invalid('phone_number_id', 'is required');
		sandbox.store.routing.delete(numberId);
		for (const key of [...sandbox.store.chatOwners.keys()])
			if (key.startsWith(`${numberId}:`)) sandbox.store.chatOwners.delete(key);
		return { success: true };
	});

	// The other app takes a chat; this app, if it owned it, gets control_taken.
	app.post('/routing/take', async (request) => {
		const { number, customer, routing, body } = chatOf(sandbox, jsonBody(request), ['metadata']);
		const wasOurs = ownerOf(sandbox.store, number.phone_number_id, customer) === 'us';
		setOwner(sandbox.store, number.phone_number_id, customer, 'other');
		if (!wasOurs) return { delivery_id: undefined };
		return handover(sandbox, number, customer, 'control_taken', {
			previous_owner_role: OUR_ROLE,
			new_owner_role: routing.otherRole,
			metadata: body.metadata,
		});
	});

	// The other app passes a chat to this app, which gets control_passed.
	app.post('/routing/pass', async (request) => {
		const { number, customer, routing, body } = chatOf(sandbox, jsonBody(request), ['metadata']);
		if (ownerOf(sandbox.store, number.phone_number_id, customer) === 'us')
			throw invalid('from', 'names a chat this app already owns: the other app cannot pass it');
		setOwner(sandbox.store, number.phone_number_id, customer, 'us');
		return handover(sandbox, number, customer, 'control_passed', {
			previous_owner_role: routing.otherRole,
			new_owner_role: OUR_ROLE,
			metadata: body.metadata,
		});
	});

	// The other app answers in a chat it owns; this app, with standby, gets the echo.
	app.post('/routing/reply', async (request) => {
		const { number, customer, routing, body } = chatOf(sandbox, jsonBody(request), ['text']);
		const text = requireString(body, 'text', 'text', MAX_TEXT_BODY);
		if (ownerOf(sandbox.store, number.phone_number_id, customer) === 'us')
			throw invalid('from', 'names a chat this app owns: the other app cannot answer in it');
		// Without standby this app hears nothing of it.
		if (!routing.isStandby) return { message_id: newMessageId() };
		return deliverEcho(sandbox, number, customer, text, 'standby');
	});

	app.get('/routing', async (request) => {
		const numberId = query(request, 'phone_number_id');
		if (numberId === undefined) throw invalid('phone_number_id', 'is required');
		const owners = [...sandbox.store.chatOwners.entries()]
			.filter(([key]) => key.startsWith(`${numberId}:`))
			.map(([key, owner]) => ({ customer: customerLabelOf(sandbox, key), owner }));
		return { routing: sandbox.store.routing.get(numberId) ?? null, owners };
	});
};

function flag(body: Json, key: string, fallback: boolean): boolean {
	if (body[key] === undefined) return fallback;
	if (typeof body[key] !== 'boolean') throw invalid(key, 'must be true or false');
	return body[key] as boolean;
}

/** The number (under routing) and the customer a request names. */
function chatOf(sandbox: SandboxState, body: Json, more: string[]) {
	onlyKeys(body, ['phone_number_id', ...CUSTOMER_KEYS, ...more], '');
	const number = numberOf(sandbox, body);
	const routing = sandbox.store.routing.get(number.phone_number_id);
	if (!routing)
		throw invalid('phone_number_id', 'has no conversation routing: set it up with POST /routing');
	if (body.metadata !== undefined) requireString(body, 'metadata', 'metadata', 2000);
	const customer = customerDraft(sandbox.store, body).save();
	return { number, customer, routing, body };
}

/** A messaging_handovers delivery: its `type`, and the object it names beside it. */
function handover(
	sandbox: SandboxState,
	number: PhoneNumber,
	customer: Customer,
	type: 'control_passed' | 'control_taken',
	detail: Json,
) {
	const withheld = sandbox.config.withheldNumber;
	const delivery = sandbox.deliverNumberEvent(number.phone_number_id, 'messaging_handovers', {
		type,
		[type]: {
			...identityOf(customer, withheld),
			...Object.fromEntries(Object.entries(detail).filter(([, v]) => v !== undefined)),
			timestamp: String(seconds(sandbox)),
		},
	});
	return { delivery_id: delivery?.id };
}

function customerLabelOf(sandbox: SandboxState, key: string): string {
	const customer = sandbox.store.customers.get(key.slice(key.indexOf(':') + 1));
	return customer?.wa_id ?? customer?.user_id ?? key;
}
