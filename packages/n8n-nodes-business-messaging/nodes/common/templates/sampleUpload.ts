import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';
import { resumableUpload } from '../api/uploads';
import type { ItemContext } from '../context';

/** Sample types the upload takes (spec 4.5). */
export const SAMPLE_TYPES = [
	'image/jpeg',
	'image/png',
	'video/mp4',
	'video/3gpp',
	'application/pdf',
];

export interface UploadedSample {
	/** The handle for a media header's example.header_handle. */
	h: string;
	fileName?: string;
	mimeType: string;
	fileSize: number;
}

/**
 * The file in the item's `binaryProperty`, checked (a sample type, not empty), then uploaded in
 * the two steps of 4.5. Returns the handle `h` for a media header's example.header_handle, or
 * for what `accept` names (a profile photo, of its own types).
 */
export async function uploadSample(
	this: IExecuteFunctions,
	item: ItemContext,
	binaryProperty: string,
	accept: { types: string[]; what: string } = { types: SAMPLE_TYPES, what: 'a template sample' },
): Promise<UploadedSample> {
	const node = this.getNode();
	const { itemIndex } = item;
	const binary = this.helpers.assertBinaryData(itemIndex, binaryProperty);
	const fileType = (binary.mimeType ?? '').split(';')[0].trim().toLowerCase();
	if (!accept.types.includes(fileType)) {
		throw new NodeOperationError(
			node,
			`The file in "${binaryProperty}" is ${fileType || 'of unknown type'}; ${accept.what} must be ${accept.types.join(', ')}`,
			{ itemIndex },
		);
	}
	const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, binaryProperty);
	if (bytes.length === 0)
		throw new NodeOperationError(node, `The file in "${binaryProperty}" is empty`, { itemIndex });
	const h = await resumableUpload.call(this, { bytes, type: fileType }, item.request);
	return {
		h,
		...(binary.fileName ? { fileName: binary.fileName } : {}),
		mimeType: fileType,
		fileSize: bytes.length,
	};
}
