import { answers, closed, fileAnswer, int, str, strings, type Schema } from './common';

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
