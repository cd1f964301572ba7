import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type IWebhookFunctions,
} from 'n8n-workflow';
import type { InputFile } from '../binary';
import {
	apiDownload,
	apiPath,
	multipartBody,
	requestJson,
	type Context,
	type Download,
	type RequestContext,
} from '../transport';

/** What a download's body becomes: n8n's binary item, built while the file streams in. */
export type KeepDownload = (download: Download) => Promise<INodeExecutionData>;

/** POST /downloadMedia/{media_id}?phone_number_id (4.6): the file, streamed to `keep`. */
export async function downloadMedia(
	this: IExecuteFunctions | IWebhookFunctions,
	media: { mediaId: string; phoneNumberId: string },
	request: RequestContext,
	keep: KeepDownload,
): Promise<INodeExecutionData> {
	return await apiDownload.call(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), 'downloadMedia', { 'Media ID': media.mediaId }),
			qs: { phone_number_id: media.phoneNumberId },
			// A download changes nothing: safe to repeat.
			idempotent: true,
		},
		request,
		keep,
	);
}

/** GET <media URL> (4.6): only a URL under the credential's base URL, exactly as returned. */
export async function downloadMediaUrl(
	this: IExecuteFunctions | IWebhookFunctions,
	url: string,
	request: RequestContext,
	keep: KeepDownload,
): Promise<INodeExecutionData> {
	return await apiDownload.call(this, { method: 'GET', path: '', url }, request, keep);
}

/** The media ID a media URL carries (its `mid`), known only once the transport checked the URL. */
export function mediaIdOfUrl(url: string): string {
	return new URL(url).searchParams.get('mid') ?? 'media';
}

/** DELETE /{media_id}?phone_number_id (4.6): the ID is unusable everywhere afterwards. */
export async function deleteMedia(
	this: Context,
	media: { mediaId: string; phoneNumberId: string },
	request: RequestContext = {},
): Promise<{ success?: boolean } & IDataObject> {
	return await requestJson<{ success?: boolean } & IDataObject>(
		this,
		{
			method: 'DELETE',
			path: apiPath(this.getNode(), { 'Media ID': media.mediaId }),
			qs: { phone_number_id: media.phoneNumberId },
		},
		request,
	);
}

/** What the API says of a media ID: where to download it (for 5 minutes), its type and size. */
export interface MediaInfo {
	mediaId: string;
	url?: string;
	mimeType?: string;
	sha256?: string;
	fileSize?: number;
}

/**
 * POST /{phone_number_id}/media (referenced in 4.6, shaped as the Cloud API's): the file as a
 * multipart form with `messaging_product` and its `type`; answers the new media ID.
 */
export async function uploadMedia(
	this: Context,
	upload: { phoneNumberId: string; file: InputFile },
	request: RequestContext = {},
): Promise<string> {
	const { file } = upload;
	const answer = await requestJson<{ id?: unknown }>(
		this,
		{
			method: 'POST',
			path: apiPath(this.getNode(), { 'Phone number ID': upload.phoneNumberId }, 'media'),
			raw: multipartBody(
				{ messaging_product: 'whatsapp', type: file.mimeType },
				{ field: 'file', ...file },
			),
			// Not repeated after an unclear failure: the file may have been stored, and a send follows.
			idempotent: false,
		},
		request,
	);
	// The ID goes into a send next: without it there is nothing to send.
	const id = typeof answer.id === 'number' ? String(answer.id) : answer.id;
	if (typeof id !== 'string' || id.trim() === '')
		throw new NodeOperationError(
			this.getNode(),
			'The API answered the upload without a media ID (id), so the file cannot be sent',
			{ itemIndex: request.itemIndex },
		);
	return id;
}

/** GET /{media_id} (referenced in 4.6 rule 3): the media URL and the file's details. */
export async function getMediaInfo(
	this: Context,
	media: { mediaId: string; phoneNumberId?: string },
	request: RequestContext = {},
): Promise<MediaInfo> {
	const answer = await requestJson<IDataObject>(
		this,
		{
			method: 'GET',
			path: apiPath(this.getNode(), { 'Media ID': media.mediaId }),
			qs: media.phoneNumberId ? { phone_number_id: media.phoneNumberId } : undefined,
		},
		request,
	);
	const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
	const size = Number(answer.file_size);
	return {
		mediaId: text(answer.id) ?? media.mediaId,
		url: text(answer.url),
		mimeType: text(answer.mime_type),
		sha256: text(answer.sha256),
		fileSize: answer.file_size === undefined || !Number.isFinite(size) ? undefined : size,
	};
}
