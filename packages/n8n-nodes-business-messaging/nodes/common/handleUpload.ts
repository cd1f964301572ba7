import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';
import { resumableUpload } from './api/uploads';
import type { ItemContext } from './context';

/** A file uploaded with the resumable upload (spec 4.5), and what the output says of it. */
export interface UploadedFile {
	/** The handle: a media header's example.header_handle, a profile photo's handle. */
	h: string;
	fileName?: string;
	mimeType: string;
	fileSize: number;
}

/**
 * The file in the item's `binaryProperty`, checked (one of `accept.types`, not empty), then
 * uploaded in the two steps of 4.5 for its handle `h`.
 */
export async function uploadForHandle(
	this: IExecuteFunctions,
	item: ItemContext,
	binaryProperty: string,
	accept: { types: string[]; what: string },
): Promise<UploadedFile> {
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
