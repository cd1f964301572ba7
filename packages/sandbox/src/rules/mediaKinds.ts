/**
 * The kinds of media the Cloud API sends and takes as uploads, with their MIME types and size
 * limits (Cloud API "Supported media types"). Uploads (POST /{phone_number_id}/media) and media
 * messages (image, video, audio, document, sticker) both follow them.
 */

export const MEDIA_KINDS = ['audio', 'document', 'image', 'sticker', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const MB = 1024 * 1024;

export const MEDIA_KIND_RULES: Record<MediaKind, { types: readonly string[]; maxBytes: number }> = {
	audio: {
		types: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
		maxBytes: 16 * MB,
	},
	document: {
		types: [
			'text/plain',
			'application/pdf',
			'application/msword',
			'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			'application/vnd.ms-excel',
			'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
			'application/vnd.ms-powerpoint',
			'application/vnd.openxmlformats-officedocument.presentationml.presentation',
		],
		maxBytes: 100 * MB,
	},
	image: { types: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
	// The Cloud API allows 100 KB for a static sticker and 500 KB for an animated one.
	sticker: { types: ['image/webp'], maxBytes: 500 * 1024 },
	video: { types: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB },
};

/** Every MIME type an upload accepts. */
export const UPLOAD_MEDIA_TYPES: readonly string[] = MEDIA_KINDS.flatMap(
	(kind) => MEDIA_KIND_RULES[kind].types,
);

/** The bare MIME type (no parameters), lower case. */
export function bareMimeType(value: string): string {
	return value.split(';')[0].trim().toLowerCase();
}

/** The kind of media a MIME type is, if the Cloud API takes it. */
export function kindOfMimeType(mimeType: string): MediaKind | undefined {
	const bare = bareMimeType(mimeType);
	return MEDIA_KINDS.find((kind) => MEDIA_KIND_RULES[kind].types.includes(bare));
}

/** Whether a stored file's type fits a media message of this kind (an image/webp is a sticker). */
export function fitsKind(mimeType: string, kind: MediaKind): boolean {
	return MEDIA_KIND_RULES[kind].types.includes(bareMimeType(mimeType));
}

/** "16 MB", "500 KB": a limit as the Cloud API documents it. */
export function describeBytes(bytes: number): string {
	if (bytes % MB === 0) return `${bytes / MB} MB`;
	if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
	return `${bytes} bytes`;
}
