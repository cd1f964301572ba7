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
	} else {
		if (!isObject(body[type]) && !Array.isArray(body[type]))
			throw invalid(type, `a ${type} message needs its "${type}" object, as the platform sends it`);
		message[type] = body[type];
	}
	const name = typeof body.name === 'string' ? body.name : 'Customer';
	const delivery = sandbox.receiveIncoming(numberId, { wa_id: from, name }, message);
	return { message_id: message.id, media_id: mediaId, delivery_id: delivery?.id };
}
