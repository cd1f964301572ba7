import { readSync, openSync, closeSync } from 'node:fs';
import { ErrorCode, refused } from '../errors';
import type { Media } from '../model';
import { bareMimeType } from './mediaKinds';

/**
 * A voice note: an audio message with `voice: true` (Meta's page "Audio messages"). The page
 * requires an OGG file encoded with the Opus codec and shows no error for another; this sandbox
 * reads "requires" strictly and refuses one by media ID with 131053, as for a media ID of the
 * wrong kind. A link's bytes are not fetched, so a link is taken.
 */
export function checkVoiceNote(media: Media, path: string): void {
	const type = bareMimeType(media.mimeType);
	const head = headOf(media);
	if (type === 'audio/ogg' && (head === undefined || isOggOpus(head))) return;
	const found = type === 'audio/ogg' ? 'an OGG file of another codec' : type;
	throw refused(
		ErrorCode.mediaUpload,
		`Media upload error: media ${media.id} is ${found}; a voice note (voice: true) must be an OGG file with the Opus codec`,
		path,
	);
}

/** Whether `head` starts an OGG stream ("OggS") whose first packet is "OpusHead" (RFC 7845). */
export function isOggOpus(head: Buffer): boolean {
	if (head.length < 27 || head.toString('latin1', 0, 4) !== 'OggS') return false;
	const firstPacket = 27 + head[26];
	return head.toString('latin1', firstPacket, firstPacket + 8) === 'OpusHead';
}

/** The first page's worth of a stored file's bytes; none for a generated demo file. */
function headOf(media: Media): Buffer | undefined {
	const length = 27 + 255 + 8;
	if (media.source.kind === 'bytes') return media.source.data.subarray(0, length);
	if (media.source.kind === 'synthetic') return undefined;
	const head = Buffer.alloc(length);
	const fd = openSync(media.source.path, 'r');
	try {
		return head.subarray(0, readSync(fd, head, 0, length, 0));
	} finally {
		closeSync(fd);
	}
}
