import { NodeOperationError } from 'n8n-workflow';
import { requestJson, type Context, type RequestContext } from '../transport';

/** A session id as step 1 returns it: `upload:<session_id>?sig=<sig>` (4.5 rule 1). */
const SESSION_ID = /^upload:[^/?#\s]+\?sig=[^&#\s]+$/;

/**
 * Both steps of the resumable upload (4.5, the sample upload; Meta's Resumable Upload API, which
 * also takes a profile photo): the file's bytes in, the handle `h` out.
 */
export async function resumableUpload(
	this: Context,
	file: { bytes: Buffer; type: string },
	request: RequestContext = {},
): Promise<string> {
	const session = await requestJson<{ id?: string }>(
		this,
		{
			method: 'POST',
			path: '/app/uploads',
			qs: { file_length: file.bytes.length, file_type: file.type },
		},
		request,
	);
	const sessionId = String(session.id ?? '');
	if (!SESSION_ID.test(sessionId)) {
		throw new NodeOperationError(
			this.getNode(),
			`The API returned an upload session id of an unexpected form: "${sessionId}"`,
			{ itemIndex: request.itemIndex },
		);
	}
	// The session id is the path, appended to the base URL exactly as returned.
	const uploaded = await requestJson<{ h?: string }>(
		this,
		{
			method: 'POST',
			path: `/${sessionId}`,
			raw: {
				contentType: 'application/octet-stream',
				length: file.bytes.length,
				open: async () => file.bytes,
			},
		},
		request,
	);
	// The handle goes into a template create or a profile update: a missing one stops here.
	if (typeof uploaded.h !== 'string' || uploaded.h.trim() === '')
		throw new NodeOperationError(
			this.getNode(),
			'The API answered the upload without a handle (h), so the file cannot be used',
			{ itemIndex: request.itemIndex },
		);
	return uploaded.h;
}
