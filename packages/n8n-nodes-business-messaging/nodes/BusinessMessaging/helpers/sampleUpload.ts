import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';
import { apiRequest, type RequestContext } from '../transport';

/** Sample types the upload takes (spec 4.5). */
export const SAMPLE_TYPES = [
	'image/jpeg',
	'image/png',
	'video/mp4',
	'video/3gpp',
	'application/pdf',
];
const SESSION_ID = /^upload:[^/?#\s]+\?sig=[^&#\s]+$/;

export interface UploadedSample {
	h: string;
	file_type: string;
	file_length: number;
	file_name?: string;
}

/**
 * Both steps of 4.5 for the binary in `binaryProperty` of the item: open a session with the
 * file's type and length, then send the bytes to the session id exactly as returned.
 */
export async function uploadSample(
	this: IExecuteFunctions,
	itemIndex: number,
	binaryProperty: string,
	context: RequestContext,
): Promise<UploadedSample> {
	const node = this.getNode();
	const binary = this.helpers.assertBinaryData(itemIndex, binaryProperty);
	const fileType = (binary.mimeType ?? '').split(';')[0].trim().toLowerCase();
	if (!SAMPLE_TYPES.includes(fileType)) {
		throw new NodeOperationError(
			node,
			`The file in "${binaryProperty}" is ${fileType || 'of unknown type'}; a template sample must be ${SAMPLE_TYPES.join(', ')}`,
			{ itemIndex },
		);
	}
	const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, binaryProperty);
	if (bytes.length === 0)
		throw new NodeOperationError(node, `The file in "${binaryProperty}" is empty`, { itemIndex });
	const session = await apiRequest.call(
		this,
		{
			method: 'POST',
			path: '/app/uploads',
			qs: { file_length: bytes.length, file_type: fileType },
		},
		context,
	);
	const sessionId = String(session.id ?? '');
	// Used exactly as returned, but only if it has the documented form: it becomes a path.
	if (!SESSION_ID.test(sessionId)) {
		throw new NodeOperationError(
			node,
			`The API returned an upload session id of an unexpected form: "${sessionId}"`,
			{ itemIndex },
		);
	}
	const uploaded = await apiRequest.call(
		this,
		{ method: 'POST', path: `/${sessionId}`, binary: bytes },
		context,
	);
	return {
		h: String(uploaded.h),
		file_type: fileType,
		file_length: bytes.length,
		...(binary.fileName ? { file_name: binary.fileName } : {}),
	};
}
