import { randomBytes } from 'node:crypto';
import { ErrorCode, invalid, refused } from '../errors';
import { messageStatusEvent } from '../events';
import { jsonBody, param, type SandboxPlugin } from '../http';
import type { Message, PhoneNumber } from '../model';
import { CONTENT_TYPES, validateContent } from '../rules/messageContent';
import { templateShape, validateSendParameters } from '../rules/templateParameters';
import type { SandboxState } from '../sandbox';
import { sendMessageSchema } from '../schemas/messages';
import { oneOf, onlyKeys, requireObject, requireString, type Json } from '../validate';

const WINDOW_MS = 24 * 60 * 60 * 1000;
/** A read receipt may name a message received at most 30 days ago (Cloud API). */
const READ_RECEIPT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const MESSAGE_TYPES = ['template', 'text', ...CONTENT_TYPES] as const;
const MESSAGE_KEYS = [
	'messaging_product',
	'recipient_type',
	'to',
	'type',
	'context',
	'biz_opaque_callback_data',
	...MESSAGE_TYPES,
];
/** Recipients whose number ends in 0000 are undeliverable: their send fails after "sent". */
export const UNDELIVERABLE_SUFFIX = '0000';

export const messageRoutes: SandboxPlugin = async (app, { sandbox }) => {
	/**
	 * Send (4.2): an APPROVED template, or any other Cloud API message type inside the customer's
	 * 24-hour window; or, with `status: "read"`, a read receipt for a received message.
	 */
	app.post('/:id/messages', { schema: sendMessageSchema }, async (request) => {
		const number = sandbox.store.number(request.apiKey, param(request, 'id'));
		const body = jsonBody(request);
		if (body.status !== undefined) return markRead(sandbox, number, body);
		onlyKeys(body, MESSAGE_KEYS, '');
		if (body.messaging_product !== 'whatsapp')
			throw invalid('messaging_product', 'must be "whatsapp"');
		if (body.recipient_type !== undefined && body.recipient_type !== 'individual')
			throw invalid('recipient_type', 'must be "individual"');
		const to = requireString(body, 'to', 'to');
		if (!/^\d{7,15}$/.test(to))
			throw invalid(
				'to',
				`must be the recipient number in international format, digits only without "+" (7 to 15 digits, got ${JSON.stringify(to)})`,
			);
		// Over the number's pace the platform refuses before looking at the message (130429, 131056).
		sandbox.limits.admit(number.phone_number_id, to);
		const type = oneOf(body.type, MESSAGE_TYPES, 'type');
		for (const other of MESSAGE_TYPES)
			if (other !== type && body[other] !== undefined)
				throw invalid(other, `does not belong in a ${type} message (type is "${type}")`);
		const message: Message = {
			id: newMessageId(),
			phoneNumberId: number.phone_number_id,
			to,
			type,
			status: 'accepted',
			createdAt: sandbox.now(),
		};

		if (type === 'template') {
			const template = requireObject(body.template, 'template');
			onlyKeys(template, ['name', 'language', 'components', 'namespace'], 'template');
			const name = requireString(template, 'name', 'template.name');
			const language = requireString(
				requireObject(template.language, 'template.language'),
				'code',
				'template.language.code',
			);
			const found = sandbox.store
				.templatesOf(number.accountId)
				.find((t) => t.name === name && t.language === language);
			if (!found)
				throw refused(
					ErrorCode.templateNotApproved,
					`Template ${name} does not exist in ${language} for this account`,
					'template.name',
				);
			if (found.status !== 'APPROVED') {
				throw refused(
					ErrorCode.templateNotApproved,
					`Template ${name} (${language}) is ${found.status}; only APPROVED templates can be sent`,
					'template.name',
				);
			}
			validateSendParameters(
				template.components,
				templateShape(found.components, found.parameter_format),
				{
					mediaUsable: (id) => void sandbox.store.usableMedia(request.apiKey, id),
					now: sandbox.now(),
				},
			);
			message.template = { name, language, id: found.id };
			message.content = structuredClone(template);
		} else {
			if (type === 'text') {
				const text = requireObject(body.text, 'text');
				onlyKeys(text, ['body', 'preview_url'], 'text');
				requireString(text, 'body', 'text.body', 4096);
				if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean')
					throw invalid('text.preview_url', 'must be true or false');
				message.content = structuredClone(text);
			} else {
				message.content = validateContent(type, body[type], {
					media: (id) => sandbox.store.usableMedia(request.apiKey, id),
					exchanged: (id) => exchanged(sandbox, number.phone_number_id, to, id),
				});
			}
			const lastIncoming = sandbox.store.customerWindows.get(`${number.phone_number_id}:${to}`);
			if (lastIncoming === undefined || sandbox.now() - lastIncoming > WINDOW_MS) {
				throw refused(
					ErrorCode.outsideCustomerWindow,
					"A conversation started by the business must start with an approved template: text is allowed only within 24 hours of the customer's last message",
					'type',
				);
			}
		}
		if (body.context !== undefined) {
			// A reply (Cloud API `context`): it must name a message this number exchanged.
			const context = requireObject(body.context, 'context');
			onlyKeys(context, ['message_id'], 'context');
			const replyTo = requireString(context, 'message_id', 'context.message_id');
			if (!/^wamid\./.test(replyTo))
				throw invalid('context.message_id', 'must be a message ID (it starts with "wamid.")');
			message.replyTo = replyTo;
			message.context = { message_id: replyTo };
		}
		if (body.biz_opaque_callback_data !== undefined) {
			// Cloud API: any text up to 512 characters, handed back in the message's receipts.
			const data = body.biz_opaque_callback_data;
			if (typeof data !== 'string' || data.length > 512)
				throw invalid('biz_opaque_callback_data', 'must be a text of at most 512 characters');
			message.callbackData = data;
		}
		sandbox.store.messages.set(message.id, message);
		scheduleReceipts(sandbox, number, message);
		return {
			messaging_product: 'whatsapp',
			contacts: [{ input: to, wa_id: to }],
			messages: [{ id: message.id, message_status: 'accepted' }],
		};
	});
};

/** Whether `messageId` was sent to `customer`, or received from them, on this number. */
function exchanged(
	sandbox: SandboxState,
	phoneNumberId: string,
	customer: string,
	messageId: string,
): boolean {
	const sent = sandbox.store.messages.get(messageId);
	if (sent && sent.phoneNumberId === phoneNumberId && sent.to === customer) return true;
	const received = sandbox.store.received.get(messageId);
	return (
		received !== undefined && received.phoneNumberId === phoneNumberId && received.from === customer
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
			other.from === received.from &&
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

/** sent, delivered and read receipts (or sent then failed), each after its configured delay. */
function scheduleReceipts(sandbox: SandboxState, number: PhoneNumber, message: Message): void {
	const store = sandbox.store;
	const delays = sandbox.config.receiptDelaysMs;
	const steps: { status: 'sent' | 'delivered' | 'read' | 'failed'; at: number }[] =
		message.to.endsWith(UNDELIVERABLE_SUFFIX)
			? [
					{ status: 'sent', at: delays.sent },
					{ status: 'failed', at: delays.delivered },
				]
			: [
					{ status: 'sent', at: delays.sent },
					{ status: 'delivered', at: delays.delivered },
					{ status: 'read', at: delays.read },
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
							message:
								'The recipient number is not on the messaging platform or cannot receive messages',
						}
					: undefined;
			sandbox.webhooks.emit(
				messageStatusEvent(account, number, message, step.status, sandbox.now(), error),
			);
		});
	}
}
