import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes } from 'node:crypto';
import { ApiError, ErrorCode, notFound } from '../errors';
import { baseUrlOf, param, query, requiredQuery, type Endpoint, type SandboxPlugin } from '../http';
import { extensionFor } from '../mediaFiles';
import type { Media } from '../model';
import type { SandboxState } from '../sandbox';
import type { Json } from '../validate';

const URL_SECRET = randomBytes(32);

export const mediaRoutes: SandboxPlugin = async (app, { sandbox }) => {
	/** Download by URL (4.6): only a URL this sandbox issued, unaltered, within its 5 minutes. */
	app.get('/chat_business/attachments/', async (request, reply) => {
		const mid = requiredQuery(request, 'mid');
		const ext = requiredQuery(request, 'ext');
		const hash = requiredQuery(request, 'hash');
		const issued = sandbox.store.mediaUrls.get(hash);
		if (!issued || issued.mid !== mid || issued.ext !== ext) {
			throw new ApiError(
				404,
				ErrorCode.mediaUrlExpired,
				'This media URL is not valid: call it exactly as returned (mid, ext and hash unchanged)',
				'NotFoundError',
			);
		}
		if (sandbox.now() - issued.issuedAt > sandbox.config.mediaUrlTtlMs) {
			throw new ApiError(
				404,
				ErrorCode.mediaUrlExpired,
				'This media URL has expired: media URLs are valid for 5 minutes; retrieve a new one',
				'NotFoundError',
			);
		}
		const media = sandbox.store.usableMedia(request.apiKey, mid);
		return sendMedia(sandbox, reply, media, 'application/octet-stream');
	});

	/** Download by ID (4.6): the file, its type in Content-Type. */
	app.post('/downloadMedia/:mediaId', async (request, reply) => {
		const media = mediaOfNumber(
			sandbox,
			request,
			param(request, 'mediaId'),
			requiredQuery(request, 'phone_number_id'),
		);
		return sendMedia(sandbox, reply, media, media.mimeType);
	});
};

/** GET /{media_id}: the media URL retrieval the spec references (4.6 rule 3), as the platform answers it. */
export function mediaUrlInfo(sandbox: SandboxState, request: FastifyRequest, id: string): Json {
	const numberId = query(request, 'phone_number_id');
	const media =
		numberId === undefined
			? sandbox.store.usableMedia(request.apiKey, id)
			: mediaOfNumber(sandbox, request, id, numberId);
	const ext = extensionFor(media.mimeType);
	const issuedAt = sandbox.now();
	const hash = createHmac('sha256', URL_SECRET)
		.update(`${media.id}.${ext}.${issuedAt}.${randomBytes(8).toString('hex')}`)
		.digest('base64url');
	sandbox.store.mediaUrls.set(hash, { mid: media.id, ext, hash, issuedAt });
	const url = `${baseUrlOf(request)}/chat_business/attachments/?mid=${encodeURIComponent(media.id)}&ext=${ext}&hash=${hash}`;
	return {
		messaging_product: 'whatsapp',
		url,
		mime_type: media.mimeType,
		sha256: media.sha256,
		file_size: media.size,
		id: media.id,
	};
}

/** DELETE /{media_id}?phone_number_id (4.6): the ID is unusable everywhere afterwards. */
export function deleteMedia(sandbox: SandboxState, request: FastifyRequest, id: string): Json {
	const media = mediaOfNumber(sandbox, request, id, requiredQuery(request, 'phone_number_id'));
	media.deletedAt = sandbox.now();
	if (media.source.kind === 'bytes') media.source = { kind: 'bytes', data: Buffer.alloc(0) };
	return { success: true };
}

function mediaOfNumber(
	sandbox: SandboxState,
	request: FastifyRequest,
	id: string,
	phoneNumberId: string,
): Media {
	sandbox.store.number(request.apiKey, phoneNumberId);
	const media = sandbox.store.usableMedia(request.apiKey, id);
	if (media.phoneNumberId !== phoneNumberId)
		throw notFound('Media', `${id} for phone number ${phoneNumberId}`);
	return media;
}

function sendMedia(
	sandbox: SandboxState,
	reply: FastifyReply,
	media: Media,
	contentType: string,
): FastifyReply {
	reply.header('content-type', contentType);
	reply.header('content-length', String(media.size));
	const fileName = media.fileName ?? `${media.id}.${extensionFor(media.mimeType)}`;
	reply.header(
		'content-disposition',
		`attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`,
	);
	return reply.send(sandbox.files.openMedia(media));
}

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		spec: '4.6',
		route: '`GET /{media_id}?phone_number_id`',
		notes: 'media URL retrieval (the call 4.6 references)',
	},
	{
		spec: '4.6',
		route: '`GET /chat_business/attachments/?mid&ext&hash`',
		notes: 'the URL from the call above, 5 minutes',
	},
	{
		spec: '4.6',
		route: '`POST /downloadMedia/{media_id}?phone_number_id`',
		notes: 'the file, with its `Content-Type`',
	},
	{ spec: '4.6', route: '`DELETE /{media_id}?phone_number_id`' },
];
