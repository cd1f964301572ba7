import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';
import type { Download, StreamBody } from './transport';

const EXTENSIONS: Record<string, string> = {
	'application/pdf': 'pdf',
	'audio/aac': 'aac',
	'audio/mpeg': 'mp3',
	'audio/ogg': 'ogg',
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/webp': 'webp',
	'text/plain': 'txt',
	'video/3gpp': '3gp',
	'video/mp4': 'mp4',
};

/**
 * The file name from Content-Disposition, else `<id>.<extension of the type>`. Reduced to a base
 * name (safeFileName): a later node that writes the file must not be steered elsewhere.
 */
export function fileNameOf(headers: IDataObject, fallbackBase: string, mimeType: string): string {
	const fallback = `${fallbackBase}.${EXTENSIONS[mimeType] ?? 'bin'}`;
	const disposition = String(headers['content-disposition'] ?? '');
	const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
	if (star) {
		try {
			return safeFileName(decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))) ?? fallback;
		} catch {
			// fall through to the plain form
		}
	}
	const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
	return (plain && safeFileName(plain[1])) || fallback;
}

/** File names longer than this are cut (the common file system limit, in characters). */
const FILE_NAME_MAX = 255;

/**
 * A file name given by the API or a customer, as a base name: no folders (`../../x` is `x`), no
 * control characters, not `.` or `..`; undefined when nothing usable is left.
 */
export function safeFileName(name: unknown): string | undefined {
	if (typeof name !== 'string') return undefined;
	// eslint-disable-next-line no-control-regex
	const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
	if (base === '' || base === '.' || base === '..') return undefined;
	return base.slice(0, FILE_NAME_MAX);
}

/**
 * Streams a download into n8n's binary store (prepareBinaryData takes the stream as it comes,
 * so a 1 GiB file is never held whole) and returns the output item.
 */
export async function binaryItem(
	this: IExecuteFunctions | IWebhookFunctions,
	download: Download,
	options: { binaryProperty: string; fileBase: string; mimeType?: string; json: IDataObject },
): Promise<INodeExecutionData> {
	const mimeType =
		options.mimeType ??
		String(download.headers['content-type'] ?? 'application/octet-stream')
			.split(';')[0]
			.trim();
	const fileName = fileNameOf(download.headers, options.fileBase, mimeType);
	const binary = await this.helpers.prepareBinaryData(
		download.body as unknown as Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
		fileName,
		mimeType,
	);
	return {
		json: {
			...options.json,
			fileName,
			mimeType,
			...(download.headers['content-length']
				? { fileSize: Number(download.headers['content-length']) }
				: {}),
		},
		binary: { [options.binaryProperty]: binary },
	};
}

/** A file of an input item, ready to be sent: streamed from n8n's binary store when it is there. */
export interface InputFile {
	fileName: string;
	mimeType: string;
	size: number;
	open(): Promise<Buffer | StreamBody>;
}

/**
 * The file in the item's binary field `property`. A file in n8n's binary store (filesystem or
 * S3 mode) is streamed when sent, and opened afresh for each attempt; one held in the item
 * itself (memory mode) is already in memory.
 */
export async function inputFile(
	this: IExecuteFunctions,
	itemIndex: number,
	property: string,
): Promise<InputFile> {
	const binary = this.helpers.assertBinaryData(itemIndex, property);
	const mimeType = (binary.mimeType ?? '').split(';')[0].trim().toLowerCase();
	const extension = binary.fileExtension ?? EXTENSIONS[mimeType] ?? 'bin';
	const fileName = binary.fileName || `${property}.${extension}`;
	if (binary.id) {
		const id = binary.id;
		const { fileSize } = await this.helpers.getBinaryMetadata(id);
		// The size decides the checks and the Content-Length: without it, read the file to know it.
		if (!Number.isFinite(fileSize)) {
			const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, property);
			return { fileName, mimeType, size: bytes.length, open: async () => bytes };
		}
		return {
			fileName,
			mimeType,
			size: fileSize,
			open: async () => (await this.helpers.getBinaryStream(id)) as unknown as StreamBody,
		};
	}
	const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, property);
	return { fileName, mimeType, size: bytes.length, open: async () => bytes };
}

/** The first `length` bytes of a file (all of a shorter one), reading no more of a stream. */
export async function fileHead(file: InputFile, length: number): Promise<Buffer> {
	const body = await file.open();
	if (Buffer.isBuffer(body)) return body.subarray(0, length);
	const chunks: Buffer[] = [];
	let read = 0;
	// Leaving the loop early ends the stream: the rest of the file is never read.
	for await (const chunk of body) {
		chunks.push(chunk);
		read += chunk.length;
		if (read >= length) break;
	}
	return Buffer.concat(chunks).subarray(0, length);
}
