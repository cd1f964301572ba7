/**
 * A voice note: an audio message with `voice: true` (Meta's page "Audio messages"). The page
 * requires an OGG file encoded with the Opus codec, and shows a play button only for a file of
 * 512 KB or less (a larger one shows a download icon). The audio size limit (16 MB) still holds.
 */
export const VOICE_NOTE_PLAYABLE_BYTES = 512 * 1024;

/** Enough of a file to see its first OGG page: the 27-byte header, its segment table, 8 bytes. */
export const VOICE_NOTE_HEAD_BYTES = 27 + 255 + 8;

/**
 * Whether `head`, a file's first bytes, starts an OGG stream (the capture pattern "OggS") whose
 * first packet is an Opus identification header ("OpusHead", RFC 7845 § 5.1).
 */
export function isOggOpus(head: Uint8Array): boolean {
	const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
	if (head.length < 27 || text(0, 4) !== 'OggS') return false;
	const firstPacket = 27 + head[26];
	return text(firstPacket, firstPacket + 8) === 'OpusHead';
}
