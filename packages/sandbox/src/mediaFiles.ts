import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Media, MediaSource } from './model';

const BLOCK_SIZE = 64 * 1024;

/**
 * Where media bytes live. Uploaded files go to a temporary folder and are streamed back;
 * synthetic files (for 1 GiB tests) are generated on the fly from a seed. Neither is ever
 * held whole in memory.
 */
export class MediaFiles {
	private folder: string | undefined;
	private fileCounter = 0;

	/** The temporary folder, made when first needed: a sandbox that stores no file leaves none. */
	get dir(): string {
		this.folder ??= mkdtempSync(join(tmpdir(), 'bm-sandbox-media-'));
		return this.folder;
	}

	open(source: MediaSource, start = 0, end?: number): Readable {
		switch (source.kind) {
			case 'bytes':
				return Readable.from([
					source.data.subarray(start, end === undefined ? undefined : end + 1),
				]);
			case 'file':
				return createReadStream(source.path, { start, end });
			case 'synthetic':
				throw new Error('synthetic media needs its size: use openMedia');
		}
	}

	openMedia(media: Media): Readable {
		if (media.source.kind === 'synthetic') return syntheticStream(media.source.seed, media.size);
		return this.open(media.source);
	}

	/**
	 * Streams a request body to disk, hashing on the way, chunk by chunk as it arrives; refuses
	 * bodies over `maxBytes` (and then leaves no file behind).
	 */
	async save(
		body: Readable,
		maxBytes: number,
	): Promise<{ path: string; size: number; sha256: string }> {
		this.fileCounter += 1;
		const path = join(this.dir, `file-${this.fileCounter}`);
		const meter = new ByteMeter(maxBytes);
		try {
			await pipeline(body, meter, createWriteStream(path));
		} catch (error) {
			rmSync(path, { force: true }); // a refused or broken upload leaves no file behind
			throw error;
		}
		return { path, size: meter.size, sha256: meter.digest() };
	}

	close(): void {
		if (this.folder !== undefined) rmSync(this.folder, { recursive: true, force: true });
		this.folder = undefined;
	}
}

/** Counts and hashes what passes through; errors once more than `maxBytes` went by. */
export class ByteMeter extends Transform {
	size = 0;
	private readonly hash = createHash('sha256');

	constructor(private readonly maxBytes: number) {
		super();
	}

	override _transform(
		chunk: Buffer,
		_encoding: BufferEncoding,
		done: (error?: Error | null, data?: Buffer) => void,
	): void {
		this.size += chunk.length;
		if (this.size > this.maxBytes) return done(new TooLargeError(this.maxBytes));
		this.hash.update(chunk);
		done(null, chunk);
	}

	digest(): string {
		return this.hash.digest('hex');
	}
}

export class TooLargeError extends Error {
	constructor(readonly maxBytes: number) {
		super(`body is larger than ${maxBytes} bytes`);
	}
}

/** A deterministic 64 KiB block from a seed (xorshift32), repeated to `size` bytes. */
function syntheticBlock(seed: number): Buffer {
	const block = Buffer.alloc(BLOCK_SIZE);
	let x = seed >>> 0 || 0x9e3779b9;
	for (let i = 0; i < BLOCK_SIZE; i += 4) {
		x ^= x << 13;
		x >>>= 0;
		x ^= x >>> 17;
		x ^= x << 5;
		x >>>= 0;
		block.writeUInt32LE(x, i);
	}
	return block;
}

export function syntheticStream(seed: number, size: number): Readable {
	const block = syntheticBlock(seed);
	let sent = 0;
	return new Readable({
		read() {
			if (sent >= size) return void this.push(null);
			const length = Math.min(BLOCK_SIZE, size - sent);
			sent += length;
			this.push(length === BLOCK_SIZE ? block : block.subarray(0, length));
		},
	});
}

export function syntheticSha256(seed: number, size: number): string {
	const block = syntheticBlock(seed);
	const hash = createHash('sha256');
	let left = size;
	while (left > 0) {
		const length = Math.min(BLOCK_SIZE, left);
		hash.update(length === BLOCK_SIZE ? block : block.subarray(0, length));
		left -= length;
	}
	return hash.digest('hex');
}

export function sha256(data: Buffer): string {
	return createHash('sha256').update(data).digest('hex');
}

/** File extension for a MIME type, for media URLs and file names. */
export function extensionFor(mimeType: string): string {
	const known: Record<string, string> = {
		'image/jpeg': 'jpg',
		'image/png': 'png',
		'image/webp': 'webp',
		'video/mp4': 'mp4',
		'video/3gpp': '3gp',
		'audio/ogg': 'ogg',
		'audio/mpeg': 'mp3',
		'audio/aac': 'aac',
		'application/pdf': 'pdf',
		'text/plain': 'txt',
		'audio/mp4': 'm4a',
		'audio/amr': 'amr',
		'application/msword': 'doc',
		'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
		'application/vnd.ms-excel': 'xls',
		'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
		'application/vnd.ms-powerpoint': 'ppt',
		'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
	};
	return known[mimeType.split(';')[0].trim().toLowerCase()] ?? 'bin';
}
