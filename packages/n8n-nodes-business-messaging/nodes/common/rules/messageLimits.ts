/**
 * The platform's limits on the messages a business sends in a chat. The spec leaves message
 * types other than templates "not shown"; these are the WhatsApp Cloud API's, which the
 * platform follows. Lengths count UTF-16 code units, as JavaScript strings do.
 */
export const LIMITS = {
	textBody: 4096,
	caption: 1024,
	headerText: 60,
	footerText: 60,
	/** Body of reply-button and link-button messages; a list's body may hold a whole text. */
	interactiveBody: 1024,
	listBody: 4096,
	buttons: 3,
	buttonTitle: 20,
	buttonId: 256,
	listButton: 20,
	sections: 10,
	/** Rows of a list, counted over all its sections. */
	rows: 10,
	sectionTitle: 24,
	rowId: 200,
	rowTitle: 24,
	rowDescription: 72,
	linkButtonText: 20,
	/** Products of a product list (interactive `product_list`), counted over all its sections. */
	products: 30,
} as const;

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

const MB = 1024 * 1024;

/** What each kind of media may be: its file types and its largest size. */
export const MEDIA_KINDS: Record<MediaKind, { label: string; types: string[]; maxBytes: number }> =
	{
		image: { label: 'an image', types: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
		video: { label: 'a video', types: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB },
		audio: {
			label: 'an audio file',
			types: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
			maxBytes: 16 * MB,
		},
		document: {
			label: 'a document',
			types: [
				'application/pdf',
				'text/plain',
				'application/msword',
				'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
				'application/vnd.ms-excel',
				'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
				'application/vnd.ms-powerpoint',
				'application/vnd.openxmlformats-officedocument.presentationml.presentation',
			],
			maxBytes: 100 * MB,
		},
		// Animated stickers may be 500 KB; static ones 100 KB, which the platform checks itself.
		sticker: { label: 'a sticker', types: ['image/webp'], maxBytes: 500 * 1024 },
	};

/** The kinds that carry a caption, and the one that carries a file name. */
export const CAPTIONED: MediaKind[] = ['image', 'video', 'document'];

/** The media kind of a file type, for an upload that names no kind. */
export function mediaKindOf(mimeType: string): MediaKind | undefined {
	// A webp image can only be sent as a sticker.
	return (Object.keys(MEDIA_KINDS) as MediaKind[]).find((kind) =>
		MEDIA_KINDS[kind].types.includes(mimeType),
	);
}

/** A size as people read it: "5 MB", "500 KB", "6.2 MB". */
export function sizeText(bytes: number): string {
	if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
	if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
	return `${bytes} bytes`;
}
