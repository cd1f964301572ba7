import { randomBytes } from 'node:crypto';
import { CUSTOMER_NUMBER, customerOfAddress, isUserId, sentTo } from '../customers';
import { ApiError, ErrorCode, invalid, refused } from '../errors';
import { messageStatusEvent } from '../events';
import { jsonBody, param, type Endpoint, type SandboxPlugin } from '../http';
import type { FastifyRequest } from 'fastify';
import type { Customer, Message, PhoneNumber, Pricing, Template, TemplateCategory } from '../model';
import { cloudApiTakesMarketing } from '../rules/marketingMessages';
import { callbackData, replyTo } from '../rules/messageEnvelope';
import { CONTENT_TYPES, textContent, validateContent } from '../rules/messageContent';
import { templateToSend } from '../rules/templateSend';
import { takenBack } from '../routing';
import type { SandboxState } from '../sandbox';
import { oneOf, onlyKeys, requireObject, requireString, type Json } from '../validate';

/** A read receipt may name a message received at most 30 days ago (Cloud API). */
const READ_RECEIPT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const MESSAGE_TYPES = ['template', 'text', ...CONTENT_TYPES] as const;
const MESSAGE_KEYS = [
	'messaging_product',
	'recipient_type',
	'to',
	'recipient',
	'type',
	'context',
	'biz_opaque_callback_data',
	...MESSAGE_TYPES,
];
/** Recipients (a number or a user ID) ending in 0000 are undeliverable: their send fails after "sent". */
export const UNDELIVERABLE_SUFFIX = '0000';

export const messageRoutes: SandboxPlugin = async (app, { sandbox }) => {
	/** A send (sendMessage), or, with `status: "read"`, a read receipt for a received message. */
	app.post('/:id/messages', async (request) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const body = jsonBody(request);
		if (body.status !== undefined) return markRead(sandbox, number, body);
		return sendMessage(sandbox, request, number, body, {
			template: (template) => cloudApiTakesMarketing(sandbox.config.marketingOnCloudApi, template),
		});
	});
};

/** What another endpoint that sends (the Marketing Messages API) adds to a send. */
export interface SendRules {
	/** Keys the endpoint takes beside a message's own (it has read them). */
	extraKeys?: readonly string[];
	/** A check of the template sent, before anything is stored. */
	template?: (template: Template) => void;
	/** What the endpoint records on the message it stored. */
	mark?: (message: Message) => void;
}

/**
 * Send (4.2): an APPROVED template, or any other Cloud API message type inside the customer's
 * 24-hour window. Answers the Cloud API's `{messaging_product, contacts, messages}`.
 */
export function sendMessage(
	sandbox: SandboxState,
	request: FastifyRequest,
	number: PhoneNumber,
	body: Json,
	rules: SendRules = {},
) {
	onlyKeys(body, [...MESSAGE_KEYS, ...(rules.extraKeys ?? [])], '');
	if (body.messaging_product !== 'whatsapp')
		throw invalid('messaging_product', 'must be "whatsapp"');
	if (body.recipient_type !== undefined && body.recipient_type !== 'individual')
		throw invalid('recipient_type', 'must be "individual"');
	const address = recipientOf(body);
	const customer = customerOfAddress(sandbox.store, address);
	// Over the number's pace the platform refuses before looking at the message (130429, 131056).
	sandbox.limits.admit(
		number.phone_number_id,
		customer?.id ?? address.to ?? address.recipient ?? '',
	);
	const type = oneOf(body.type, MESSAGE_TYPES, 'type');
	for (const other of MESSAGE_TYPES)
		if (other !== type && body[other] !== undefined)
			throw invalid(other, `does not belong in a ${type} message (type is "${type}")`);
	const windowOpen =
		customer !== undefined &&
		sandbox.store.windowOpen(number.phone_number_id, customer, sandbox.now());
	// The Block Users API: a business cannot message a customer it blocked.
	if (customer && sandbox.store.isBlocked(number.phone_number_id, customer))
		throw refused(
			ErrorCode.blockedUser,
			'Unable to deliver the message. This business has blocked the end user on WhatsApp',
		);
	const message: Message = {
		id: newMessageId(),
		phoneNumberId: number.phone_number_id,
		...address,
		...(customer ? { customerId: customer.id } : {}),
		type,
		pricing: SERVICE_PRICING,
		status: 'accepted',
		createdAt: sandbox.now(),
	};

	if (type === 'template') {
		const { template, content } = templateToSend(body.template, {
			templates: sandbox.store.templatesOf(number.accountId),
			toUserId: address.to === undefined,
			mediaUsable: (id) => void sandbox.store.usableMedia(request.apiKey, id),
			now: sandbox.now(),
			catalog: sandbox.store.connectedCatalog(request.apiKey),
		});
		rules.template?.(template);
		message.template = { name: template.name, language: template.language, id: template.id };
		message.content = content;
		message.pricing = templatePricing(template.category, windowOpen);
	} else {
		message.content =
			type === 'text'
				? textContent(body.text)
				: validateContent(type, body[type], {
						media: (id) => sandbox.store.usableMedia(request.apiKey, id),
						exchanged: (id) => exchanged(sandbox, number.phone_number_id, message, customer, id),
						flows: () => sandbox.store.flowsOf(number.accountId),
						catalogs: {
							catalog: (id) => {
								const catalog = sandbox.store.catalogs.get(id);
								return catalog?.apiKey === request.apiKey ? catalog : undefined;
							},
							connectedCatalog: () => sandbox.store.connectedCatalog(request.apiKey),
						},
					});
		if (!windowOpen)
			throw refused(
				ErrorCode.outsideCustomerWindow,
				"A conversation started by the business must start with an approved template: text is allowed only within 24 hours of the customer's last message",
				'type',
			);
	}
	if (body.context !== undefined) {
		message.replyTo = replyTo(body.context);
		message.context = { message_id: message.replyTo };
	}
	if (body.biz_opaque_callback_data !== undefined)
		message.callbackData = callbackData(body.biz_opaque_callback_data);
	rules.mark?.(message);
	sandbox.store.messages.set(message.id, message);
	// A service message to a chat another app owns takes it back (routing.ts).
	if (customer && type !== 'template') takenBack(sandbox.store, number.phone_number_id, customer);
	scheduleReceipts(sandbox, number, message);
	return {
		messaging_product: 'whatsapp',
		contacts: [
			address.to !== undefined
				? { input: address.to, wa_id: address.to }
				: { input: address.recipient, user_id: address.recipient },
		],
		messages: [{ id: message.id, message_status: 'accepted' }],
	};
}

type Address = { to: string; recipient?: undefined } | { to?: undefined; recipient: string };

/**
 * Whom a send is addressed to (Meta, 2026): `to`, a number; or `recipient`, a business-scoped user
 * ID or parent user ID. With both, `to` wins and `recipient` is ignored; with neither, Meta's
 * "The parameter to is required." (100).
 */
function recipientOf(body: Json): Address {
	if (body.to !== undefined) {
		const to = body.to;
		if (isUserId(to))
			throw invalid(
				'to',
				`is a business-scoped user ID: send it in "recipient" instead of "to" (got ${JSON.stringify(to)})`,
			);
		if (typeof to === 'string' && /^0\d*$/.test(to))
			throw invalid(
				'to',
				`must start with the country code, and no country code starts with 0: a number starting with 0 is a national one, or still has its international prefix 00 (got ${JSON.stringify(to)})`,
			);
		if (typeof to !== 'string' || !CUSTOMER_NUMBER.test(to))
			throw invalid(
				'to',
				`must be the recipient number in international format, digits only without "+" (7 to 15 digits, got ${JSON.stringify(to)})`,
			);
		return { to };
	}
	if (body.recipient === undefined)
		throw new ApiError(
			400,
			ErrorCode.invalidParameter,
			'The parameter to is required.',
			'OAuthException',
			'to',
		);
	if (!isUserId(body.recipient))
		throw invalid(
			'recipient',
			`must be a business-scoped user ID (US.13491208655302741918) or parent user ID (US.ENT.11815799212886844830); a number goes in "to" (got ${JSON.stringify(body.recipient)})`,
		);
	return { recipient: body.recipient };
}

/** Meta's per-message pricing (PMP): what a message is charged as, fixed when it is sent. */
const SERVICE_PRICING: Pricing = {
	billable: false,
	category: 'service',
	type: 'free_customer_service',
	pricing_model: 'PMP',
};

/** A template is charged by its category; a utility template inside the window is free. */
function templatePricing(category: TemplateCategory, windowOpen: boolean): Pricing {
	const free = category === 'UTILITY' && windowOpen;
	return {
		billable: !free,
		category: category.toLowerCase() as Pricing['category'],
		type: free ? 'free_customer_service' : 'regular',
		pricing_model: 'PMP',
	};
}

/** Whether `messageId` was sent to this send's customer, or received from them, on this number. */
function exchanged(
	sandbox: SandboxState,
	phoneNumberId: string,
	send: Message,
	customer: Customer | undefined,
	messageId: string,
): boolean {
	const sent = sandbox.store.messages.get(messageId);
	if (sent && sent.phoneNumberId === phoneNumberId) {
		if (
			customer ? sentTo(sent, customer) : sent.to === send.to && sent.recipient === send.recipient
		)
			return true;
	}
	const received = sandbox.store.received.get(messageId);
	return (
		customer !== undefined &&
		received !== undefined &&
		received.phoneNumberId === phoneNumberId &&
		received.customerId === customer.id
	);
}

/**
 * The read receipt (Cloud API "mark as read"): `{messaging_product, status: "read", message_id,
 * typing_indicator?: {type: "text"}}` for a message received on this number in the last 30 days.
 * As on the platform, the customer's earlier messages on this number are marked read with it.
 */
function markRead(sandbox: SandboxState, number: PhoneNumber, body: Json): { success: true } {
	onlyKeys(body, ['messaging_product', 'status', 'message_id', 'typing_indicator'], '');
	if (body.messaging_product !== 'whatsapp')
		throw invalid('messaging_product', 'must be "whatsapp"');
	oneOf(body.status, ['read'], 'status');
	const messageId = requireString(body, 'message_id', 'message_id');
	const received = sandbox.store.received.get(messageId);
	if (!received || received.phoneNumberId !== number.phone_number_id)
		throw invalid(
			'message_id',
			`is not a message received on phone number ${number.phone_number_id} (got ${JSON.stringify(messageId)})`,
		);
	if (sandbox.now() - received.receivedAt > READ_RECEIPT_MAX_AGE_MS)
		throw invalid(
			'message_id',
			'was received more than 30 days ago and can no longer be marked read',
		);
	let typingIndicator = false;
	if (body.typing_indicator !== undefined) {
		const indicator = requireObject(body.typing_indicator, 'typing_indicator');
		onlyKeys(indicator, ['type'], 'typing_indicator');
		oneOf(indicator.type, ['text'], 'typing_indicator.type');
		typingIndicator = true;
	}
	const now = sandbox.now();
	// The store keeps arrival order: every message of this chat up to this one is marked read.
	// (Comparing receivedAt would also mark later messages that arrived in the same millisecond.)
	for (const other of sandbox.store.received.values()) {
		if (
			other.phoneNumberId === received.phoneNumberId &&
			other.customerId === received.customerId &&
			other.readAt === undefined
		)
			other.readAt = now;
		if (other === received) break;
	}
	received.typingIndicator = typingIndicator;
	return { success: true };
}

function newMessageId(): string {
	return `wamid.${randomBytes(24).toString('base64url')}`;
}

function isVoiceNote(message: Message): boolean {
	const content = message.content as { voice?: unknown } | undefined;
	return message.type === 'audio' && content?.voice === true;
}

/**
 * sent, delivered and read receipts (or sent then failed), each after its configured delay; a
 * voice note's played receipt after them.
 */
function scheduleReceipts(sandbox: SandboxState, number: PhoneNumber, message: Message): void {
	const store = sandbox.store;
	const delays = sandbox.config.receiptDelaysMs;
	const steps: { status: 'sent' | 'delivered' | 'read' | 'played' | 'failed'; at: number }[] = (
		message.to ??
		message.recipient ??
		''
	).endsWith(UNDELIVERABLE_SUFFIX)
		? [
				{ status: 'sent', at: delays.sent },
				{ status: 'failed', at: delays.delivered },
			]
		: [
				{ status: 'sent', at: delays.sent },
				{ status: 'delivered', at: delays.delivered },
				{ status: 'read', at: delays.read },
				// A voice note is played once (Meta's "played" status since 2026-03-17), never before read.
				...(isVoiceNote(message)
					? [{ status: 'played' as const, at: Math.max(delays.read, delays.played) }]
					: []),
			];
	for (const step of steps) {
		sandbox.scheduler.schedule(step.at, () => {
			const account = store.accounts.get(number.accountId);
			if (sandbox.store !== store || !account) return;
			message.status = step.status;
			const error =
				step.status === 'failed'
					? {
							code: 131026,
							title: 'Message undeliverable',
							message: 'Message undeliverable',
							details: 'The recipient is not on the messaging platform or cannot receive messages',
						}
					: undefined;
			// The customer as known now: a user ID learnt since the send shows in later receipts.
			const customer =
				message.customerId !== undefined
					? store.customers.get(message.customerId)
					: customerOfAddress(store, message);
			sandbox.webhooks.emit(
				messageStatusEvent(account, number, message, step.status, sandbox.now(), {
					error,
					customer,
					withheld: sandbox.config.withheldNumber,
				}),
			);
		});
	}
}

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		spec: '4.2',
		route: '`POST /{phone_number_id}/messages`',
		notes: 'every Cloud API message type, or a read receipt ([below](#conversations))',
	},
];
