import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';
import { fileHead, type InputFile } from '../../../common/binary';
import type { ItemContext } from '../../../common/context';
import { mediaContent } from '../../../common/messages/contents';
import { mediaSourceFields } from '../../../common/fields/media';
import { mediaReference } from '../../../common/messages/mediaSource';
import { limitedText } from '../../../common/parameters';
import {
	CAPTIONED,
	LIMITS,
	MEDIA_KINDS,
	type MediaKind,
} from '../../../common/rules/messageLimits';
import {
	isOggOpus,
	VOICE_NOTE_HEAD_BYTES,
	VOICE_NOTE_PLAYABLE_BYTES,
} from '../../../common/rules/voiceNote';
import { chatMessageSend, type ChatMessage } from './chatMessageSend';
import type { ChatAddress } from './chatSend';

const MEDIA = {
	source: 'fileSource',
	binaryProperty: 'binaryPropertyName',
	link: 'link',
	mediaId: 'mediaId',
};

const fields: INodeProperties[] = [
	{
		displayName: 'Media Type',
		name: 'mediaType',
		type: 'options',
		default: 'image',
		options: (Object.keys(MEDIA_KINDS) as MediaKind[]).sort().map((kind) => ({
			name: kind[0].toUpperCase() + kind.slice(1),
			value: kind,
			description: `${MEDIA_KINDS[kind].types.join(', ')}; up to ${kind === 'sticker' ? '500 KB' : `${MEDIA_KINDS[kind].maxBytes / 1024 / 1024} MB`}`,
		})),
	},
	{
		displayName: 'Voice Note',
		name: 'voiceNote',
		type: 'boolean',
		default: false,
		displayOptions: { show: { mediaType: ['audio'] } },
		description: `Whether to send it as a voice note: it plays in the chat with your profile picture and may be transcribed. The file must be OGG with the Opus codec; up to ${VOICE_NOTE_PLAYABLE_BYTES / 1024} KB it shows a play button, larger files a download icon.`,
	},
	...mediaSourceFields(MEDIA),
	{
		displayName: 'Caption',
		name: 'caption',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		displayOptions: { show: { mediaType: CAPTIONED } },
		description: `A text under the file, up to ${LIMITS.caption} characters (optional)`,
	},
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		displayOptions: { show: { mediaType: ['document'] } },
		placeholder: 'e.g. invoice-1001.pdf',
		description: 'The name the customer sees; empty takes the input file’s name (optional)',
	},
];

export const { description, sideEffects, idempotencyKey, execute } = chatMessageSend({
	operation: 'sendMedia',
	fields,
	message: mediaMessage,
});

/**
 * An image, video, audio file, document or sticker (the Cloud API's media messages), from an
 * input binary (uploaded in the same step), a link or a media ID.
 */
async function mediaMessage(
	this: IExecuteFunctions,
	item: ItemContext,
	address: ChatAddress,
): Promise<ChatMessage> {
	const node = this.getNode();
	const { itemIndex } = item;
	const kind = String(this.getNodeParameter('mediaType', itemIndex, 'image')) as MediaKind;
	if (!(kind in MEDIA_KINDS))
		throw new NodeOperationError(
			node,
			`Media Type "${kind}" is not one of ${Object.keys(MEDIA_KINDS).join(', ')}`,
			{ itemIndex },
		);
	const caption = CAPTIONED.includes(kind)
		? limitedText(
				node,
				'Caption',
				this.getNodeParameter('caption', itemIndex, ''),
				LIMITS.caption,
				itemIndex,
			)
		: '';
	let fileName =
		kind === 'document' ? String(this.getNodeParameter('fileName', itemIndex, '')).trim() : '';
	const voice = kind === 'audio' && this.getNodeParameter('voiceNote', itemIndex, false) === true;
	const { media, upload } = await mediaReference.call(
		this,
		item,
		MEDIA,
		kind,
		address.sender,
		voice ? async (file) => await checkVoiceNote(this, file, itemIndex) : undefined,
	);
	// A document keeps the name of the file it was uploaded from, unless another is given.
	if (kind === 'document' && !fileName && upload) fileName = upload.record.fileName;
	const content = mediaContent(kind, media, { caption, fileName, voice });
	return { content, upload };
}

/**
 * A voice note's file, before it is uploaded: OGG with the Opus codec, as Meta's page requires. A
 * link or a media ID is the platform's to check (its bytes are not in the workflow).
 */
async function checkVoiceNote(
	context: IExecuteFunctions,
	file: InputFile,
	itemIndex: number,
): Promise<void> {
	if (file.mimeType === 'audio/ogg' && isOggOpus(await fileHead(file, VOICE_NOTE_HEAD_BYTES)))
		return;
	throw new NodeOperationError(
		context.getNode(),
		`Voice Note is on, but the file "${file.fileName}" (${file.mimeType || 'of unknown type'}) is not OGG with the Opus codec, which a voice note must be`,
		{
			itemIndex,
			description:
				'Convert the recording to OGG/Opus first (for example with ffmpeg: -c:a libopus), or turn Voice Note off to send it as an audio file.',
		},
	);
}
