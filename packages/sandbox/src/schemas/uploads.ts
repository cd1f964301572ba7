import { SAMPLE_FILE_TYPES } from '../model';
import { answers, closed, str, strings, type Schema } from './common';

export const startUploadSchema = {
	summary: 'Step 1 of a sample upload: answers the session `upload:<id>?sig=<sig>` (4.5)',
	querystring: strings(
		{
			file_length: 'The file size in bytes, a whole number',
			file_type: `One of ${SAMPLE_FILE_TYPES.join(', ')}`,
		},
		['file_length', 'file_type'],
	),
	response: answers(closed({ id: { type: 'string', pattern: '^upload:' } }, ['id'])),
};

/** Step 2 (POST /upload:<id>?sig=<sig>, raw bytes): the handle for a media header example. */
export const uploadAnswer: Schema = closed({ h: str }, ['h']);
