import { randomBytes } from 'node:crypto';
import {
	addressOf,
	contactOf,
	CUSTOMER_NUMBER,
	CUSTOMER_NUMBER_RULE,
	customerDraft,
	customerLabel,
	isUserId,
	numberField,
} from '../../customers';
import { invalid, notFound } from '../../errors';
import { jsonBody, type SandboxPlugin } from '../../http';
import type { Customer, PhoneNumber } from '../../model';
import { MAX_TEXT_BODY } from '../../rules/messageContent';
import type { SandboxState } from '../../sandbox';
import { oneOf, onlyKeys, requireInteger, requireString, type Json } from '../../validate';

const CUSTOMER_KEYS = ['from', 'user_id', 'parent_user_id', 'username', 'name'];
const USER_ID_CHANGE_EVENTS = ['system', 'user_id_update'] as const;

/**
 * The control API's other customer events, each delivered to the webhook as the platform does:
 * a marketing preference change (`user_preferences`), a call (`calls`), a message the business
 * sent from the WhatsApp Business app (`smb_message_echoes`) and a change of user ID (a `system`
 * message and `user_id_update`). A customer is named as in POST /incoming: `from` (their number),
 * `user_id` (their business-scoped user ID), or both.
 */
export const customerEventRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.post('/preferences', async (request) => {
		const body = jsonBody(request);
		onlyKeys(body, ['phone_number_id', ...CUSTOMER_KEYS, 'value', 'detail'], '');
		const number = numberOf(sandbox, body);
		const draft = customerDraft(sandbox.store, body);
		const value = oneOf(body.value, ['stop', 'resume'] as const, 'value');
		const detail =
			body.detail === undefined
				? `User requested to ${value} marketing messages`
				: requireString(body, 'detail', 'detail');
		const customer = draft.save();
		const withheld = sandbox.config.withheldNumber;
		const delivery = sandbox.deliverNumberEvent(number.phone_number_id, 'user_preferences', {
			contacts: [contactOf(customer, withheld)],
			user_preferences: [
				{
					...identityOf(customer, withheld),
					detail,
					category: 'marketing_messages',
					value,
					timestamp: seconds(sandbox),
				},
			],
		});
		return { delivery_id: delivery?.id };
	});

	app.post('/calls', async (request) => {
		const body = jsonBody(request);
		onlyKeys(
			body,
			['phone_number_id', ...CUSTOMER_KEYS, 'event', 'call_id', 'sdp', 'status', 'duration'],
			'',
		);
		const number = numberOf(sandbox, body);
		const event = oneOf(body.event, ['connect', 'terminate'] as const, 'event');
		return event === 'connect' ? connect(sandbox, number, body) : terminate(sandbox, number, body);
	});

	app.post('/echoes', async (request) => {
		const body = jsonBody(request);
		onlyKeys(body, ['phone_number_id', 'to', ...CUSTOMER_KEYS.slice(1), 'text'], '');
		const number = numberOf(sandbox, body);
		const draft = customerDraft(sandbox.store, body, 'to');
		const text = requireString(body, 'text', 'text', MAX_TEXT_BODY);
		return deliverEcho(sandbox, number, draft.save(), text, 'smb_message_echoes');
	});

	app.post('/user-id-change', async (request) => changeUserId(sandbox, jsonBody(request)));
};

/**
 * A text the business sent to the customer by another way than this app, delivered under `field`:
 * from the WhatsApp Business app (`smb_message_echoes`), or by the app that owns the chat under
 * conversation routing (`standby`).
 */
export function deliverEcho(
	sandbox: SandboxState,
	number: PhoneNumber,
	customer: Customer,
	text: string,
	field: 'smb_message_echoes' | 'standby',
) {
	const withheld = sandbox.config.withheldNumber;
	const id = newMessageId();
	const delivery = sandbox.deliverNumberEvent(number.phone_number_id, field, {
		contacts: [contactOf(customer, withheld)],
		message_echoes: [
			{
				from: businessNumber(number),
				...addressOf(customer, withheld, 'to'),
				id,
				timestamp: String(seconds(sandbox)),
				type: 'text',
				text: { body: text },
			},
		],
	});
	return { message_id: id, delivery_id: delivery?.id };
}

export function numberOf(sandbox: SandboxState, body: Json): PhoneNumber {
	const numberId = requireString(body, 'phone_number_id', 'phone_number_id');
	const number = sandbox.store.numbers.get(numberId);
	if (!number) throw notFound('Phone number', numberId);
	return number;
}

function businessNumber(number: PhoneNumber): string {
	return number.wanumber.replace(/^\+/, '');
}

export function seconds(sandbox: SandboxState): number {
	return Math.floor(sandbox.now() / 1000);
}

export function newMessageId(): string {
	return `wamid.${randomBytes(24).toString('base64url')}`;
}

/** `wa_id`, `user_id`, `parent_user_id` of a customer, as user_preferences carries them. */
export function identityOf(
	customer: Customer,
	withheld: SandboxState['config']['withheldNumber'],
): Json {
	return {
		...numberField('wa_id', customer.wa_id, withheld),
		...(customer.user_id !== undefined ? { user_id: customer.user_id } : {}),
		...(customer.parent_user_id !== undefined ? { parent_user_id: customer.parent_user_id } : {}),
	};
}

/** The customer calls the number: `connect` with the customer's SDP offer. */
function connect(sandbox: SandboxState, number: PhoneNumber, body: Json) {
	for (const key of ['status', 'duration'])
		if (body[key] !== undefined) throw invalid(key, 'belongs to a terminate event');
	const draft = customerDraft(sandbox.store, body);
	const callId =
		body.call_id === undefined
			? `wacid.${randomBytes(18).toString('base64url')}`
			: requireString(body, 'call_id', 'call_id');
	if (sandbox.store.calls.has(callId)) throw invalid('call_id', 'is the ID of an earlier call');
	const sdp = body.sdp === undefined ? defaultSdp() : requireString(body, 'sdp', 'sdp');
	const customer = draft.save();
	sandbox.store.calls.set(callId, {
		id: callId,
		phoneNumberId: number.phone_number_id,
		customerId: customer.id,
		startedAt: sandbox.now(),
	});
	const withheld = sandbox.config.withheldNumber;
	const delivery = sandbox.deliverNumberEvent(number.phone_number_id, 'calls', {
		contacts: [contactOf(customer, withheld)],
		calls: [
			{
				id: callId,
				...addressOf(customer, withheld),
				to: businessNumber(number),
				event: 'connect',
				timestamp: String(seconds(sandbox)),
				direction: 'USER_INITIATED',
				session: { sdp_type: 'offer', sdp },
			},
		],
	});
	return { call_id: callId, delivery_id: delivery?.id };
}

/**
 * The call ends: `terminate` with `status` COMPLETED (start and end time, `duration` in seconds:
 * as given, else the sandbox clock's time since the connect) or FAILED.
 */
function terminate(sandbox: SandboxState, number: PhoneNumber, body: Json) {
	if (body.sdp !== undefined) throw invalid('sdp', 'belongs to a connect event');
	const callId = requireString(body, 'call_id', 'call_id');
	const call = sandbox.store.calls.get(callId);
	if (!call || call.phoneNumberId !== number.phone_number_id)
		throw invalid('call_id', `is not a call connected on phone number ${number.phone_number_id}`);
	if (call.endedAt !== undefined) throw invalid('call_id', 'names a call that has ended');
	const customer = sandbox.store.customers.get(call.customerId)!;
	if (CUSTOMER_KEYS.some((key) => body[key] !== undefined)) {
		// The customer may be named again; then it must be the one who called.
		const named = customerDraft(sandbox.store, body).view;
		if (named.id !== customer.id)
			throw invalid('call_id', `is a call of ${customerLabel(customer)}, not of this customer`);
	}
	const status =
		body.status === undefined
			? 'COMPLETED'
			: oneOf(body.status, ['COMPLETED', 'FAILED'] as const, 'status');
	if (status === 'FAILED' && body.duration !== undefined)
		throw invalid('duration', 'belongs to a COMPLETED call');
	const now = sandbox.now();
	const duration =
		body.duration === undefined
			? Math.floor((now - call.startedAt) / 1000)
			: requireInteger(body, 'duration', 'duration', 0);
	call.endedAt = now;
	const end = Math.floor(now / 1000);
	const withheld = sandbox.config.withheldNumber;
	const delivery = sandbox.deliverNumberEvent(number.phone_number_id, 'calls', {
		contacts: [contactOf(customer, withheld)],
		calls: [
			{
				id: callId,
				...addressOf(customer, withheld),
				to: businessNumber(number),
				event: 'terminate',
				direction: 'USER_INITIATED',
				timestamp: String(end),
				status,
				...(status === 'COMPLETED'
					? { start_time: String(end - duration), end_time: String(end), duration }
					: {}),
			},
		],
	});
	return { call_id: callId, delivery_id: delivery?.id };
}

/** A made-up SDP offer (RFC 8866), enough for a receiver that passes it on. */
function defaultSdp(): string {
	return [
		'v=0',
		'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
		's=-',
		't=0 0',
		'a=group:BUNDLE 0',
		'm=audio 9 UDP/TLS/RTP/SAVPF 111',
		'c=IN IP4 0.0.0.0',
		'a=rtpmap:111 opus/48000/2',
		'',
	].join('\r\n');
}

/**
 * A customer's user ID changes (the platform regenerates it when they change their number): the
 * `system` message `user_changed_user_id` from their old identity and the `user_id_update` change,
 * then the sandbox knows them by the new one (their chats and window stay theirs).
 */
function changeUserId(sandbox: SandboxState, body: Json) {
	onlyKeys(
		body,
		[
			'phone_number_id',
			'from',
			'user_id',
			'new_user_id',
			'new_parent_user_id',
			'new_from',
			'events',
		],
		'',
	);
	const number = numberOf(sandbox, body);
	const store = sandbox.store;
	const from = body.from === undefined ? undefined : requireString(body, 'from', 'from');
	const userId = body.user_id === undefined ? undefined : requireString(body, 'user_id', 'user_id');
	if (from === undefined && userId === undefined)
		throw invalid(
			'user_id',
			'give user_id (the current user ID) or from (the number) of the customer',
		);
	const byNumber = from === undefined ? undefined : store.customerByNumber(from);
	const byUserId = userId === undefined ? undefined : store.customerByUserId(userId, false);
	if (from !== undefined && !byNumber)
		throw invalid('from', 'is not the number of a customer the sandbox knows');
	if (userId !== undefined && !byUserId)
		throw invalid('user_id', 'is not the user ID of a customer the sandbox knows');
	if (byNumber && byUserId && byNumber !== byUserId)
		throw invalid('user_id', `is not the user ID of customer ${from}`);
	const customer = (byNumber ?? byUserId)!;
	if (customer.user_id === undefined)
		throw invalid(
			'from',
			'names a customer without a user ID (POST /_sandbox/incoming with from and user_id gives them one)',
		);
	const newUserId = requireString(body, 'new_user_id', 'new_user_id');
	if (!isUserId(newUserId) || newUserId.includes('.ENT.'))
		throw invalid('new_user_id', 'must be a business-scoped user ID (US.20837465019283746501)');
	if (newUserId === customer.user_id) throw invalid('new_user_id', 'is the current user ID');
	if (store.customerByUserId(newUserId))
		throw invalid('new_user_id', 'belongs to another customer');
	let newParent: string | undefined;
	if (body.new_parent_user_id !== undefined) {
		newParent = requireString(body, 'new_parent_user_id', 'new_parent_user_id');
		if (!isUserId(newParent))
			throw invalid('new_parent_user_id', 'must be a parent user ID (US.ENT.20837465019283746502)');
		const owner = store.customerByUserId(newParent);
		if (owner && owner !== customer)
			throw invalid('new_parent_user_id', 'belongs to another customer');
	}
	let newFrom: string | undefined;
	if (body.new_from !== undefined) {
		newFrom = requireString(body, 'new_from', 'new_from');
		if (!CUSTOMER_NUMBER.test(newFrom))
			throw invalid('new_from', `must be the new number, ${CUSTOMER_NUMBER_RULE}`);
		const owner = store.customerByNumber(newFrom);
		if (owner && owner !== customer) throw invalid('new_from', 'is the number of another customer');
	}
	let events: readonly string[] = USER_ID_CHANGE_EVENTS;
	if (body.events !== undefined) {
		if (!Array.isArray(body.events) || body.events.length === 0)
			throw invalid('events', `must be a list of ${USER_ID_CHANGE_EVENTS.join(', ')}`);
		events = body.events.map((event, i) => oneOf(event, USER_ID_CHANGE_EVENTS, `events[${i}]`));
	}

	const withheld = sandbox.config.withheldNumber;
	const before = { ...customer };
	const after = store.saveCustomer({
		...customer,
		user_id: newUserId,
		...(newParent !== undefined ? { parent_user_id: newParent } : {}),
		...(newFrom !== undefined ? { wa_id: newFrom } : {}),
	});
	const deliveryIds: string[] = [];
	let messageId: string | undefined;
	if (events.includes('system')) {
		messageId = newMessageId();
		const delivery = sandbox.deliverMessage(number.phone_number_id, {
			...addressOf(before, withheld),
			id: messageId,
			timestamp: String(seconds(sandbox)),
			type: 'system',
			system: {
				body: `User ${before.name} changed from ${before.user_id} to ${newUserId}`,
				...numberField('wa_id', after.wa_id, withheld),
				user_id: newUserId,
				...(after.parent_user_id !== undefined ? { parent_user_id: after.parent_user_id } : {}),
				type: 'user_changed_user_id',
			},
		});
		if (delivery) deliveryIds.push(delivery.id);
	}
	if (events.includes('user_id_update')) {
		const parent =
			before.parent_user_id !== undefined || after.parent_user_id !== undefined
				? {
						parent_user_id: {
							...(before.parent_user_id !== undefined ? { previous: before.parent_user_id } : {}),
							...(after.parent_user_id !== undefined ? { current: after.parent_user_id } : {}),
						},
					}
				: {};
		const delivery = sandbox.deliverNumberEvent(number.phone_number_id, 'user_id_update', {
			user_id_update: [
				{
					...numberField('wa_id', after.wa_id, withheld),
					detail: `User id for ${before.name} has been updated.`,
					user_id: { previous: before.user_id, current: newUserId },
					...parent,
					timestamp: String(seconds(sandbox)),
				},
			],
		});
		if (delivery) deliveryIds.push(delivery.id);
	}
	return { message_id: messageId, delivery_ids: deliveryIds };
}
