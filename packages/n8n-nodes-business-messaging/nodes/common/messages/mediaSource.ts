import { NodeOperationError, type IExecuteFunctions, type INode } from 'n8n-workflow';
import { uploadMedia } from '../api/media';
import { inputFile, type InputFile } from '../binary';
import type { ItemContext } from '../context';
import { checkedId, webAddress } from '../parameters';
import { MEDIA_KINDS, sizeText, type MediaKind } from '../rules/messageLimits';
import type { MediaFieldNames } from '../fields/media';

/**
 * Where a file to send comes from (fields/media.ts, mediaSourceFields): an input binary, uploaded
 * first in the same step, a link the platform fetches, or the media ID of a file the platform
 * already holds. Read and checked here, for Send Media and the media headers.
 */

/** The file as a send carries it: `{ id }` or `{ link }`. */
export type MediaReference = { id: string } | { link: string };

/** A file uploaded from an input binary for this send (the output's `uploaded`). */
export interface UploadedMedia {
	mediaId: string;
	fileName: string;
	mimeType: string;
	fileSize: number;
}

/** An upload made for a send, and how to send that file again without uploading it twice. */
export interface Upload {
	record: UploadedMedia;
	/** Which field takes the media ID instead, e.g. "choose File Source › Media ID". */
	retry: string;
}

/**
 * The file of one item for a send of `kind`, checked before anything is sent: an input binary
 * of the kind's types and size is uploaded for `phoneNumberId` and sent by its new media ID.
 */
export async function mediaReference(
	this: IExecuteFunctions,
	item: ItemContext,
	names: MediaFieldNames,
	kind: MediaKind,
	phoneNumberId: string,
	/** A further check of an input binary's file before it is uploaded (a voice note's codec). */
	checkFile?: (file: InputFile) => Promise<void>,
): Promise<{ media: MediaReference; upload?: Upload }> {
	const node = this.getNode();
	const { itemIndex } = item;
	const label = names.label ? `${names.label} ` : '';
	const source = String(this.getNodeParameter(names.source, itemIndex, 'binary'));
	if (source === 'link') {
		const link = webAddress(
			node,
			`${label}Link`,
			this.getNodeParameter(names.link, itemIndex, ''),
			itemIndex,
		);
		return { media: { link } };
	}
	if (source === 'mediaId') {
		const raw = this.getNodeParameter(names.mediaId, itemIndex, '');
		return { media: { id: checkedId(node, `${label}Media ID`, raw, itemIndex) } };
	}
	const property = String(this.getNodeParameter(names.binaryProperty, itemIndex, 'data')).trim();
	const upload = await uploadChecked.call(this, item, {
		where: `${label}Input Binary Field "${property}"`,
		property,
		kind,
		phoneNumberId,
		retry: `choose ${label}File Source › Media ID`,
		checkFile,
	});
	return { media: { id: upload.record.mediaId }, upload };
}

/** The file of an input binary field, checked against what `kind` may be, then uploaded. */
export async function uploadChecked(
	this: IExecuteFunctions,
	item: ItemContext,
	file: {
		where: string;
		property: string;
		kind: MediaKind;
		phoneNumberId: string;
		retry: string;
		checkFile?: (file: InputFile) => Promise<void>;
	},
): Promise<Upload> {
	const input = await inputFile.call(this, item.itemIndex, file.property);
	checkMediaFile(this.getNode(), file.where, input, file.kind, item.itemIndex);
	await file.checkFile?.(input);
	const mediaId = await uploadMedia.call(
		this,
		{ phoneNumberId: file.phoneNumberId, file: input },
		item.request,
	);
	return {
		record: { mediaId, fileName: input.fileName, mimeType: input.mimeType, fileSize: input.size },
		retry: file.retry,
	};
}

/** A file checked against what `kind` may be: its types, not empty, its largest size. */
export function checkMediaFile(
	node: INode,
	where: string,
	file: InputFile,
	kind: MediaKind,
	itemIndex: number,
): void {
	const rule = MEDIA_KINDS[kind];
	if (!rule.types.includes(file.mimeType))
		throw new NodeOperationError(
			node,
			`${where} holds ${file.mimeType ? `a ${file.mimeType} file` : 'a file of unknown type'}; ${rule.label} must be ${rule.types.join(', ')}`,
			{ itemIndex },
		);
	if (file.size === 0)
		throw new NodeOperationError(node, `${where} holds an empty file`, { itemIndex });
	if (file.size > rule.maxBytes)
		throw new NodeOperationError(
			node,
			`${where} holds ${sizeText(file.size)} (${file.size} bytes); ${rule.label} may be at most ${sizeText(rule.maxBytes)} (${rule.maxBytes} bytes)`,
			{ itemIndex },
		);
}

/**
 * A send that failed after its file was uploaded says so, with the media ID: sending again by
 * that ID does not upload the file twice.
 */
export function noteUploaded(error: unknown, upload: Upload | undefined): unknown {
	if (!upload || !(error instanceof Error)) return error;
	const note = `The file was uploaded before the send failed: its media ID is ${upload.record.mediaId}. To try again without uploading it twice, ${upload.retry}.`;
	const described = error as Error & { description?: string | null };
	described.description = [described.description, note].filter(Boolean).join(' ');
	return error;
}
