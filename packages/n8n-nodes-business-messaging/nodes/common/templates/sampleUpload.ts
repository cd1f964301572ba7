import type { IExecuteFunctions } from 'n8n-workflow';
import type { ItemContext } from '../context';
import { uploadForHandle, type UploadedFile } from '../handleUpload';

/** Sample types the upload takes (spec 4.5). */
export const SAMPLE_TYPES = [
	'image/jpeg',
	'image/png',
	'video/mp4',
	'video/3gpp',
	'application/pdf',
];

/**
 * A template's sample: the file in the item's `binaryProperty`, uploaded for the handle that a
 * media header's example.header_handle takes.
 */
export async function uploadSample(
	this: IExecuteFunctions,
	item: ItemContext,
	binaryProperty: string,
): Promise<UploadedFile> {
	return await uploadForHandle.call(this, item, binaryProperty, {
		types: SAMPLE_TYPES,
		what: 'a template sample',
	});
}
