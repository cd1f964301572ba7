import { describeBytes, MEDIA_KIND_RULES, MEDIA_KINDS } from '../rules/mediaKinds';
import { answers, closed, fileAnswer, idParams, int, str, strings, type Schema } from './common';

export const downloadByUrlSchema = {
	summary: 'Download a file by the URL GET /{media_id} gave, unaltered and within 5 minutes (4.6)',
	querystring: strings(
		{ mid: 'The media ID', ext: 'The file extension', hash: 'The URL signature' },
		['mid', 'ext', 'hash'],
	),
	response: answers(fileAnswer),
};

export const downloadByIdSchema = {
	summary: 'Download a file by its ID (4.6)',
	params: strings({ mediaId: 'The media ID' }, ['mediaId']),
	querystring: strings({ phone_number_id: 'The number that sent or received it' }, [
		'phone_number_id',
	]),
	response: answers(fileAnswer),
};

/** GET /{media_id}: a download URL, valid 5 minutes, and what the file is. */
export const mediaUrlAnswer: Schema = closed(
	{
		messaging_product: { type: 'string', const: 'whatsapp' },
		url: str,
		mime_type: str,
		sha256: str,
		file_size: int,
		id: str,
	},
	['messaging_product', 'url', 'mime_type', 'sha256', 'file_size', 'id'],
);

export const uploadMediaSchema = {
	summary:
		'Upload a media file (Cloud API): multipart/form-data with messaging_product, type and the file part "file"; answers its media ID',
	params: idParams('The phone number ID the media belongs to'),
	body: {
		content: {
			'multipart/form-data': {
				schema: {
					description: `Fields messaging_product ("whatsapp") and type (the MIME type), and the part "file" (its filename and Content-Type). Types and limits: ${MEDIA_KINDS.map((kind) => `${kind} ${MEDIA_KIND_RULES[kind].types.join(', ')} (${describeBytes(MEDIA_KIND_RULES[kind].maxBytes)})`).join('; ')}`,
				},
			},
		},
	},
	response: answers(closed({ id: str }, ['id'])),
};
