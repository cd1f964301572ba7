import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';
import {
	apiDownload,
	apiPath,
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
