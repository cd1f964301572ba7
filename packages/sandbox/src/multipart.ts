import { Readable } from 'node:stream';

/**
 * A streaming reader of multipart/form-data (RFC 7578) request bodies: fields are read whole
 * (they are small), a file part is handed on as a stream that reads the request as it is
 * consumed, so a 100 MB upload never sits in memory.
 *
 *   for await (const part of readMultipart(body, boundary)) {
 *     if (part.kind === 'field') ... part.value
 *     else await save(part.stream)   // consume (or leave) it before asking for the next part
 *   }
 *
 * A file part's stream left unread (or destroyed half-read) is skipped to its end.
 */

export type MultipartPart =
	| { kind: 'field'; name: string; value: string }
	| {
			kind: 'file';
			name: string;
			fileName?: string;
			contentType?: string;
			stream: Readable;
	  };

/** A malformed body: the message says what is wrong with it. */
export class MultipartError extends Error {}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or undefined when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
	if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType.trim())) return undefined;
	const match = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
	const boundary = match?.[1] ?? match?.[2];
	return boundary && boundary.length <= 70 ? boundary : undefined;
}

/** Reads the parts of a multipart/form-data body in order (see above). */
export async function* readMultipart(
	body: AsyncIterable<Buffer>,
	boundary: string,
): AsyncGenerator<MultipartPart> {
	const source = body[Symbol.asyncIterator]();
	try {
		yield* parts(new ChunkReader(source), boundary);
	} catch (error) {
		// A malformed body is still read to its end: a refusal sent while the client is still
		// sending would leave the kept-alive connection with unread bytes.
		try {
			while (!(await source.next()).done);
		} catch {
			// the client went away
		}
		throw error;
	}
}

async function* parts(reader: ChunkReader, boundary: string): AsyncGenerator<MultipartPart> {
	// The body starts with "--boundary" (after an optional preamble); every later delimiter is
	// "\r\n--boundary". Reading the preamble as if it followed a CRLF finds both the same way.
	reader.unshift(CRLF);
	const delimiter = Buffer.from(`\r\n--${boundary}`);
	await skip(reader.until(delimiter));
	if (!reader.found) throw new MultipartError(`the body has no boundary "--${boundary}"`);
	for (;;) {
		// after a delimiter: "--" ends the body, CRLF starts a part (transport padding ignored)
		const after = await reader.readLine(MAX_HEADER_BYTES);
		if (after === undefined) throw new MultipartError('the body ends without its closing boundary');
		if (after.startsWith('--')) return void (await skip(reader.rest())); // the epilogue
		if (after.trim() !== '') throw new MultipartError('unexpected text after a boundary');
		const headers = await reader.readHeaders();
		const disposition = headers.get('content-disposition') ?? '';
		const name = dispositionParam(disposition, 'name');
		if (!/^form-data\b/i.test(disposition) || name === undefined)
			throw new MultipartError('a part without Content-Disposition: form-data; name="…"');
		const fileName = dispositionParam(disposition, 'filename');
		const contentType = headers.get('content-type');
		const content = reader.until(delimiter);
		if (fileName === undefined && contentType === undefined) {
			let size = 0;
			const pieces: Buffer[] = [];
			for await (const piece of content) {
				size += piece.length;
				if (size > MAX_FIELD_BYTES)
					throw new MultipartError(`the field "${name}" is longer than ${MAX_FIELD_BYTES} bytes`);
				pieces.push(piece);
			}
			yield { kind: 'field', name, value: Buffer.concat(pieces).toString('utf8') };
		} else {
			const stream = Readable.from(content, { objectMode: false });
			yield { kind: 'file', name, fileName, contentType, stream };
			// whatever the consumer left of the part is read and dropped
			if (!stream.destroyed) stream.destroy();
			await skip(content);
		}
		if (!reader.found) throw new MultipartError('the body ends inside a part');
	}
}

async function skip(pieces: AsyncIterable<Buffer>): Promise<void> {
	for await (const piece of pieces) void piece;
}

function dispositionParam(disposition: string, key: string): string | undefined {
	const match = new RegExp(`;\\s*${key}\\*?=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(
		disposition,
	);
	if (!match) return undefined;
	if (match[1] !== undefined) return match[1].replace(/\\(.)/g, '$1');
	const raw = match[2];
	// RFC 5987 (filename*=UTF-8''name)
	const extended = /^([\w-]+)'[^']*'(.*)$/.exec(raw);
	if (extended) {
		try {
			return decodeURIComponent(extended[2]);
		} catch {
			return extended[2];
		}
	}
	return raw;
}

/**
 * The request body as a sequence of chunks with a small look-ahead buffer: never more than
 * one chunk and a delimiter's length are held.
 */
class ChunkReader {
	private buffer: Buffer = Buffer.alloc(0);
	private ended = false;
	/** Whether the last `until` stopped at its delimiter (false: the body ended first). */
	found = false;

	constructor(private readonly source: AsyncIterator<Buffer>) {}

	unshift(data: Buffer): void {
		this.buffer = Buffer.concat([data, this.buffer]);
	}

	private async fill(): Promise<boolean> {
		if (this.ended) return false;
		const next = await this.source.next();
		if (next.done) {
			this.ended = true;
			return false;
		}
		const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
		this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
		return true;
	}

	/**
	 * The bytes up to `delimiter` (which is consumed), in pieces as they arrive. Stops at the end
	 * of the body too; `found` tells which. Abandoned half-way, the next call goes on from where
	 * it stopped: call it again (or iterate the same generator) to skip the rest.
	 */
	until(delimiter: Buffer): AsyncIterableIterator<Buffer> {
		const scan = this.scan(delimiter);
		// A consumer that stops early (a `for await` left, a destroyed stream) calls return(): that
		// must not end the scan, the rest of the part is still to be skipped. So it only pauses.
		return {
			next: () => scan.next(),
			return: async () => ({ done: true, value: undefined }),
			[Symbol.asyncIterator]() {
				return this;
			},
		};
	}

	private async *scan(delimiter: Buffer): AsyncGenerator<Buffer> {
		this.found = false;
		for (;;) {
			const at = this.buffer.indexOf(delimiter);
			if (at >= 0) {
				const piece = this.buffer.subarray(0, at);
				this.buffer = this.buffer.subarray(at + delimiter.length);
				this.found = true;
				if (piece.length > 0) yield piece;
				return;
			}
			// keep what could be the start of a delimiter split between two chunks
			const safe = this.buffer.length - (delimiter.length - 1);
			if (safe > 0) {
				const piece = this.buffer.subarray(0, safe);
				this.buffer = this.buffer.subarray(safe);
				yield piece;
			}
			if (!(await this.fill())) {
				if (this.buffer.length > 0) {
					const piece = this.buffer;
					this.buffer = Buffer.alloc(0);
					yield piece;
				}
				return;
			}
		}
	}

	/** One line (without its CRLF), or undefined when the body ends first. */
	async readLine(maxBytes: number): Promise<string | undefined> {
		for (;;) {
			const at = this.buffer.indexOf(CRLF);
			if (at >= 0) {
				const line = this.buffer.subarray(0, at).toString('latin1');
				this.buffer = this.buffer.subarray(at + 2);
				return line;
			}
			if (this.buffer.length > maxBytes) throw new MultipartError('a line is too long');
			if (!(await this.fill())) {
				if (this.buffer.length === 0) return undefined;
				const line = this.buffer.toString('latin1');
				this.buffer = Buffer.alloc(0);
				return line;
			}
		}
	}

	/** A part's headers, names in lower case (the blank line that ends them consumed). */
	async readHeaders(): Promise<Map<string, string>> {
		for (;;) {
			const at = this.buffer.indexOf(HEADER_END);
			const blank = this.buffer.subarray(0, 2).equals(CRLF);
			if (blank || at >= 0) {
				const end = blank ? 0 : at;
				const text = this.buffer.subarray(0, end).toString('utf8');
				this.buffer = this.buffer.subarray(end + (blank ? 2 : 4));
				const headers = new Map<string, string>();
				for (const line of text.split('\r\n')) {
					const colon = line.indexOf(':');
					if (colon > 0)
						headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
				}
				return headers;
			}
			if (this.buffer.length > MAX_HEADER_BYTES)
				throw new MultipartError(`a part's headers are longer than ${MAX_HEADER_BYTES} bytes`);
			if (!(await this.fill())) throw new MultipartError("the body ends inside a part's headers");
		}
	}

	/** Everything left, dropped by the caller. */
	async *rest(): AsyncGenerator<Buffer> {
		if (this.buffer.length > 0) yield this.buffer;
		this.buffer = Buffer.alloc(0);
		while (await this.fill()) {
			yield this.buffer;
			this.buffer = Buffer.alloc(0);
		}
	}
}
