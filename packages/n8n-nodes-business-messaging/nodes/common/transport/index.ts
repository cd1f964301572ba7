/*
 * The transport: the only code that does HTTP. Every request goes through n8n's
 * httpRequestWithAuthentication (which adds the apikey header), to the credential's base URL.
 * The API layer (../api) calls it; nothing else does.
 */
export { apiDownload } from './download';
export { multipartBody, type FilePart } from './multipart';
export { nextCursor, requestAllPages } from './paging';
export { apiRequest, requestJson } from './request';
export {
	CREDENTIAL_TYPE,
	DEFAULT_RETRY,
	type ApiRequest,
	type Context,
	type Download,
	type Page,
	type RawBody,
	type StreamBody,
	type RequestContext,
	type RetrySettings,
} from './types';
export { apiPath, baseUrl } from './urls';
