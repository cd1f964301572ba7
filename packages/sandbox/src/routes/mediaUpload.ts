import { rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { ApiError, ErrorCode, invalid, refused } from '../errors';
import { param, type Endpoint, type SandboxPlugin } from '../http';
import { TooLargeError } from '../mediaFiles';
import type { Media } from '../model';
import { multipartBoundary, MultipartError, readMultipart } from '../multipart';
import {
	bareMimeType,
	describeBytes,
	kindOfMimeType,
	MEDIA_KIND_RULES,
	MEDIA_KINDS,
	UPLOAD_MEDIA_TYPES,
} from '../rules/mediaKinds';

/** The largest file any kind allows (a document's 100 MB): the limit while the kind is unknown. */
const LARGEST_KIND = Math.max(...MEDIA_KINDS.map((kind) => MEDIA_KIND_RULES[kind].maxBytes));

/**
 * Media upload, as the Cloud API: POST /{phone_number_id}/media, multipart/form-data with the
 * fields `messaging_product` ("whatsapp") and `type` (the MIME type) and the part `file`.
 * Answers `{id}`; the file is streamed to disk as it arrives, never held in memory.
 */
export const mediaUploadRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.post('/:id/media', async (request) => {
		const body = request.body;
		const drain = () => body instanceof Readable && body.resume();
		let number;
		try {
			number = sandbox.store.number(request.apiKey, param(request, 'id'));
		} catch (error) {
			drain();
			throw error;
		}
		const boundary = multipartBoundary(request.headers['content-type']);
		if (!(body instanceof Readable) || boundary === undefined) {
			drain();
			throw invalid(
				'Content-Type',
				'must be multipart/form-data with a boundary: the fields messaging_product and type, and the file part "file"',
			);
		}

		const fields = new Map<string, string>();
		let saved: { path: string; size: number; sha256: string } | undefined;
		let fileName: string | undefined;
		let tooLarge: number | undefined;
		let fileParts = 0;
		try {
			for await (const part of readMultipart(body as AsyncIterable<Buffer>, boundary)) {
				if (part.kind === 'field') {
					if (!fields.has(part.name)) fields.set(part.name, part.value);
					continue;
				}
				// one file, in the part "file"; any other part is read past unread
				if (part.name !== 'file' || (fileParts += 1) > 1) continue;
				fileName = part.fileName;
				const declared = fields.get('type');
				const kind = declared === undefined ? undefined : kindOfMimeType(declared);
				if (declared !== undefined && kind === undefined) continue; // refused below
				const limit = Math.min(
					kind === undefined ? LARGEST_KIND : MEDIA_KIND_RULES[kind].maxBytes,
					sandbox.config.maxMediaBytes,
				);
				try {
					saved = await sandbox.files.save(part.stream, limit);
				} catch (error) {
					if (!(error instanceof TooLargeError)) throw error;
					tooLarge = error.maxBytes;
				}
			}
		} catch (error) {
			if (saved) rmSync(saved.path, { force: true });
			if (error instanceof MultipartError)
				throw invalid('body', `is not valid multipart/form-data: ${error.message}`);
			throw error;
		}

		try {
			const media = checkedUpload(fields, fileParts, saved, tooLarge, sandbox.config.maxMediaBytes);
			const stored: Media = {
				id: sandbox.store.newId('media'),
				apiKey: request.apiKey,
				phoneNumberId: number.phone_number_id,
				mimeType: media.mimeType,
				size: media.size,
				sha256: media.sha256,
				fileName,
				source: { kind: 'file', path: media.path },
			};
			sandbox.store.media.set(stored.id, stored);
			return { id: stored.id };
		} catch (error) {
			if (saved) rmSync(saved.path, { force: true });
			throw error;
		}
	});
};

/** The refusals of an upload, in the order the Cloud API checks: fields, then type, then size. */
function checkedUpload(
	fields: Map<string, string>,
	fileParts: number,
	saved: { path: string; size: number; sha256: string } | undefined,
	tooLarge: number | undefined,
	maxMediaBytes: number,
): { path: string; size: number; sha256: string; mimeType: string } {
	const product = fields.get('messaging_product');
	if (product === undefined || product === '')
		throw invalid('messaging_product', 'is a required form field ("whatsapp")');
	if (product !== 'whatsapp')
		throw invalid('messaging_product', `must be "whatsapp" (got ${JSON.stringify(product)})`);
	if (fileParts === 0)
		throw invalid(
			'file',
			fields.has('file')
				? 'must be a file part (with a filename and its Content-Type), not a text field'
				: 'is required: the file, as the form part "file"',
		);
	const type = fields.get('type');
	if (type === undefined || type === '')
		throw invalid('type', 'is a required form field: the MIME type of the file');
	const mimeType = bareMimeType(type);
	const kind = kindOfMimeType(mimeType);
	if (kind === undefined)
		throw refused(
			ErrorCode.mediaUpload,
			`Media upload error: ${JSON.stringify(type)} is not a supported media type (accepted: ${UPLOAD_MEDIA_TYPES.join(', ')})`,
			'type',
		);
	const limit = Math.min(MEDIA_KIND_RULES[kind].maxBytes, maxMediaBytes);
	if (tooLarge !== undefined || (saved !== undefined && saved.size > limit))
		throw refused(
			ErrorCode.mediaUpload,
			`Media upload error: the file is too large: ${kind} files are limited to ${describeBytes(limit)}${limit < MEDIA_KIND_RULES[kind].maxBytes ? " (this sandbox's maxMediaBytes)" : ''}`,
			'file',
		);
	if (saved === undefined)
		throw new ApiError(500, ErrorCode.serverError, 'the upload was not stored', 'ServerError');
	if (saved.size === 0)
		throw refused(ErrorCode.mediaUpload, 'Media upload error: the file is empty', 'file');
	return { ...saved, mimeType };
}

/** Its rows of the README's endpoint table (generated: `npm run docs:operations`). */
export const endpoints: Endpoint[] = [
	{
		spec: '4.6',
		route: '`POST /{phone_number_id}/media`',
		notes: 'multipart/form-data upload, answers `{id}` ([below](#conversations))',
	},
];
