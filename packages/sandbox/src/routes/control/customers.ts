import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { invalid, notFound } from '../../errors';
import { demoPdf, demoPng } from '../../demoFiles';
import { jsonBody, query, requiredQuery, type SandboxPlugin } from '../../http';
import { extensionFor, sha256, syntheticSha256, TooLargeError } from '../../mediaFiles';
import { customerDraft } from '../../customers';
import type { Customer, Media, Message } from '../../model';
import type { SandboxState } from '../../sandbox';
import { customerOrder, referredProductContext } from './customerOrders';
import { LAST_SENT, replyContext, sentMessage } from './replies';
import { isObject, oneOf, requireInteger, requireString, type Json } from '../../validate';

const MEDIA_MESSAGE_TYPES = ['image', 'document', 'audio', 'video', 'sticker'] as const;
const MESSAGE_TYPES = [
	'text',
	...MEDIA_MESSAGE_TYPES,
	'location',
	'contacts',
	'interactive',
	'button',
	'reaction',
	'flow',
	'order',
] as const;

/** The control API's customers: their incoming messages, and the media of the numbers. */
export const customerRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.post('/incoming', async (request) => simulateIncoming(sandbox, jsonBody(request)));
	app.get('/incoming', async () => ({
		data: [...sandbox.store.received.values()].map(
			({ customerId: _internal, ...received }) => received,
		),
	}));

	app.post('/media', async (request) => {
		const numberId = requiredQuery(request, 'phone_number_id');
		const number = sandbox.store.numbers.get(numberId);
		if (!number) throw notFound('Phone number', numberId);
		if (!(request.body instanceof Readable))
			throw invalid('body', 'send the file as the raw request body with its Content-Type');
		const mimeType = String(request.headers['content-type'] ?? 'application/octet-stream')
			.split(';')[0]
			.trim();
		try {
			const saved = await sandbox.files.save(request.body, sandbox.config.maxMediaBytes);
			const media = addMedia(
				sandbox,
				number.phone_number_id,
				mimeType,
				query(request, 'file_name'),
				{
					size: saved.size,
					sha256: saved.sha256,
					source: { kind: 'file', path: saved.path },
				},
			);
			return { id: media.id, size: media.size, sha256: media.sha256 };
		} catch (error) {
			if (error instanceof TooLargeError)
				throw invalid('body', `must be at most ${error.maxBytes} bytes`);
			throw error;
		}
	});

	app.post('/media/synthetic', async (request) => {
		const body = jsonBody(request);
		const numberId = requireString(body, 'phone_number_id', 'phone_number_id');
		if (!sandbox.store.numbers.has(numberId)) throw notFound('Phone number', numberId);
		const size = requireInteger(body, 'size', 'size', 0, sandbox.config.maxMediaBytes);
		const seed = body.seed === undefined ? 1 : requireInteger(body, 'seed', 'seed');
		const mimeType =
			body.mime_type === undefined
				? 'application/octet-stream'
				: requireString(body, 'mime_type', 'mime_type');
		const media = addMedia(
			sandbox,
			numberId,
			mimeType,
			typeof body.file_name === 'string' ? body.file_name : undefined,
			{
				size,
				sha256: syntheticSha256(seed, size),
				source: { kind: 'synthetic', seed },
			},
		);
		return { id: media.id, size: media.size, sha256: media.sha256 };
	});
};

function addMedia(
	sandbox: SandboxState,
	phoneNumberId: string,
	mimeType: string,
	fileName: string | undefined,
	content: Pick<Media, 'size' | 'sha256' | 'source'>,
): Media {
	const number = sandbox.store.numbers.get(phoneNumberId)!;
	const media: Media = {
		id: sandbox.store.newId('media'),
		apiKey: number.apiKey,
		phoneNumberId,
		mimeType,
		fileName,
		...content,
	};
	sandbox.store.media.set(media.id, media);
	return media;
}

/**
 * A customer's message arriving on one of the numbers: media is stored and referenced by ID. The
 * customer is named by `from` (their number), `user_id` (their business-scoped user ID), or both.
 */
function simulateIncoming(sandbox: SandboxState, body: Json) {
	const numberId = requireString(body, 'phone_number_id', 'phone_number_id');
	if (!sandbox.store.numbers.has(numberId)) throw notFound('Phone number', numberId);
	const draft = customerDraft(sandbox.store, body);
	const customer = draft.view;
	const type = body.type === undefined ? 'text' : oneOf(body.type, MESSAGE_TYPES, 'type');
	const message: Json = {
		id: `wamid.${randomBytes(24).toString('base64url')}`,
		timestamp: String(Math.floor(sandbox.now() / 1000)),
		type: type === 'flow' ? 'interactive' : type,
	};
	if (isObject(body.context)) message.context = body.context;
	if (type === 'interactive' && body.reply_to !== undefined) {
		const reply = interactiveReply(sandbox, numberId, customer, body);
		message.context = reply.context;
		message.interactive = reply.interactive;
	}
	if (type === 'button' && body.reply_to !== undefined) {
		const tap = templateButtonTap(sandbox, numberId, customer, body);
		message.context = tap.context;
		message.button = tap.button;
	}
	if (type === 'flow') {
		const answer = flowAnswer(sandbox, numberId, customer, body);
		if (answer.context) message.context = answer.context;
		message.interactive = answer.interactive;
	}
	if (type === 'order') {
		const order = customerOrder(sandbox, numberId, customer, body);
		message.order = order.order;
		if (order.context) message.context = order.context;
	}
	if (body.referred_product !== undefined)
		message.context = referredProductContext(sandbox, numberId, customer, body);
	let mediaId: string | undefined;
	if ((MEDIA_MESSAGE_TYPES as readonly string[]).includes(type)) {
		const spec = isObject(body.media) ? body.media : {};
		const mimeType =
			typeof spec.mime_type === 'string'
				? spec.mime_type
				: type === 'image'
					? 'image/png'
					: type === 'document'
						? 'application/pdf'
						: type === 'audio'
							? 'audio/ogg'
							: type === 'video'
								? 'video/mp4'
								: 'image/webp';
		let content: Pick<Media, 'size' | 'sha256' | 'source'>;
		if (typeof spec.size === 'number') {
			const seed = typeof spec.seed === 'number' ? spec.seed : 1;
			content = {
				size: spec.size,
				sha256: syntheticSha256(seed, spec.size),
				source: { kind: 'synthetic', seed },
			};
		} else {
			const data =
				typeof spec.base64 === 'string'
					? Buffer.from(spec.base64, 'base64')
					: typeof spec.text === 'string'
						? Buffer.from(spec.text)
						: mimeType === 'image/png'
							? demoPng()
							: demoPdf('A file from a customer');
			content = { size: data.length, sha256: sha256(data), source: { kind: 'bytes', data } };
		}
		const fileName = typeof spec.file_name === 'string' ? spec.file_name : undefined;
		const media = addMedia(sandbox, numberId, mimeType, fileName, content);
		mediaId = media.id;
		message[type] = {
			id: media.id,
			mime_type: mimeType,
			sha256: media.sha256,
			...(type === 'document'
				? { filename: fileName ?? `${media.id}.${extensionFor(mimeType)}` }
				: {}),
			...(typeof body.caption === 'string' ? { caption: body.caption } : {}),
		};
	} else if (type === 'text') {
		message.text = { body: typeof body.text === 'string' ? body.text : 'Hello!' };
	} else if (message[String(message.type)] === undefined) {
		if (!isObject(body[type]) && !Array.isArray(body[type]))
			throw invalid(type, `a ${type} message needs its "${type}" object, as the platform sends it`);
		message[type] = body[type];
	}
	const saved = draft.save();
	const delivery = sandbox.receiveIncoming(numberId, saved, message);
	return {
		message_id: message.id,
		media_id: mediaId,
		delivery_id: delivery?.id,
		// The number blocked this customer: the platform drops what they write.
		...(sandbox.store.isBlocked(numberId, saved) ? { dropped: 'blocked by the number' } : {}),
	};
}

/**
 * A customer's tap on a reply button or a list row of an interactive message the business sent
 * them: `{reply_to: <its wamid>, button_id | row_id}` gives the Cloud API's `button_reply` /
 * `list_reply` (title, and a row's description, from the sent message) and the `context` naming it.
 */
function interactiveReply(sandbox: SandboxState, numberId: string, customer: Customer, body: Json) {
	const replyTo = requireString(body, 'reply_to', 'reply_to');
	// The way to tap a template's button is another type: say which, rather than only "no".
	if (sandbox.store.messages.get(replyTo)?.type === 'template')
		throw invalid(
			'reply_to',
			'is a template message: tap its quick-reply button with {"type": "button", "reply_to": <its wamid>, "button_index": <the button\'s index among the template\'s buttons>}',
		);
	const sent = sentMessage(
		sandbox,
		numberId,
		customer,
		replyTo,
		'an interactive message',
		(m) => m.type === 'interactive' && isObject(m.content),
	);
	const content = sent.content as Json;
	const context = replyContext(sandbox, numberId, sent.id);
	const action = isObject(content.action) ? content.action : {};
	if ((body.button_id === undefined) === (body.row_id === undefined))
		throw invalid(
			'button_id',
			'give button_id (a reply button) or row_id (a list row), one of them',
		);
	if (body.button_id !== undefined) {
		const id = requireString(body, 'button_id', 'button_id');
		const buttons = (Array.isArray(action.buttons) ? action.buttons : []).flatMap((button) =>
			isObject(button) && isObject(button.reply) ? [button.reply] : [],
		);
		const button = buttons.find((reply) => reply.id === id);
		if (content.type !== 'button' || !button)
			throw invalid(
				'button_id',
				`is not a reply button of message ${replyTo} (its buttons: ${buttons.map((b) => String(b.id)).join(', ') || 'none'})`,
			);
		return {
			context,
			interactive: { type: 'button_reply', button_reply: { id, title: button.title } },
		};
	}
	const id = requireString(body, 'row_id', 'row_id');
	const rows = (Array.isArray(action.sections) ? action.sections : []).flatMap((section) =>
		isObject(section) && Array.isArray(section.rows) ? section.rows.filter(isObject) : [],
	);
	const row = rows.find((r) => r.id === id);
	if (content.type !== 'list' || !row)
		throw invalid(
			'row_id',
			`is not a row of list message ${replyTo} (its rows: ${rows.map((r) => String(r.id)).join(', ') || 'none'})`,
		);
	return {
		context,
		interactive: {
			type: 'list_reply',
			list_reply: {
				id,
				title: row.title,
				...(row.description === undefined ? {} : { description: row.description }),
			},
		},
	};
}

/**
 * A customer's tap on a quick-reply button of a template the business sent them:
 * `{type: "button", reply_to: <its wamid>, button_index}` (the button's index among the
 * template's buttons, as a send names it) gives the Cloud API's `button` message: the button's
 * `text`, and the `payload` the send gave that button, else the text.
 */
function templateButtonTap(
	sandbox: SandboxState,
	numberId: string,
	customer: Customer,
	body: Json,
) {
	const replyTo = requireString(body, 'reply_to', 'reply_to');
	const sent = sentMessage(
		sandbox,
		numberId,
		customer,
		replyTo,
		'a template',
		(m) => m.type === 'template' && m.template !== undefined,
	);
	const index = requireInteger(body, 'button_index', 'button_index', 0, 9);
	const template = sandbox.store.templates.get(sent.template!.id);
	const buttonsComponent = (template?.components ?? []).find(
		(c): c is Json => isObject(c) && String(c.type).toUpperCase() === 'BUTTONS',
	);
	const buttons = Array.isArray(buttonsComponent?.buttons) ? buttonsComponent.buttons : [];
	const button = buttons[index];
	if (!isObject(button) || button.type !== 'QUICK_REPLY')
		throw invalid(
			'button_index',
			`is not a quick-reply button of template ${sent.template!.name} (its buttons: ${buttons.map((b, i) => `${i} ${isObject(b) ? String(b.type) : '?'}`).join(', ') || 'none'})`,
		);
	const content = isObject(sent.content) ? sent.content : {};
	const parameter = (Array.isArray(content.components) ? content.components : [])
		.filter(isObject)
		.find((c) => c.sub_type === 'quick_reply' && String(c.index) === String(index));
	const first = Array.isArray(parameter?.parameters) ? parameter.parameters[0] : undefined;
	const text = String(button.text);
	return {
		context: replyContext(sandbox, numberId, sent.id),
		button: { payload: isObject(first) ? String(first.payload) : text, text },
	};
}

/**
 * A customer's answer to a WhatsApp Flow, as the platform delivers it: an `interactive` message of
 * type `nfm_reply` (`name: "flow"`, `body: "Sent"`) whose `response_json` is the answers with the
 * `flow_token`. `{response: {<answers>}, flow_token?, reply_to?}`: `reply_to` names the message
 * with the Flow that this number sent the customer (the `context`); the token defaults to the one
 * that message carried (an interactive flow message's, or a template's flow button), else
 * "unused" (the platform's default).
 */
function flowAnswer(sandbox: SandboxState, numberId: string, customer: Customer, body: Json) {
	const response = body.response === undefined ? {} : body.response;
	if (!isObject(response))
		throw invalid('response', "must be a JSON object: the Flow's answers, by field name");
	let context: { from: string; id: string } | undefined;
	let sentToken: string | undefined;
	if (body.reply_to !== undefined) {
		const replyTo = requireString(body, 'reply_to', 'reply_to');
		// "last" is the newest message with a Flow; an ID may name any message (a Flow's answer
		// can quote another).
		const sent = sentMessage(
			sandbox,
			numberId,
			customer,
			replyTo,
			replyTo === LAST_SENT ? 'a message with a Flow' : 'a message',
			(m) => replyTo !== LAST_SENT || flowTokenOf(m) !== undefined,
		);
		context = replyContext(sandbox, numberId, sent.id);
		sentToken = flowTokenOf(sent);
	}
	if (body.flow_token !== undefined) requireString(body, 'flow_token', 'flow_token');
	const flowToken = (body.flow_token as string | undefined) ?? sentToken ?? 'unused';
	return {
		context,
		interactive: {
			type: 'nfm_reply',
			nfm_reply: {
				name: 'flow',
				body: typeof body.body === 'string' ? body.body : 'Sent',
				response_json: JSON.stringify({ ...response, flow_token: flowToken }),
			},
		},
	};
}

/** The `flow_token` a sent interactive flow message, or a template's flow button, carried. */
function flowTokenOf(sent: Message): string | undefined {
	const content = sent.content;
	if (isObject(content) && content.type === 'flow' && isObject(content.action)) {
		const parameters = content.action.parameters;
		return isObject(parameters) && typeof parameters.flow_token === 'string'
			? parameters.flow_token
			: undefined;
	}
	if (!isObject(content) || !Array.isArray(content.components)) return undefined;
	for (const component of content.components) {
		if (!isObject(component) || component.sub_type !== 'flow') continue;
		const parameters = Array.isArray(component.parameters) ? component.parameters : [];
		for (const parameter of parameters)
			if (isObject(parameter) && isObject(parameter.action))
				if (typeof parameter.action.flow_token === 'string') return parameter.action.flow_token;
	}
	return undefined;
}
