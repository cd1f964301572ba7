import { businessAccountAnswer, businessAccountQuery } from './account';
import { answers, idParams, strings, success } from './common';
import { mediaUrlAnswer } from './media';
import { editTemplateBody, templateAnswer } from './templates';
import { uploadAnswer } from './uploads';

/** The routes on a bare ID, shared between kinds of object (routes/dispatch.ts). */
const params = idParams('A business account, template or media ID; `upload:<session>` to upload');

export const getByIdSchema = {
	summary: 'A business account (4.7), a template (4.3) or a media download URL (4.6)',
	params,
	querystring: strings({
		...businessAccountQuery,
		phone_number_id: 'For a media ID: the number that sent or received it',
	}),
	response: answers({ anyOf: [businessAccountAnswer, templateAnswer, mediaUrlAnswer] }),
};

export const postByIdSchema = {
	summary: 'Edit a template (4.3), or upload the sample bytes to `upload:<session>` (4.5)',
	params,
	querystring: strings({ sig: 'For an upload: the sig of the session' }),
	body: {
		content: {
			'application/json': { schema: editTemplateBody },
			'application/octet-stream': {
				schema: { description: 'The sample file, exactly file_length bytes' },
			},
		},
	},
	response: answers({ anyOf: [success, uploadAnswer] }),
};

export const deleteByIdSchema = {
	summary: 'Delete a media file; its ID is unusable everywhere afterwards (4.6)',
	params,
	querystring: strings({ phone_number_id: 'The number that sent or received it' }, [
		'phone_number_id',
	]),
	response: answers(success),
};
