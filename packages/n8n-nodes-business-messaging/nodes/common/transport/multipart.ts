import { randomBytes } from 'node:crypto';
import type { RawBody, StreamBody } from './types';

/** The file of a multipart form: its name, type and bytes (a stream is never held whole). */
export interface FilePart {
	field: string;
	fileName: string;
	mimeType: string;
	/** The size in bytes when known, so that the form's Content-Length can be given. */
	size?: number;
	open(): Promise<Buffer | StreamBody>;
}

/**
 * A multipart/form-data body (RFC 7578) of text fields followed by one file. The file streams
 * between the form's head and tail, so a 100 MB document is never held in memory.
 */
export function multipartBody(fields: Record<string, string>, file: FilePart): RawBody {
	const boundary = `----BusinessMessaging${randomBytes(16).toString('hex')}`;
	const parts = Object.entries(fields).map(
		([name, value]) =>
			`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
	);
	const head = Buffer.from(
		`${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.fileName)}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
	);
	const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
	return {
		contentType: `multipart/form-data; boundary=${boundary}`,
		length: file.size === undefined ? undefined : head.length + file.size + tail.length,
		open: async () => {
			const content = await file.open();
			if (Buffer.isBuffer(content)) return Buffer.concat([head, content, tail]);
			return await framed(head, content, tail);
		},
	};
}

/** A name or file name inside quotes, escaped as browsers do (WHATWG multipart encoding). */
function quoted(text: string): string {
	return text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * The file's stream between the form's head and tail, as one stream. The package may not
 * import node:stream, so the stream is built by the file stream's own class (a Readable);
 * a stream without it is read whole, which only an unusual binary store would give.
 */
async function framed(
	head: Buffer,
	content: StreamBody,
	tail: Buffer,
): Promise<Buffer | StreamBody> {
	async function* chunks(): AsyncGenerator<Buffer> {
		yield head;
		for await (const chunk of content) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
		yield tail;
	}
	const streamClass = (content as { constructor?: { from?: unknown } }).constructor;
	if (typeof streamClass?.from === 'function')
		return (streamClass.from as (source: AsyncIterable<Buffer>) => StreamBody)(chunks());
	const whole: Buffer[] = [];
	for await (const chunk of chunks()) whole.push(chunk);
	return Buffer.concat(whole);
}
