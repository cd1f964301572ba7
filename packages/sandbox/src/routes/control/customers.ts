import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { invalid, notFound } from '../../errors';
import { demoPdf, demoPng } from '../../demoFiles';
import { jsonBody, query, requiredQuery, type SandboxPlugin } from '../../http';
import { extensionFor, sha256, syntheticSha256, TooLargeError } from '../../mediaFiles';
import type { Media } from '../../model';
import type { SandboxState } from '../../sandbox';
import {
	incomingSchema,
	receivedSchema,
	storeMediaSchema,
	syntheticMediaSchema,
} from '../../schemas/controlEvents';
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
] as const;

/** The control API's customers: their incoming messages, and the media of the numbers. */
export const customerRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.post('/incoming', { schema: incomingSchema }, async (request) =>
		simulateIncoming(sandbox, jsonBody(request)),
	);
	app.get('/incoming', { schema: receivedSchema }, async () => ({
		data: [...sandbox.store.received.values()],
	}));

	app.post('/media', { schema: storeMediaSchema }, async (request) => {
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

	app.post('/media/synthetic', { schema: syntheticMediaSchema }, async (request) => {
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

/** A customer's message arriving on one of the numbers: media is stored and referenced by ID. */
function simulateIncoming(sandbox: SandboxState, body: Json) {
	const numberId = requireString(body, 'phone_number_id', 'phone_number_id');
	if (!sandbox.store.numbers.has(numberId)) throw notFound('Phone number', numberId);
	const from = requireString(body, 'from', 'from');
	if (!/^\d{7,15}$/.test(from)) throw invalid('from', 'must be the customer number, digits only');
	const type = body.type === undefined ? 'text' : oneOf(body.type, MESSAGE_TYPES, 'type');
	const message: Json = {
		from,
		id: `wamid.${randomBytes(24).toString('base64url')}`,
		timestamp: String(Math.floor(sandbox.now() / 1000)),
		type,
	};
	if (isObject(body.context)) message.context = body.context;
	if (type === 'interactive' && body.reply_to !== undefined) {
		const reply = interactiveReply(sandbox, numberId, from, body);
		message.context = reply.context;
		message.interactive = reply.interactive;
	}
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
	} else if (message[type] === undefined) {
		if (!isObject(body[type]) && !Array.isArray(body[type]))
			throw invalid(type, `a ${type} message needs its "${type}" object, as the platform sends it`);
		message[type] = body[type];
	}
	const name = typeof body.name === 'string' ? body.name : 'Customer';
	const delivery = sandbox.receiveIncoming(numberId, { wa_id: from, name }, message);
	return { message_id: message.id, media_id: mediaId, delivery_id: delivery?.id };
}

/**
 * A customer's tap on a reply button or a list row of an interactive message the business sent
 * them: `{reply_to: <its wamid>, button_id | row_id}` gives the Cloud API's `button_reply` /
 * `list_reply` (title, and a row's description, from the sent message) and the `context` naming it.
 */
function interactiveReply(sandbox: SandboxState, numberId: string, from: string, body: Json) {
	const replyTo = requireString(body, 'reply_to', 'reply_to');
	const sent = sandbox.store.messages.get(replyTo);
	const content = sent?.content;
	if (
		!sent ||
		sent.phoneNumberId !== numberId ||
		sent.to !== from ||
		sent.type !== 'interactive' ||
		!isObject(content)
	)
		throw invalid(
			'reply_to',
			`must be the ID of an interactive message this number sent to ${from} (got ${JSON.stringify(replyTo)})`,
		);
	const number = sandbox.store.numbers.get(numberId)!;
	const context = { from: number.wanumber.replace(/^\+/, ''), id: replyTo };
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
